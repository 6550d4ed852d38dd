// The task at a glance, as facts: the capsule renders these and nothing else.
import type { QueuedTurn, TaskAttemptRecord } from '../records';
import type { ProjectionData } from '../state';
import { tableRows } from '../table';
import { selectLatestTurn } from './turnStatus';

/**
 * The facts the task capsule shows: the task, its current and earlier attempts, queued turns and
 * how many requests wait for the user.
 */
export interface TaskCapsuleFacts {
  /** Absent when the session has no task: then there is no capsule to show. */
  taskId?: string;
  objective?: string;
  /** The task's status as the runtime reported it; absent when it reported none. */
  status?: string;
  currentAttempt?: TaskAttemptRecord;
  earlierAttempts: TaskAttemptRecord[];
  queued: readonly QueuedTurn[];
  /** How many requests wait for the user (their prompts are shown where they are answered, not here). */
  pendingCount: number;
  subagentCount: number;
}

/** The current objective: the latest turn's task, else the latest task. No task, no objective. */
export function selectTaskCapsule(state: ProjectionData): TaskCapsuleFacts {
  const turn = selectLatestTurn(state);
  const taskId = turn?.taskId && state.tasks.byId.has(turn.taskId) ? turn.taskId : state.tasks.ids[state.tasks.ids.length - 1];
  const task = taskId === undefined ? undefined : state.tasks.byId.get(taskId);
  const current = task?.attempts.find((a) => a.runId === task.currentRunId) ?? task?.attempts[task.attempts.length - 1];
  return {
    taskId,
    objective: task?.objective ?? task?.title,
    status: task?.status,
    currentAttempt: current,
    earlierAttempts: task ? task.attempts.filter((a) => a !== current) : [],
    queued: state.queue,
    pendingCount: tableRows(state.actions).filter((a) => a.status === 'pending').length,
    subagentCount: state.subagents.ids.length,
  };
}
