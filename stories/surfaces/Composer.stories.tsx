import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { Composer } from '../../src/components/Composer';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import { Cell, Matrix } from '../support/Cell';
import { SendFailedScene } from '../support/recoveryScenes';
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
      <Cell caption="No runtime connected: sending is unavailable, and says why" events={[]}>
        <Composer />
      </Cell>
      <Cell caption="Ready to send" events={[]} adapter={adapter}>
        <Composer />
      </Cell>
      <Cell caption="While the agent works: steer it or queue a message, Stop in place of Send" events={running()} adapter={adapter}>
        <Composer />
      </Cell>
    </Matrix>
  ),
};

/** The first send fails: the play step sends, and the failed state stays (Dev/Scenarios sends it again). */
export const SendFailed: Story = {
  render: () => <SendFailedScene />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Message'), 'Summarise the diff{Enter}');
    await canvas.findByRole('alert');
  },
};
