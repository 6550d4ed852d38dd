import type { Meta, StoryObj } from '@storybook/react-vite';
import { DiagnosticsPanel } from '../../src/components/DiagnosticsPanel';
import { ProcessTimeline } from '../../src/components/ProcessTimeline';
import { SubagentRoster } from '../../src/components/SubagentRoster';
import { Cell, Matrix } from '../support/Cell';
import { eventsOf } from '../support/storyEvents';
import subagent from '../../fixtures/subagent-handoff.jsonl?raw';
import degraded from '../../fixtures/degraded-facts.jsonl?raw';
import retry from '../../fixtures/task-retry.jsonl?raw';

const meta = {
  title: 'Surfaces/Lanes',
  component: ProcessTimeline,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'The side lanes: ProcessTimeline (the archive, one line per fact), SubagentRoster (lineage; transcripts never enter the conversation) and DiagnosticsPanel (raw events redacted, filterable by code).' } } },
} satisfies Meta<typeof ProcessTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Lanes">
      <Cell caption="Timeline of a task retried after a failed attempt" events={eventsOf(retry)}>
        <ProcessTimeline />
      </Cell>
      <Cell caption="Team: a researcher subagent" events={eventsOf(subagent)}>
        <SubagentRoster />
      </Cell>
      <Cell caption="Diagnostics: events the kit could not use, in plain words" events={eventsOf(degraded)}>
        <DiagnosticsPanel />
      </Cell>
      <Cell caption="Nothing yet in any lane" events={[]}>
        <ProcessTimeline />
        <SubagentRoster />
        <DiagnosticsPanel />
      </Cell>
    </Matrix>
  ),
};
