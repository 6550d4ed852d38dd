import type { Meta, StoryObj } from '@storybook/react-vite';
import { EvidenceLane } from '../../src/components/EvidenceLane';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };

function lane() {
  const ev = storyEvents();
  return [
    ev('evidence.changed', { ...t, evidenceId: 'ev-recorded' }, { status: 'recorded', packRef: 'evidence://sess/turn-1', replayRef: 'replay://sess/turn-1', reviewRef: 'review://sess/turn-1', verificationOutcomes: [{ name: 'unit_tests', status: 'passed' }, { name: 'typecheck', status: 'passed' }] }),
    ev('evidence.changed', { ...t, evidenceId: 'ev-exported' }, { status: 'exported', packRef: 'https://evidence.example/packs/42' }),
    ev('evidence.changed', { ...t, evidenceId: 'ev-unknown' }, { packRef: 'evidence://no-status' }),
    ev('evidence.changed', { ...t, evidenceId: 'ev-failed' }, { status: 'failed', verificationOutcomes: [{ name: 'e2e', status: 'failed' }] }),
    ev('evidence.changed', { ...t, evidenceId: 'ev-disputed' }, { status: 'recorded', verificationOutcomes: [{ name: 'unit_tests', status: 'failed' }] }),
    ev('review.verdict', { ...t, evidenceId: 'ev-disputed' }, { verdict: 'approved', reviewRef: 'review://disputed' }),
  ];
}

const meta = {
  title: 'Surfaces/EvidenceLane',
  component: EvidenceLane,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'Evidence records with status (never guessed), verification outcomes, review verdicts and their pack / replay / review refs kept together; a review that contradicts an outcome is `disputed`.' } } },
} satisfies Meta<typeof EvidenceLane>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Evidence statuses">
      <Cell caption="Recorded, exported, status not given, failed checks, and a review that disagrees" events={lane()}>
        <EvidenceLane />
      </Cell>
      <Cell caption="No evidence yet" events={[]}>
        <EvidenceLane />
      </Cell>
    </Matrix>
  ),
};
