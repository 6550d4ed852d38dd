import type { Meta, StoryObj } from '@storybook/react-vite';
import { FactBadge } from '../../src/components/FactBadge';
import type { FactState } from '../../src/store/records';
import { Cell, Matrix } from '../support/Cell';

const meta = {
  title: 'Surfaces/FactBadge',
  component: FactBadge,
  tags: ['autodocs'],
  args: { fact: 'unknown' },
  parameters: { docs: { description: { component: 'The one badge for a missing or degraded fact: a glyph and a word (never color alone), and a tooltip that says why.' } } },
} satisfies Meta<typeof FactBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

const FACTS: FactState[] = ['unknown', 'unavailable', 'blocked', 'stale', 'loading', 'needs-input', 'failed', 'disputed'];

export const Default: Story = { args: { fact: 'stale', reason: 'Sequence 9 never arrived; waiting for repair.' } };

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Every fact state">
      {FACTS.map((fact) => (
        <Cell key={fact} caption={fact}>
          <FactBadge fact={fact} />
        </Cell>
      ))}
    </Matrix>
  ),
};
