import type { Meta, StoryObj } from '@storybook/react-vite';
import { FactBadge } from '../../src/components/FactBadge';
import type { FactState } from '../../src/store/records';
import { Cell, Matrix } from '../support/Cell';

const meta = {
  title: 'Surfaces/FactBadge',
  component: FactBadge,
  tags: ['autodocs'],
  args: { fact: 'unknown' },
  parameters: { docs: { description: { component: 'The one badge for a missing or degraded fact: an icon and a word (never colour alone), and a tooltip that says why.' } } },
} satisfies Meta<typeof FactBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each state, and when a reader meets it. */
const FACTS: [FactState, string][] = [
  ['unknown', 'The runtime sent it without enough to identify it'],
  ['unavailable', 'This runtime does not provide it'],
  ['blocked', 'A permission, quota or policy stops it'],
  ['stale', 'The stream broke: waiting for repair'],
  ['loading', 'On its way from the runtime'],
  ['needs-input', 'Waiting for your answer'],
  ['failed', 'The runtime reported a failure'],
  ['disputed', 'Evidence and review disagree'],
];

export const Default: Story = { args: { fact: 'stale', reason: 'Sequence 9 never arrived; waiting for repair.' } };

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Every fact state">
      {FACTS.map(([fact, caption]) => (
        <Cell key={fact} caption={caption}>
          <FactBadge fact={fact} />
        </Cell>
      ))}
    </Matrix>
  ),
};
