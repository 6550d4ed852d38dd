import type { Meta, StoryObj } from '@storybook/react-vite';
import { TaskCapsule } from '../../src/components/TaskCapsule';
import { Cell, Matrix } from '../support/Cell';
import { storyEvents } from '../support/storyEvents';

const t = { turnId: 'turn-1' };
const task = { ...t, taskId: 'task-1' };

function retried() {
  const ev = storyEvents();
  return [
    ev('turn.started', t),
    ev('task.created', task, { objective: 'Build the package' }),
    ev('task.attempt.started', { ...task, runId: 'run-1' }),
    ev('task.attempt.failed', { ...task, runId: 'run-1' }, { failureCategory: 'timeout' }),
    ev('task.attempt.started', { ...task, runId: 'run-2' }),
    ev('queue.changed', t, { queuedTurns: [{ queueId: 'q1', preview: 'Then update the changelog' }] }),
    ev('subagent.spawned', { ...t, subagentId: 's1' }, { role: 'test-runner' }),
  ];
}

function attention() {
  const ev = storyEvents();
  return [
    ev('turn.started', t),
    ev('task.created', task, { objective: 'Publish the package' }),
    ev('action.required', { ...t, actionId: 'a1' }, { prompt: 'Allow npm publish?', severity: 'critical' }),
  ];
}

const meta = {
  title: 'Surfaces/TaskCapsule',
  component: TaskCapsule,
  tags: ['autodocs'],
  parameters: { docs: { description: { component: 'The current objective, status, attempts (a retry never hides the failed attempt), queued turns, subagents, and pending decisions promoted above the running state. Compact and expanded forms.' } } },
} satisfies Meta<typeof TaskCapsule>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StateMatrix: Story = {
  render: () => (
    <Matrix label="Task capsule states">
      <Cell caption="One line above the thread: a second attempt, a queued message, a subagent" events={retried()}>
        <TaskCapsule variant="compact" />
      </Cell>
      <Cell caption="In the Task lane: the failed attempt is kept" events={retried()}>
        <TaskCapsule variant="expanded" />
      </Cell>
      <Cell caption="A request waits for you: said first" events={attention()}>
        <TaskCapsule variant="compact" />
      </Cell>
      <Cell caption="No task reported: nothing shown" events={[]}>
        <TaskCapsule variant="compact" />
      </Cell>
    </Matrix>
  ),
};
