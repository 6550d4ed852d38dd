import { isRfc3339DateTime } from './dateTime';
import { isPlainObject } from './eventFieldRules';
import { PROFILE_SCHEMA_VERSION } from './vocabulary';

/** A field of a snapshot or read model that breaks the snapshot schema (from `validateSnapshot`). */
export interface SnapshotIssue {
  code: 'invalid_snapshot';
  /** Dot path of the field at fault, e.g. `threads.0.status`. */
  field: string;
  message: string;
}

export const THREAD_STATUSES = ['idle', 'queued', 'running', 'blocked', 'completed', 'failed', 'cancelled', 'stale', 'unknown'];
export const TASK_STATUSES = `draft accepted queued preparing running waiting_input waiting_permission waiting_resource blocked
paused retrying cancelling cancelled timed_out failed lost completed archived stale unknown`.split(/\s+/);
export const ATTEMPT_STATUSES = `idle queued preparing running blocked streaming retrying completed failed cancelled stale unknown
unavailable not_applicable`.split(/\s+/);
/** Turn statuses a snapshot may state (the kit's read-model codec maps each to a lifecycle). */
export const TURN_STATUSES = `submitted accepted queued preparing running streaming retrying waiting blocked needs-input completed failed
cancelled stale unknown`.split(/\s+/);
export const THREAD_ARRAYS = ['turns', 'pendingRequests', 'queuedTurns', 'incidents'];
export const TOP_LEVEL_OBJECTS = ['taskSummary', 'routingLimitSummary', 'telemetrySummary'];

/**
 * Checks a session snapshot against the Lime profile snapshot schema's rules: the required shell,
 * thread and task shapes, and status vocabularies. Never throws.
 */
export function validateSnapshot(raw: unknown): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const fail = (field: string, message: string) => issues.push({ code: 'invalid_snapshot', field, message });
  if (!isPlainObject(raw)) {
    fail('(root)', 'a snapshot must be a JSON object');
    return issues;
  }
  if (raw.schemaVersion !== PROFILE_SCHEMA_VERSION) fail('schemaVersion', `schemaVersion must be ${PROFILE_SCHEMA_VERSION}`);
  for (const field of ['runtimeId', 'sessionId']) {
    if (typeof raw[field] !== 'string' || raw[field] === '') fail(field, `${field} must be a non-empty string`);
  }
  if (typeof raw.updatedAt !== 'string' || !isRfc3339DateTime(raw.updatedAt)) fail('updatedAt', 'updatedAt must be a date-time');
  for (const field of TOP_LEVEL_OBJECTS) if (!isPlainObject(raw[field])) fail(field, `${field} must be an object`);
  if (!Array.isArray(raw.evidenceRefs) || raw.evidenceRefs.some((ref) => typeof ref !== 'string' || ref === '')) {
    fail('evidenceRefs', 'evidenceRefs must be an array of non-empty strings');
  }
  if (!Array.isArray(raw.threads) || raw.threads.length === 0) {
    fail('threads', 'threads must be a non-empty array');
  } else {
    raw.threads.forEach((thread, i) => validateThread(thread, `threads.${i}`, fail));
  }
  if (!Array.isArray(raw.tasks)) {
    fail('tasks', 'tasks must be an array');
  } else {
    raw.tasks.forEach((task, i) => validateTask(task, `tasks.${i}`, fail));
  }
  return issues;
}

type Fail = (field: string, message: string) => void;

/**
 * Checks a thread read model (what `readThread` returns and `applyReadModel` accepts) field by field, as
 * leniently as `applyReadModel` reads it: every field may be absent, but a stated thread or turn status
 * must be one of the snapshot vocabulary (a `constructor` or `__proto__` status is an issue, not
 * a valid model that renders `unknown`), and lists must hold objects. Never throws.
 */
export function validateThreadReadModel(raw: unknown): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const fail = (field: string, message: string) => issues.push({ code: 'invalid_snapshot', field, message });
  if (!isPlainObject(raw)) {
    fail('(root)', 'a thread read model must be a JSON object');
    return issues;
  }
  if (typeof raw.threadId !== 'string' || raw.threadId === '') fail('threadId', 'threadId must be a non-empty string');
  if (raw.status !== undefined) checkStatus(raw.status, 'status', THREAD_STATUSES, fail);
  for (const field of [...THREAD_ARRAYS, 'messages', 'toolCalls']) {
    const value = raw[field];
    if (value !== undefined && (!Array.isArray(value) || value.some((item) => !isPlainObject(item)))) fail(field, `${field} must be an array of objects`);
  }
  if (Array.isArray(raw.turns)) {
    raw.turns.forEach((turn, i) => {
      if (!isPlainObject(turn)) return;
      if (typeof turn.turnId !== 'string') fail(`turns.${i}.turnId`, 'turnId must be a string');
      if (turn.status !== undefined) checkStatus(turn.status, `turns.${i}.status`, TURN_STATUSES, fail);
    });
  }
  return issues;
}

function checkStatus(status: unknown, field: string, vocabulary: readonly string[], fail: Fail): void {
  if (typeof status !== 'string' || !vocabulary.includes(status)) fail(field, `status must be one of ${vocabulary.join(', ')}`);
}

function validateThread(thread: unknown, path: string, fail: Fail): void {
  if (!isPlainObject(thread)) return fail(path, 'a thread must be an object');
  if (typeof thread.threadId !== 'string' || thread.threadId === '') fail(`${path}.threadId`, 'threadId must be a non-empty string');
  if (typeof thread.status !== 'string' || !THREAD_STATUSES.includes(thread.status)) {
    fail(`${path}.status`, `status must be one of ${THREAD_STATUSES.join(', ')}`);
  }
  for (const field of THREAD_ARRAYS) {
    const value = thread[field];
    if (!Array.isArray(value) || value.some((item) => !isPlainObject(item))) fail(`${path}.${field}`, `${field} must be an array of objects`);
  }
  if (!isPlainObject(thread.evidenceSummary)) fail(`${path}.evidenceSummary`, 'evidenceSummary must be an object');
  if (Array.isArray(thread.turns)) {
    thread.turns.forEach((turn, i) => {
      if (!isPlainObject(turn)) return;
      if (typeof turn.turnId !== 'string') fail(`${path}.turns.${i}.turnId`, 'turnId must be a string');
      if (typeof turn.status !== 'string' || !TURN_STATUSES.includes(turn.status)) {
        fail(`${path}.turns.${i}.status`, `status must be one of ${TURN_STATUSES.join(', ')}`);
      }
    });
  }
}

function validateTask(task: unknown, path: string, fail: Fail): void {
  if (!isPlainObject(task)) return fail(path, 'a task must be an object');
  if (typeof task.taskId !== 'string') fail(`${path}.taskId`, 'taskId must be a string');
  if (typeof task.status !== 'string' || !TASK_STATUSES.includes(task.status)) {
    fail(`${path}.status`, `status must be one of ${TASK_STATUSES.join(', ')}`);
  }
  for (const field of ['objective', 'title', 'currentRunId', 'parentTaskId', 'threadId', 'turnId']) {
    if (task[field] !== undefined && typeof task[field] !== 'string') fail(`${path}.${field}`, `${field} must be a string`);
  }
  if (task.evidenceRefs !== undefined && (!Array.isArray(task.evidenceRefs) || task.evidenceRefs.some((r) => typeof r !== 'string'))) {
    fail(`${path}.evidenceRefs`, 'evidenceRefs must be an array of strings');
  }
  if (task.attempts === undefined) return;
  if (!Array.isArray(task.attempts)) return fail(`${path}.attempts`, 'attempts must be an array');
  task.attempts.forEach((attempt, i) => {
    const at = `${path}.attempts.${i}`;
    if (!isPlainObject(attempt)) return fail(at, 'an attempt must be an object');
    if (typeof attempt.runId !== 'string') fail(`${at}.runId`, 'runId must be a string');
    if (typeof attempt.status !== 'string' || !ATTEMPT_STATUSES.includes(attempt.status)) {
      fail(`${at}.status`, `status must be one of ${ATTEMPT_STATUSES.join(', ')}`);
    }
  });
}
