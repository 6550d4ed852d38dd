import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import { createRuntimeStore, type RuntimeStore } from '../../src/store/createRuntimeStore';
import { replaySource } from '../../src/stream/replaySource';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import { kitLoaded } from '../support/kitLoaded';
import { ConnectionLostScene, SendFailedScene } from '../support/recoveryScenes';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW, eventsOf, storeWith } from '../support/storyEvents';
import hitl from '../../fixtures/hitl-action.jsonl?raw';
import repair from '../../fixtures/stream-repair.jsonl?raw';
import repairSnapshot from '../../fixtures/stream-repair.snapshot.json';
import textBasic from '../../fixtures/text-basic.jsonl?raw';

/** The approval story's runtime: answers after a delay by emitting the recorded resolution. */
function approvalRuntime(store: RuntimeStore, respond: (input: unknown) => void): RuntimeProviderAdapter {
  const events = eventsOf(hitl) as { type: string; actionId?: string }[];
  return {
    startTurn: async function* () {},
    cancelTurn: async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
    readThread: async () => ({ threadId: 'thread-1', status: 'running', turns: [] }),
    respondAction: async (input) => {
      respond(input);
      await new Promise((r) => setTimeout(r, 600));
      const resolved = events.find((e) => e.type === 'action.resolved' && e.actionId === input.actionId)!;
      store.getState().ingest([resolved]);
      return resolved as never;
    },
  };
}

export function ApprovalScene({ onRespond }: { onRespond: (input: unknown) => void }) {
  const events = eventsOf(hitl);
  // Up to the approval card: the recorded resolution is what the runtime sends back.
  const store = useMemo(() => storeWith(events.slice(0, 5), false), []);
  const adapter = useMemo(() => approvalRuntime(store, onRespond), [store]);
  return (
    <StoryProvider store={store} adapter={adapter}>
      <div className="story-frame">
        <AgentWorkbench now={STORY_NOW} />
      </div>
    </StoryProvider>
  );
}

function RepairScene() {
  const store = useMemo(() => createRuntimeStore({ reorderWindow: 2 }), []);
  const adapter: RuntimeProviderAdapter = useMemo(
    () => ({
      startTurn: async function* () {},
      cancelTurn: async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
      respondAction: async () => ({ type: 'runtime.warning', eventId: 'r', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
      readThread: async () => {
        await new Promise((r) => setTimeout(r, 900));
        return repairSnapshot as never;
      },
    }),
    [],
  );
  const source = useMemo(() => replaySource(eventsOf(repair), { speed: 20 }), []);
  return (
    <StoryProvider store={store} adapter={adapter}>
      <StreamedWorkbench source={source} />
    </StoryProvider>
  );
}

function StreamedWorkbench({ source }: { source: ReturnType<typeof replaySource> }) {
  const stream = useRuntimeStream(source, { gapTimeoutMs: 300 });
  return (
    <div className="story-frame" data-stream-status={stream.status}>
      <AgentWorkbench now={STORY_NOW} />
    </div>
  );
}

function FinalTextScene() {
  const store = useMemo(() => createRuntimeStore(), []);
  const source = useMemo(() => replaySource(eventsOf(textBasic), { speed: 50 }), []);
  return (
    <StoryProvider store={store}>
      <StreamedWorkbench source={source} />
    </StoryProvider>
  );
}

interface ScenarioArgs {
  onRespond: (input: unknown) => void;
}

const meta = {
  // Stories that act as a person would and assert what the kit shows: tests, under Dev. The id stays for the tests.
  title: 'Dev/Scenarios',
  id: 'behaviour-scenarios',
  // A scene other stories render, not a story of its own.
  excludeStories: ['ApprovalScene'],
  tags: ['full-height'],
  args: { onRespond: fn() },
  parameters: { docs: { description: { component: 'Stories with play functions: they act as a person would and assert what the kit shows.' } } },
} satisfies Meta<ScenarioArgs>;
export default meta;
type Story = StoryObj<ScenarioArgs>;

/** Approving calls the adapter once and shows `responding` until the runtime's resolution arrives. */
export const ApproveAnAction: Story = {
  render: (args) => <ApprovalScene onRespond={args.onRespond} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await kitLoaded(canvasElement);
    const card = canvasElement.querySelector('.aui-action[data-action-status]') as HTMLElement;
    await expect(card.dataset.actionStatus).toBe('pending');
    const approve = within(card).getByRole('button', { name: 'Approve' });
    await userEvent.click(approve);
    await userEvent.click(approve);
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(card.dataset.actionStatus).toBe('responding');
    await expect(canvas.getByText('Sending your answer…')).toBeInTheDocument();
    await waitFor(() => expect(card.dataset.actionStatus).toBe('resolved'));
    await expect(card.textContent).toContain('Approved');
  },
};

/** A stream with a gap shows the stale badge at once, then recovers from the snapshot. */
export const StreamCutRecovers: Story = {
  render: () => <RepairScene />,
  play: async ({ canvasElement }) => {
    const status = () => canvasElement.querySelector('.aui-runtime-status') as HTMLElement;
    await waitFor(() => expect(status().querySelector('[data-fact="stale"]')).not.toBeNull());
    await waitFor(() => expect(status().querySelector('[data-fact="stale"]')).toBeNull());
    await waitFor(() => expect(status().dataset.status).toBe('completed'));
    await expect(canvasElement.querySelector('[data-role="assistant"] .aui-markdown')!.textContent).toBe(
      'The changelog lists three fixes, one feature and two doc changes in total.',
    );
  },
};

/** Streamed text is replaced by the final text, never appended to it. */
export const FinalTextDoesNotDuplicate: Story = {
  render: () => <FinalTextScene />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect((canvasElement.querySelector('.aui-runtime-status') as HTMLElement).dataset.status).toBe('completed'));
    const text = canvasElement.querySelector('[data-role="assistant"] .aui-markdown')!.textContent!;
    await expect(text).toBe('The kit is built with Vite in library mode and ships ESM with types.');
  },
};

/** A stream that gave up reconnects: Reconnect resumes it and the notice goes. */
export const ReconnectAfterConnectionLost: Story = {
  render: () => <ConnectionLostScene />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert.textContent).toContain('Connection lost: server unreachable after 5 attempts');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(canvasElement.querySelector('.aui-runtime-status__connection')).toBeNull());
  },
};

/** A send the runtime refused keeps the text; Send again delivers it and clears the field. */
export const SendAgainAfterAFailedSend: Story = {
  render: () => <SendFailedScene />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Message') as HTMLTextAreaElement;
    await userEvent.type(input, 'Summarise the diff{Enter}');
    const alert = await canvas.findByRole('alert');
    await expect(alert.textContent).toContain('Not sent: HTTP 501 Not Implemented');
    await expect(input.value).toBe('Summarise the diff');
    await userEvent.click(within(alert).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(input.value).toBe(''));
  },
};

