import type { RuntimeEventEnvelope, TaskEvent } from '../../protocol/events';
import { readFailure, readString, readTitle } from '../../protocol/payloadReaders';
import type { TaskAttemptRecord, TaskRecord } from '../records';
import type { ApplyContext, FactOrigin } from './context';

/**
 * The status a task lifecycle event states, in the profile's task status vocabulary. `task.created`
 * states none: a task created without a status is `unknown`, never guessed `draft`.
 */
const STATUS_BY_TYPE: Readonly<Record<string, string>> = {
  'task.accepted': 'accepted',
  'task.queued': 'queued',
  'task.started': 'running',
  'task.waiting': 'waiting_input',
  'task.blocked': 'blocked',
  'task.paused': 'paused',
  'task.resumed': 'running',
  'task.retrying': 'retrying',
  'task.cancel_requested': 'cancelling',
  'task.cancelled': 'cancelled',
  'task.timed_out': 'timed_out',
  'task.failed': 'failed',
  'task.lost': 'lost',
  'task.completed': 'completed',
  'task.archived': 'archived',
};

const ATTEMPT_STATUS_BY_TYPE: Readonly<Record<string, string>> = {
  'task.attempt.started': 'running',
  'task.attempt.completed': 'completed',
  'task.attempt.failed': 'failed',
};

export function ensureTask(ctx: ApplyContext, taskId: string, event: FactOrigin | undefined, label?: string): TaskRecord {
  const existing = ctx.draft.get('tasks', taskId);
  if (existing) return existing;
  const record: TaskRecord = {
    taskId,
    attempts: [],
    dependencies: [],
    evidenceRefs: [],
    threadId: event?.threadId,
    turnId: event?.turnId,
    subagentId: typeof event?.subagentId === 'string' ? event.subagentId : undefined,
  };
  ctx.draft.put('tasks', taskId, record);
  if (event) ctx.draft.record('task', taskId, event, label);
  return record;
}

/** A retry is a new attempt keyed by its runId; it never overwrites an earlier attempt. */
function applyAttempt(ctx: ApplyContext, task: TaskRecord, event: RuntimeEventEnvelope): TaskRecord {
  const runId = readString(event.runId);
  if (runId === undefined) return task;
  const status = readString(event.payload.status) ?? ATTEMPT_STATUS_BY_TYPE[event.type] ?? 'unknown';
  const attempts = task.attempts.slice();
  const index = attempts.findIndex((a) => a.runId === runId);
  const previous = index >= 0 ? attempts[index] : undefined;
  const attempt: TaskAttemptRecord = {
    ...(previous ?? { runId, startedAt: event.timestamp }),
    status,
    ...(readString(event.attemptId) !== undefined && { attemptId: readString(event.attemptId) }),
    ...(event.type === 'task.attempt.failed' && { failure: readFailure(event) }),
    ...(event.type !== 'task.attempt.started' && { endedAt: event.timestamp }),
  };
  if (index >= 0) attempts[index] = attempt;
  else attempts.push(attempt);
  return { ...task, attempts, currentRunId: event.type === 'task.attempt.started' || !task.currentRunId ? runId : task.currentRunId };
}

export function applyTaskEvent(ctx: ApplyContext, event: TaskEvent): void {
  const taskId = readString(event.taskId);
  if (taskId === undefined) return;
  let task = ensureTask(ctx, taskId, event, readTitle(event));
  const p = event.payload;
  if (event.type.startsWith('task.attempt.')) {
    task = applyAttempt(ctx, task, event);
  } else if (event.type === 'task.dependency.updated') {
    const dependsOn = Array.isArray(p.dependsOn) ? p.dependsOn : Array.isArray(p.dependencies) ? p.dependencies : [];
    task = { ...task, dependencies: dependsOn.filter((d): d is string => typeof d === 'string') };
  } else if (event.type === 'task.delegated') {
    ctx.draft.record('process', event.eventId, event, 'task delegated');
  } else {
    const status = readString(p.status) ?? STATUS_BY_TYPE[event.type];
    if (status !== undefined) task = { ...task, status };
  }
  const title = readString(p.title);
  const objective = readString(p.objective);
  const parentTaskId = readString(p.parentTaskId) ?? readString(event.parentTaskId);
  task = {
    ...task,
    ...(title !== undefined && { title }),
    ...(objective !== undefined && { objective }),
    ...(parentTaskId !== undefined && { parentTaskId }),
    ...(p.progress !== undefined && { progress: p.progress }),
    ...(readString(event.runId) !== undefined && event.type === 'task.started' && { currentRunId: readString(event.runId) }),
  };
  ctx.draft.put('tasks', taskId, task);
}
