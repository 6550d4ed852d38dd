import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Composer } from '../../src/components/Composer';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const adapter: RuntimeProviderAdapter = {
  startTurn: async function* () {},
  cancelTurn: async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  respondAction: async () => ({ type: 'runtime.warning', eventId: 'r', timestamp: '2026-06-09T10:00:00Z', payload: {} }),
  readThread: async () => ({ threadId: 'thread-1', status: 'idle', turns: [] }),
};

const running = () => {
  const ev = storyEvents();
  return [ev('turn.started', { turnId: 'turn-1' })];
};

const meta = {
  title: 'Surfaces/Composer',
  component: Composer,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'Send when idle. While a turn runs: a labelled Steer / Queue choice, and Stop in place of Send (it interrupts the turn); with text typed the submit button says what it will do (Add to queue, Steer now). Disabled states say why.' } } },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Composer states">
      <Cell caption="no runtime: unavailable" events={[]}>
        <Composer />
      </Cell>
      <Cell caption="idle: send" events={[]} adapter={adapter}>
        <Composer />
      </Cell>
      <Cell caption="turn running: Steer / Queue choice, Stop in place of Send" events={running()} adapter={adapter}>
        <Composer />
      </Cell>
    </Matrix>
  ),
};

/** A runtime that does not implement turns (the fixture server answers 501): the first send fails. */
const failingOnce = (): RuntimeProviderAdapter => {
  let calls = 0;
  return {
    ...adapter,
    startTurn: () =>
      (async function* () {
        if (++calls === 1) throw new Error('HTTP 501 Not Implemented');
        yield storyEvents()('turn.submitted', { turnId: 'turn-1' });
      })(),
  };
};

/** One adapter for the story's life: a new one would give the provider new actions (and a fresh send state). */
function FailingCell() {
  const failing = useMemo(failingOnce, []);
  return (
    <Cell caption="send failed: text kept, error and Send again" events={[]} adapter={failing}>
      <Composer />
    </Cell>
  );
}

export const SendFailed: Story = {
  render: () => (
    <Matrix label="Send failed">
      <FailingCell />
    </Matrix>
  ),
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
