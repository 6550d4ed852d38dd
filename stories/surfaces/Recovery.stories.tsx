import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../../src/components/Conversation';
import { ToolCall } from '../../src/components/ToolCall';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import { Cell, Matrix } from '../support/Cell';
import { STORY_NOW, storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };
const tool = { ...t, stepId: 's1', toolCallId: 'tc-1' };

/** A runtime that answers and can run a failed tool call again. */
const runtime: RuntimeProviderAdapter = {
  startTurn: async function* () {},
  cancelTurn: async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  respondAction: async () => ({ type: 'runtime.warning', eventId: 'r', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  readThread: async () => ({ threadId: 'thread-1', status: 'idle', turns: [] }),
  retryToolCall: async () => ({ type: 'runtime.warning', eventId: 'x', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
};
/** The same runtime without a way to run a call again. */
const { retryToolCall: _cannotRetry, ...noRetry } = runtime;

function timedOut() {
  const e = storyEvents();
  return [
    e('turn.started', t),
    e('tool.started', tool, { toolName: 'run_tests', safeArgs: { command: 'npm test' } }),
    e('tool.failed', tool, { failureCategory: 'timeout', retryable: true, recoveryHint: 'Run the tests again; the runner was busy.', message: 'tests timed out after 30 s', durationMs: 30_000 }),
  ];
}

function failedTurn() {
  const e = storyEvents();
  return [
    e('turn.submitted', t, { text: 'Summarise the open issues.' }),
    e('turn.started', t),
    e('turn.failed', t, { failureCategory: 'model_error', retryable: true, message: 'The model provider returned an overload error.', recoveryHint: 'Send the message again in a minute.' }),
  ];
}

function quotaUsedUp() {
  const e = storyEvents();
  return [
    e('turn.submitted', t, { text: 'Refactor the store.' }),
    e('turn.started', t),
    e('quota.blocked', t, { message: 'The monthly quota of this workspace is used up.', resetsAt: '2026-06-09T15:00:00.000Z', upgradeUrl: 'https://example.com/billing/upgrade' }),
  ];
}

function quotaWithoutWaysOut() {
  const e = storyEvents();
  return [e('turn.submitted', t, { text: 'Refactor the store.' }), e('turn.started', t), e('quota.blocked', t, { message: 'The monthly quota of this workspace is used up.' })];
}

const meta = {
  title: 'Surfaces/Recovery',
  parameters: {
    docs: {
      description: {
        component:
          'Every way out the runtime offers, and none it does not: Retry on a failed call when the runtime can run it again, Try again on a failed turn it says can be retried, when a used-up quota resets and where to upgrade. Without those facts only the hint is shown.',
      },
    },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Recovery">
      <Cell caption="Tests timed out; the runtime can run them again: Retry" events={timedOut()} adapter={runtime}>
        <ToolCall toolCallId="tc-1" />
      </Cell>
      <Cell caption="The same failure from a runtime that cannot: the hint alone" events={timedOut()} adapter={noRetry}>
        <ToolCall toolCallId="tc-1" />
      </Cell>
      <Cell caption="A turn failed and can be retried: Try again" events={failedTurn()} adapter={runtime}>
        <div style={{ height: 260, display: 'flex' }}>
          <Conversation now={STORY_NOW} virtualize={false} />
        </div>
      </Cell>
      <Cell caption="Quota used up: when it resets, and the upgrade the runtime offers" events={quotaUsedUp()} adapter={runtime}>
        <div style={{ height: 260, display: 'flex' }}>
          <Conversation now={STORY_NOW} virtualize={false} />
        </div>
      </Cell>
      <Cell caption="Quota used up, no reset time or upgrade given: nothing offered" events={quotaWithoutWaysOut()} adapter={runtime}>
        <div style={{ height: 220, display: 'flex' }}>
          <Conversation now={STORY_NOW} virtualize={false} />
        </div>
      </Cell>
    </Matrix>
  ),
};
