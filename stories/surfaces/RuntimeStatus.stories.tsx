import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import type { RuntimeEventSource, SourceHandlers } from '../../src/stream/types';
import { useRuntimeStore } from '../../src/hooks/useRuntimeContext';
import { RuntimeStatus } from '../../src/components/RuntimeStatus';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };

function states() {
  const base = (extra: (ev: ReturnType<typeof storyEvents>) => unknown[]) => {
    const ev = storyEvents();
    return [ev('turn.submitted', t, { text: 'Refactor the store' }), ...extra(ev)];
  };
  return {
    idle: [],
    'accepted (submitted)': base(() => []),
    routing: base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'routing', detail: 'choosing a model' }), ev('routing.single_candidate', t, { selectedModel: 'gpt-5.4', candidateCount: 1, decisionSource: 'explicit_default' })]),
    preparing: base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'preparing' })]),
    streaming: base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'streaming' }), ev('routing.decided', t, { selectedModel: 'gpt-5.4', candidateCount: 3, decisionSource: 'policy' })]),
    'waiting on action': base((ev) => [ev('turn.started', t), ev('action.required', { ...t, actionId: 'a' }, { prompt: 'Allow?' })]),
    blocked: base((ev) => [ev('turn.started', t), ev('quota.blocked', t, { message: 'monthly quota exhausted' })]),
    retrying: base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'retrying', detail: 'rate limited, retry in 2 s' })]),
    cancelled: base((ev) => [ev('turn.started', t), ev('turn.cancelled', t)]),
    failed: base((ev) => [ev('turn.started', t), ev('turn.failed', t, { failureCategory: 'tool_failed', retryable: true, recoveryHint: 'Fix the test and retry.' })]),
    completed: base((ev) => [ev('turn.started', t), ev('model.completed', t, { text: 'Done.' }), ev('turn.completed', t)]),
  };
}

const meta = {
  title: 'Surfaces/RuntimeStatus',
  component: RuntimeStatus,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'Stage, elapsed time (event time), model chip and typed failure; shown before the first text, outside the conversation. Compose your own from `RuntimeStatus.Root` and its parts.' } } },
} satisfies Meta<typeof RuntimeStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Every runtime status">
      {Object.entries(states()).map(([caption, events]) => (
        <Cell key={caption} caption={caption} events={events}>
          <RuntimeStatus />
        </Cell>
      ))}
    </Matrix>
  ),
};

export const Stale: Story = {
  render: () => {
    const ev = storyEvents();
    const events = [ev('turn.submitted', t), ev('turn.started', t), ev('run.status', t, { stage: 'streaming' })];
    return (
      <Matrix label="Stale">
        <Cell caption="stale (stream broken)" events={events}>
          <StaleStatus />
        </Cell>
      </Matrix>
    );
  },
};

function StaleStatus() {
  const store = useRuntimeStore();
  useEffect(() => store.getState().markStale('disconnected'), [store]);
  return <RuntimeStatus />;
}

/**
 * A stream whose server went away: the source gives up (`error`); Reconnect calls the published
 * `retry()`, which resumes the source, and this one comes back.
 */
function deadServer(): RuntimeEventSource {
  let handlers: SourceHandlers | undefined;
  return {
    start(h) {
      handlers = h;
      h.status?.('reconnecting', { error: 'connection refused' });
      h.status?.('error', { error: 'server unreachable after 5 attempts' });
    },
    close: () => undefined,
    cursor: () => undefined,
    resumeFrom: () => handlers?.status?.('open'),
  };
}

function LiveStatus() {
  const source = useMemo(deadServer, []);
  useRuntimeStream(source, { flush: 'sync', repair: false });
  return <RuntimeStatus />;
}

export const ConnectionLost: Story = {
  render: () => {
    const ev = storyEvents();
    const events = [ev('turn.submitted', t), ev('turn.started', t), ev('run.status', t, { stage: 'streaming' })];
    return (
      <Matrix label="Connection lost">
        <Cell caption="connection lost: the reason and Reconnect" events={events}>
          <LiveStatus />
        </Cell>
      </Matrix>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert.textContent).toContain('Connection lost: server unreachable after 5 attempts');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(canvasElement.querySelector('.aui-runtime-status__connection')).toBeNull());
  },
};
