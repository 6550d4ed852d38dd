import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { useRuntimeStore } from '../../src/hooks/useRuntimeContext';
import { RuntimeStatus } from '../../src/components/RuntimeStatus';
import { Cell, Matrix } from '../support/Cell';
import { ConnectionLostScene } from '../support/recoveryScenes';
import { storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };

function states() {
  const base = (extra: (ev: ReturnType<typeof storyEvents>) => unknown[]) => {
    const ev = storyEvents();
    return [ev('turn.submitted', t, { text: 'Refactor the store' }), ...extra(ev)];
  };
  return {
    'Idle: nothing asked yet': [],
    'Accepted, before any stage': base(() => []),
    'Choosing a model (the only candidate)': base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'routing', detail: 'choosing a model' }), ev('routing.single_candidate', t, { selectedModel: 'gpt-5.4', candidateCount: 1, decisionSource: 'explicit_default' })]),
    Preparing: base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'preparing' })]),
    'Answering, on a model chosen by policy': base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'streaming' }), ev('routing.decided', t, { selectedModel: 'gpt-5.4', candidateCount: 3, decisionSource: 'policy' })]),
    'Waiting for your answer': base((ev) => [ev('turn.started', t), ev('action.required', { ...t, actionId: 'a' }, { prompt: 'Allow?' })]),
    'Blocked by the quota': base((ev) => [ev('turn.started', t), ev('quota.blocked', t, { message: 'monthly quota exhausted' })]),
    'Retrying after a rate limit': base((ev) => [ev('turn.started', t), ev('run.status', t, { stage: 'retrying', detail: 'rate limited, retry in 2 s' })]),
    Cancelled: base((ev) => [ev('turn.started', t), ev('turn.cancelled', t)]),
    Failed: base((ev) => [ev('turn.started', t), ev('turn.failed', t, { failureCategory: 'tool_failed', retryable: true, recoveryHint: 'Fix the test and retry.' })]),
    Completed: base((ev) => [ev('turn.started', t), ev('model.completed', t, { text: 'Done.' }), ev('turn.completed', t)]),
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
        <Cell caption="The stream broke: this view waits for repair" events={events}>
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

/** A stream that gave up: the state stays on screen (Dev/Scenarios reconnects it). */
export const ConnectionLost: Story = { render: () => <ConnectionLostScene /> };
