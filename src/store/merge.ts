// Per-entity merge rules for facts a read model reports onto facts the store already holds.
// A read model can add and correct, but a terminal or resolved state never goes back: an older
// snapshot (or one without a cursor) must not re-open an answered action, restart a finished
// tool or turn. A disagreement becomes a conflict message for a diagnostic; the held fact stays.
import { contentKey } from '../protocol/contentKey';
import type {
  ReadModelAction,
  ReadModelArtifact,
  ReadModelSubagent,
  ReadModelTask,
  ReadModelToolCall,
  ReadModelTurn,
} from '../protocol/readModel';
import type { ActionRecord, ArtifactRecord, SubagentRecord, TaskAttemptRecord, TaskRecord, ToolCallRecord, TurnLifecycle, TurnRecord } from './records';
import { NO_IDS } from './noIds';

export interface Merged<T> {
  record: T;
  /** Why part of the incoming fact was not taken (for a `snapshot_conflict` diagnostic). */
  conflict?: string;
}

/** Order of a turn's lifecycle: a merge never moves a turn to an earlier rank. */
const TURN_RANK: ReadonlyMap<TurnLifecycle, number> = new Map([
  ['unknown', 0],
  ['submitted', 1],
  ['running', 2],
  ['completed', 3],
  ['failed', 3],
  ['cancelled', 3],
]);

export const isTerminalLifecycle = (lifecycle: TurnLifecycle): boolean => TURN_RANK.get(lifecycle) === 3;

function lifecycleOf(turn: TurnRecord, incoming: TurnLifecycle | undefined): { lifecycle: TurnLifecycle; conflict?: string } {
  if (incoming === undefined || incoming === turn.lifecycle || incoming === 'unknown') return { lifecycle: turn.lifecycle };
  if (TURN_RANK.get(incoming)! < TURN_RANK.get(turn.lifecycle)! || isTerminalLifecycle(turn.lifecycle)) {
    return { lifecycle: turn.lifecycle, conflict: `the snapshot reports turn ${turn.turnId} as ${incoming}; it is already ${turn.lifecycle}, which is kept` };
  }
  return { lifecycle: incoming };
}

function compactTimes(times: Pick<TurnRecord, 'submittedAt' | 'startedAt' | 'endedAt'>): Partial<TurnRecord> {
  const out: Partial<TurnRecord> = {};
  for (const key of ['submittedAt', 'startedAt', 'endedAt'] as const) if (times[key] !== undefined) out[key] = times[key];
  return out;
}

export function mergeTurn(turn: TurnRecord, incoming: ReadModelTurn): Merged<TurnRecord> {
  const { lifecycle, conflict } = lifecycleOf(turn, incoming.lifecycle);
  const runIds = incoming.runId !== undefined && !turn.runIds.includes(incoming.runId) ? [...turn.runIds, incoming.runId] : turn.runIds;
  const blocked = incoming.blocked && !isTerminalLifecycle(lifecycle) ? { reason: 'policy' as const } : turn.blocked;
  return {
    record: {
      ...turn,
      lifecycle,
      blocked,
      taskId: incoming.taskId ?? turn.taskId,
      runIds,
      // A failure the snapshot states completes what we know; it never erases one we recorded.
      ...((incoming.failure !== undefined || turn.failure !== undefined) && { failure: { ...incoming.failure, ...turn.failure } }),
      // Times we saw in events stay; the snapshot's fill what we missed (elapsed needs both ends).
      ...compactTimes({
        submittedAt: turn.submittedAt ?? incoming.submittedAt,
        startedAt: turn.startedAt ?? incoming.startedAt,
        endedAt: turn.endedAt ?? (isTerminalLifecycle(lifecycle) ? incoming.endedAt : undefined),
      }),
    },
    ...(conflict !== undefined && { conflict }),
  };
}

const isResolved = (status: ActionRecord['status']): boolean => status !== 'pending';

export function mergeAction(existing: ActionRecord | undefined, incoming: ReadModelAction, threadId: string, requestedAt: string | undefined): Merged<ActionRecord> {
  const base: ActionRecord = existing ?? { actionId: incoming.actionId, status: incoming.status, requestedAt };
  let status = incoming.status;
  let conflict: string | undefined;
  if (existing && isResolved(existing.status) && existing.status !== incoming.status) {
    status = existing.status;
    conflict = `the snapshot reports action ${incoming.actionId} as ${incoming.status}; it is already ${existing.status}, which is kept`;
  }
  return {
    record: {
      ...base,
      status,
      threadId: base.threadId ?? threadId,
      turnId: incoming.turnId ?? base.turnId,
      actionType: incoming.actionType ?? base.actionType,
      prompt: incoming.prompt ?? base.prompt,
      severity: incoming.severity ?? base.severity,
      // A decision belongs to the resolution that is kept.
      decision: status === incoming.status ? (incoming.decision ?? base.decision) : base.decision,
    },
    ...(conflict !== undefined && { conflict }),
  };
}

/** A tool's end (succeeded or failed) never goes back; `unknown` and `running` may be corrected. */
export const isToolEnded = (status: ToolCallRecord['status']): boolean => status === 'succeeded' || status === 'failed';

export function mergeToolCall(existing: ToolCallRecord | undefined, incoming: ReadModelToolCall): Merged<ToolCallRecord> {
  const base: ToolCallRecord = existing ?? {
    toolCallId: incoming.toolCallId,
    argsText: '',
    // Listed without a status (or with one we do not know): a missing fact, never a guess.
    status: 'unknown',
    outputTruncated: false,
    artifactIds: NO_IDS,
    evidenceIds: NO_IDS,
    turnId: incoming.turnId,
  };
  let status = incoming.status === undefined || incoming.status === 'unknown' ? base.status : incoming.status;
  let conflict: string | undefined;
  if (existing && isToolEnded(existing.status) && status !== existing.status) {
    conflict = `the snapshot reports tool ${incoming.toolCallId} as ${status}; it already ${existing.status === 'failed' ? 'failed' : 'succeeded'}, which is kept`;
    status = existing.status;
  }
  const failure = status === 'failed' || incoming.failure !== undefined ? { ...base.failure, ...incoming.failure } : base.failure;
  return {
    record: {
      ...base,
      status,
      name: incoming.name ?? base.name,
      outputRef: incoming.outputRef ?? base.outputRef,
      safeArgs: incoming.safeArgs ?? base.safeArgs,
      argsText: incoming.argsText ?? base.argsText,
      outputPreview: incoming.preview ?? base.outputPreview,
      durationMs: incoming.durationMs ?? base.durationMs,
      progress: incoming.progress ?? base.progress,
      ...(failure !== undefined && Object.keys(failure).length > 0 && { failure }),
    },
    ...(conflict !== undefined && { conflict }),
  };
}

export function mergeArtifact(existing: ArtifactRecord | undefined, incoming: ReadModelArtifact): ArtifactRecord {
  const base: ArtifactRecord = existing ?? { artifactId: incoming.artifactId, versionIds: [], toolCallId: incoming.toolCallId, turnId: incoming.turnId };
  const versionIds =
    incoming.versionId !== undefined && !base.versionIds.includes(incoming.versionId) ? [...base.versionIds, incoming.versionId] : base.versionIds;
  return {
    ...base,
    versionIds,
    toolCallId: incoming.toolCallId ?? base.toolCallId,
    turnId: incoming.turnId ?? base.turnId,
    kind: incoming.kind ?? base.kind,
    status: incoming.status ?? base.status,
    title: incoming.title ?? base.title,
    currentVersionId: incoming.versionId ?? base.currentVersionId,
  };
}

/** A status that ends a subagent, task or attempt: it never goes back to an open one. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'timed_out', 'lost', 'archived', 'closed']);

function statusOf(kind: string, id: string, held: string | undefined, incoming: string | undefined): { status: string | undefined; conflict?: string } {
  if (incoming === undefined || held === undefined || incoming === held || !ENDED_STATUSES.has(held)) return { status: incoming ?? held };
  return { status: held, conflict: `the snapshot reports ${kind} ${id} as ${incoming}; it is already ${held}, which is kept` };
}

export function mergeSubagent(existing: SubagentRecord | undefined, incoming: ReadModelSubagent): Merged<SubagentRecord> {
  const base: SubagentRecord = existing ?? { subagentId: incoming.subagentId, status: 'unknown', closed: false, messageIds: NO_IDS, artifactIds: NO_IDS, evidenceIds: NO_IDS };
  const { status, conflict } = statusOf('subagent', incoming.subagentId, existing?.status, incoming.status);
  return {
    record: {
      ...base,
      role: incoming.role ?? base.role,
      parentTaskId: incoming.parentTaskId ?? base.parentTaskId,
      parentThreadId: incoming.parentThreadId ?? base.parentThreadId,
      status: status ?? base.status,
    },
    ...(conflict !== undefined && { conflict }),
  };
}

/** Attempts merge by runId: the snapshot adds and corrects, it never drops an attempt or re-opens one. */
export function mergeTask(task: TaskRecord, incoming: ReadModelTask): Merged<TaskRecord> {
  const conflicts: string[] = [];
  const taskStatus = statusOf('task', task.taskId, task.status, incoming.status);
  if (taskStatus.conflict) conflicts.push(taskStatus.conflict);
  // The model's attempts in its order (it knows the run order), then any held attempt it omits.
  const listed: TaskAttemptRecord[] = [];
  for (const attempt of incoming.attempts) {
    const held = task.attempts.find((a) => a.runId === attempt.runId);
    const merged = statusOf('attempt', `${attempt.runId} of task ${task.taskId}`, held?.status, attempt.status);
    if (merged.conflict) conflicts.push(merged.conflict);
    listed.push({ ...held, runId: attempt.runId, status: merged.status ?? 'unknown', attemptId: attempt.attemptId ?? held?.attemptId });
  }
  const attempts = [...listed, ...task.attempts.filter((held) => !listed.some((a) => a.runId === held.runId))];
  return {
    record: {
      ...task,
      status: taskStatus.status,
      objective: incoming.objective ?? task.objective,
      title: incoming.title ?? task.title,
      currentRunId: incoming.currentRunId ?? task.currentRunId,
      attempts,
      evidenceRefs: incoming.evidenceRefs ?? task.evidenceRefs,
    },
    ...(conflicts.length > 0 && { conflict: conflicts.join('; ') }),
  };
}

/** Incidents accumulate: a read model that lists fewer (or none) does not wipe the ones held. */
export function mergeIncidents(held: readonly Record<string, unknown>[], incoming: readonly Record<string, unknown>[] | undefined): Record<string, unknown>[] {
  if (incoming === undefined || incoming.length === 0) return held as Record<string, unknown>[];
  const keyOf = (incident: Record<string, unknown>) => {
    const id = incident.incidentId ?? incident.id;
    return typeof id === 'string' ? `id:${id}` : `content:${contentKey(incident)}`;
  };
  const seen = new Set(held.map(keyOf));
  const merged = held.slice();
  for (const incident of incoming) {
    const key = keyOf(incident);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(incident);
  }
  return merged.length === held.length ? (held as Record<string, unknown>[]) : merged;
}
