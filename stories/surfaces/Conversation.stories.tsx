import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Conversation } from '../../src/components/Conversation';
import { Cell, Matrix } from '../support/Cell';
import { kitLoaded } from '../support/kitLoaded';
import { STORY_NOW, storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };
const tool = { ...t, stepId: 's1', toolCallId: 'tc-1' };

function streaming() {
  const ev = storyEvents();
  return [
    ev('turn.submitted', t, { text: 'Explain the store, with a code sample.' }),
    ev('turn.started', t),
    ev('reasoning.delta', t, { delta: 'The user wants the ingest path; show the batch API.' }),
    ev('model.delta', t, { delta: 'The store applies **one batch** per update:\n\n```ts\nstore.getState().ingest(events);\n' }),
  ];
}

/** The stream lost an event mid-answer: the view is stale and the answer is marked as possibly cut. */
function cut() {
  const ev = storyEvents();
  const events = [
    ev('turn.submitted', t, { text: 'Refactor the store.' }),
    ev('turn.started', t),
    ev('model.delta', t, { delta: 'Starting the refactor. First I will move the' }),
    ev('model.delta', t, { delta: ' reducers into one file per family' }),
    ev('model.delta', t, { delta: ', then update the tests.' }),
  ];
  // The second delta never arrives: the third waits behind the gap, never appended on top of it.
  return [...events.slice(0, 3), ...events.slice(4)];
}

function finished() {
  const ev = storyEvents();
  return [
    ev('turn.submitted', t, { text: 'Write the release notes.' }),
    ev('turn.started', t),
    ev('reasoning.delta', t, { delta: 'Read the changelog first.' }),
    ev('tool.started', tool, { toolName: 'read_file', safeArgs: { path: 'CHANGELOG.md' } }),
    ev('tool.result', { ...tool, artifactId: 'art-notes' }, { preview: '## 0.2.0', artifact: { kind: 'markdown', title: 'Release notes' }, durationMs: 20 }),
    ev('artifact.changed', { ...t, artifactId: 'art-notes' }, { status: 'ready', versionId: 'v1', preview: '## 0.2.0\n\n- Faster ingest: a backlog opens in slices.\n- Honest badges: a missing fact says what is missing.' }),
    ev('action.required', { ...t, actionId: 'a1' }, { prompt: 'Publish the notes?', severity: 'low' }),
    ev('action.resolved', { ...t, actionId: 'a1' }, { decision: 'approve' }),
    ev('model.delta', t, { delta: 'Notes are ready. See [the docs](https://example.com/docs) — ' }),
    ev('model.completed', t, { text: 'Notes are ready. See [the docs](https://example.com/docs) — and a blocked [link](javascript:alert(1)).\n\n1. faster ingest\n2. honest badges\n\n> Reviewed by the runtime.' }),
    ev('turn.completed', t),
  ];
}

const meta = {
  title: 'Surfaces/Conversation',
  component: Conversation,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'The virtualized message list: parts in event order (reasoning collapsed when done, tool rows, actions and artifact cards inline), answer text as sanitized markdown that tolerates unterminated syntax mid-stream. Sticks to the bottom while you are there; stays still while you read history or when older history is prepended; offers "Jump to latest".' } } },
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Conversation states">
      <Cell caption="Streaming: reasoning open, code still arriving" events={streaming()}>
        <div style={{ height: 360, display: 'flex' }}>
          <Conversation now={STORY_NOW} />
        </div>
      </Cell>
      <Cell caption="An event is missing: the answer may be incomplete" events={cut()}>
        <div style={{ height: 240, display: 'flex' }}>
          <Conversation now={STORY_NOW} />
        </div>
      </Cell>
      <Cell caption="Finished: a tool, an artifact, an approval and the answer" events={finished()}>
        <div style={{ height: 520, display: 'flex' }}>
          <Conversation now={STORY_NOW} />
        </div>
      </Cell>
      <Cell caption="No messages yet" events={[]}>
        <div style={{ height: 120, display: 'flex' }}>
          <Conversation />
        </div>
      </Cell>
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    // The rows mount once the virtualizer's code has arrived.
    await kitLoaded(canvasElement);
    const cell = canvasElement.querySelector('[data-state-name^="An event is missing"]')!;
    await expect(cell.querySelector('.aui-message__cut')?.textContent).toBe('Events are missing — text may be incomplete');
    // Only the answer that was streaming is marked.
    await expect(canvasElement.querySelectorAll('.aui-message__cut')).toHaveLength(1);
  },
};
