import type { Meta, StoryObj } from '@storybook/react-vite';
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
  parameters: { docs: { description: { component: 'Send; while a run is active, Queue and Steer are distinct modes and Interrupt is offered. Disabled states say why.' } } },
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
      <Cell caption="run active: queue / steer, interrupt" events={running()} adapter={adapter}>
        <Composer />
      </Cell>
    </Matrix>
  ),
};
