// The one monotonic merge of what a read model states onto what the store holds, whichever door
// it came through (applyReadModel, snapshot.updated, messages.snapshot, older history). A read model
// adds and corrects what is still open; a settled entity (an ended turn or tool, a resolved action,
// an ended task or subagent, an artifact in a finished status or described at an older version)
// keeps every field it holds and only has absent ones filled. Each disagreement is its own conflict
// message (a snapshot_conflict diagnostic); the held fact stays. The events' reducers keep the same
// status rules (a tool ends once: tools.ts).
import { contentKey } from '../protocol/contentKey';
import type {
  ReadModelAction,
  ReadModelArtifact,
  ReadModelSubagent,
  ReadModelTask,
  ReadModelToolCall,
  ReadModelTurn,
} from '../protocol/readModel';
import type { FailureFacts } from '../protocol/payloadReaders';
import type { ActionRecord, ArtifactRecord, SubagentRecord, TaskAttemptRecord, TaskRecord, ToolCallRecord, TurnLifecycle, TurnRecord } from './records';
import { NO_IDS } from './noIds';

export interface Merged<T> {
  record: T;
  /** Each part of the incoming fact that was not taken, one message per disagreement (a `snapshot_conflict` each). */
  conflicts: string[];
}

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : contentKey(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/**
 * Merges the fields a read model states onto a held record. A field the store never had is filled;
 * a field it holds is kept when the record is settled (a finished tool, a resolved action, an ended
 * turn ...) and the read model disagrees: one conflict per field. An open record takes the read
 * model's value (it corrects what is still moving).
 */
function mergeFields<R extends object>(
  what: string,
  held: R,
  incoming: { readonly [K in keyof R]?: R[K] },
  fields: readonly (keyof R & string)[],
  settled: boolean,
  conflicts: string[],
): R {
  let out: R | undefined;
  for (const field of fields) {
    const next = incoming[field];
    if (next === undefined) continue;
    const current = held[field];
    const holds = current !== undefined && (current as unknown) !== '';
    if (current === next || (current !== undefined && typeof next === 'object' && contentKey(current) === contentKey(next))) continue;
    if (holds && settled) {
      conflicts.push(`the snapshot reports ${what} ${field} as ${shown(next)}; it is already ${shown(current)}, which is kept`);
      continue;
    }
    out ??= { ...held };
    out[field] = next as R[keyof R & string];
  }
  return out ?? held;
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

function lifecycleOf(turn: TurnRecord, incoming: TurnLifecycle | undefined, conflicts: string[]): TurnLifecycle {
  if (incoming === undefined || incoming === turn.lifecycle || incoming === 'unknown') return turn.lifecycle;
  if (TURN_RANK.get(incoming)! < TURN_RANK.get(turn.lifecycle)! || isTerminalLifecycle(turn.lifecycle)) {
    conflicts.push(`the snapshot reports turn ${turn.turnId} as ${incoming}; it is already ${turn.lifecycle}, which is kept`);
    return turn.lifecycle;
  }
  return incoming;
}

/** A failure the read model states completes the one held, field by field; a held field is never erased. */
function mergeFailure(what: string, held: FailureFacts | undefined, incoming: FailureFacts | undefined, settled: boolean, conflicts: string[]): FailureFacts | undefined {
  if (incoming === undefined) return held;
  if (held === undefined) return { ...incoming };
  return mergeFields(`${what} failure`, held, incoming, ['category', 'retryable', 'recoveryHint', 'message'], settled, conflicts);
}

export function mergeTurn(turn: TurnRecord, incoming: ReadModelTurn): Merged<TurnRecord> {
  const conflicts: string[] = [];
  const settled = isTerminalLifecycle(turn.lifecycle);
  const lifecycle = lifecycleOf(turn, incoming.lifecycle, conflicts);
  const runIds = incoming.runId !== undefined && !turn.runIds.includes(incoming.runId) ? [...turn.runIds, incoming.runId] : turn.runIds;
  const blocked = incoming.blocked && !isTerminalLifecycle(lifecycle) ? { reason: 'policy' as const } : turn.blocked;
  const fields = mergeFields(`turn ${turn.turnId}`, turn, { taskId: incoming.taskId }, ['taskId'], settled, conflicts);
  const failure = lifecycle === 'failed' || turn.failure !== undefined ? mergeFailure(`turn ${turn.turnId}`, turn.failure, incoming.failure, settled, conflicts) : undefined;
  // Times we saw in events stay; the snapshot's fill what we missed (elapsed needs both ends), and
  // the end time belongs to an ended turn.
  const submittedAt = turn.submittedAt ?? incoming.submittedAt;
  const startedAt = turn.startedAt ?? incoming.startedAt;
  const endedAt = turn.endedAt ?? (isTerminalLifecycle(lifecycle) ? incoming.endedAt : undefined);
  return {
    record: {
      ...fields,
      lifecycle,
      blocked,
      runIds,
      ...(failure !== undefined && { failure }),
      ...(submittedAt !== undefined && { submittedAt }),
      ...(startedAt !== undefined && { startedAt }),
      ...(endedAt !== undefined && { endedAt }),
    },
    conflicts,
  };
}

const isResolved = (status: ActionRecord['status']): boolean => status !== 'pending';

export function mergeAction(existing: ActionRecord | undefined, incoming: ReadModelAction, threadId: string, requestedAt: string | undefined): Merged<ActionRecord> {
  const conflicts: string[] = [];
  const base: ActionRecord = existing ?? { actionId: incoming.actionId, status: incoming.status, requestedAt };
  const settled = existing !== undefined && isResolved(existing.status);
  let status = incoming.status;
  if (settled && existing.status !== incoming.status) {
    status = existing.status;
    conflicts.push(`the snapshot reports action ${incoming.actionId} as ${incoming.status}; it is already ${existing.status}, which is kept`);
  }
  const what = `action ${incoming.actionId}`;
  // A decision belongs to the resolution that is kept.
  const stated = status === incoming.status ? incoming : { ...incoming, decision: undefined };
  const fields = mergeFields(what, base, stated, ['actionType', 'prompt', 'severity', 'decision'], settled, conflicts);
  // The turn it belongs to is a join the read model corrects, settled or not.
  return { record: { ...fields, status, threadId: base.threadId ?? threadId, turnId: incoming.turnId ?? base.turnId }, conflicts };
}

/** A tool's end (succeeded or failed) never goes back; `unknown` and `running` may be corrected. */
export const isToolEnded = (status: ToolCallRecord['status']): boolean => status === 'succeeded' || status === 'failed';

/** Streamed text a lagging read model holds less of: what it states is a strict prefix of what is held. */
export const isLaggingText = (held: string | undefined, incoming: string | undefined): boolean =>
  held !== undefined && incoming !== undefined && incoming.length < held.length && held.startsWith(incoming);

/**
 * `current`: the read model states the place it is current through, and the gate found it not
 * behind; a model without one may lag behind what streamed (its shorter args or preview are not taken).
 */
export function mergeToolCall(existing: ToolCallRecord | undefined, incoming: ReadModelToolCall, current: boolean): Merged<ToolCallRecord> {
  const conflicts: string[] = [];
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
  const what = `tool ${incoming.toolCallId}`;
  const settled = existing !== undefined && isToolEnded(existing.status);
  let status = incoming.status === undefined || incoming.status === 'unknown' ? base.status : incoming.status;
  if (settled && status !== existing.status) {
    const dropped = incoming.failure !== undefined && status === 'failed' ? ' (its failure is not taken)' : '';
    conflicts.push(`the snapshot reports ${what} as ${status}${dropped}; it already ${existing.status === 'failed' ? 'failed' : 'succeeded'}, which is kept`);
    status = existing.status;
  }
  const stated = {
    name: incoming.name,
    outputRef: incoming.outputRef,
    safeArgs: incoming.safeArgs,
    // Streamed args a lagging read model holds less of stay as they are.
    argsText: !current && isLaggingText(base.argsText, incoming.argsText) ? undefined : incoming.argsText,
    outputPreview: !current && isLaggingText(base.outputPreview, incoming.outputPreview) ? undefined : incoming.outputPreview,
    durationMs: incoming.durationMs,
    progress: incoming.progress,
  };
  const fields = mergeFields(what, base, stated, ['name', 'outputRef', 'safeArgs', 'argsText', 'outputPreview', 'durationMs', 'progress'], settled, conflicts);
  // A failure goes with a failed status; a tool that did not fail gains none.
  const failure = status === 'failed' ? mergeFailure(what, base.failure, incoming.failure, settled, conflicts) : base.failure;
  return {
    record: { ...fields, status, ...(failure !== undefined && Object.keys(failure).length > 0 && { failure }) },
    conflicts,
  };
}

/** The joins a read model states (the tool and turn an artifact belongs to): it corrects ours, settled or not. */
function joinsOf(held: ArtifactRecord, incoming: ReadModelArtifact): Pick<ArtifactRecord, 'toolCallId' | 'turnId'> {
  return { toolCallId: incoming.toolCallId ?? held.toolCallId, turnId: incoming.turnId ?? held.turnId };
}

/** Artifact statuses that finish a version: a read model without a newer version does not take them back. */
const SETTLED_ARTIFACT_STATUSES: ReadonlySet<string> = new Set(['ready', 'final', 'completed', 'exported', 'failed', 'deleted', 'archived']);

/**
 * `current` as for `mergeToolCall`: a version the store never saw is newer when the read model is
 * current (or the artifact still open); from a model that may lag, against a settled artifact, it
 * cannot be told newer or older, and the held version is kept.
 */
export function mergeArtifact(existing: ArtifactRecord | undefined, incoming: ReadModelArtifact, current: boolean): Merged<ArtifactRecord> {
  const conflicts: string[] = [];
  const base: ArtifactRecord = existing ?? { artifactId: incoming.artifactId, versionIds: [], toolCallId: incoming.toolCallId, turnId: incoming.turnId };
  const what = `artifact ${incoming.artifactId}`;
  const version = incoming.currentVersionId;
  const settledStatus = base.status !== undefined && SETTLED_ARTIFACT_STATUSES.has(base.status);
  // A newer version: it and what the read model says of it are taken.
  if (version !== undefined && !base.versionIds.includes(version) && (current || !settledStatus || base.currentVersionId === undefined)) {
    const record = mergeFields(what, base, { kind: incoming.kind, status: incoming.status, title: incoming.title }, ['kind', 'status', 'title'], false, conflicts);
    return { record: { ...record, ...joinsOf(base, incoming), versionIds: [...base.versionIds, version], currentVersionId: version }, conflicts };
  }
  // Another version than the current one: the read model describes the past (or a version it
  // cannot be told newer).
  const older = version !== undefined && base.currentVersionId !== undefined && version !== base.currentVersionId;
  if (older) conflicts.push(`the snapshot reports ${what} at version ${shown(version)}; it is already at ${shown(base.currentVersionId)}, which is kept`);
  const settled = older || settledStatus;
  const record = mergeFields(
    what,
    base,
    { kind: incoming.kind, status: incoming.status, title: incoming.title, currentVersionId: older ? undefined : version },
    ['kind', 'status', 'title', 'currentVersionId'],
    settled,
    conflicts,
  );
  return { record: { ...record, ...joinsOf(record, incoming) }, conflicts };
}

/** A status that ends a subagent, task or attempt: it never goes back to an open one. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'timed_out', 'lost', 'archived', 'closed']);

export const isEndedStatus = (status: string | undefined): boolean => status !== undefined && ENDED_STATUSES.has(status);

function statusOf(kind: string, id: string, held: string | undefined, incoming: string | undefined, conflicts: string[]): string | undefined {
  if (incoming === undefined || held === undefined || incoming === held || !ENDED_STATUSES.has(held)) return incoming ?? held;
  conflicts.push(`the snapshot reports ${kind} ${id} as ${incoming}; it is already ${held}, which is kept`);
  return held;
}

export function mergeSubagent(existing: SubagentRecord | undefined, incoming: ReadModelSubagent): Merged<SubagentRecord> {
  const conflicts: string[] = [];
  const base: SubagentRecord = existing ?? { subagentId: incoming.subagentId, status: 'unknown', closed: false, messageIds: NO_IDS, artifactIds: NO_IDS, evidenceIds: NO_IDS };
  const settled = isEndedStatus(existing?.status);
  const status = statusOf('subagent', incoming.subagentId, existing?.status, incoming.status, conflicts);
  const fields = mergeFields(`subagent ${incoming.subagentId}`, base, incoming, ['role', 'parentTaskId', 'parentThreadId'], settled, conflicts);
  return { record: { ...fields, status: status ?? base.status }, conflicts };
}

/** Attempts merge by runId: the snapshot adds and corrects, it never drops an attempt or re-opens one. */
export function mergeTask(task: TaskRecord, incoming: ReadModelTask): Merged<TaskRecord> {
  const conflicts: string[] = [];
  const settled = isEndedStatus(task.status);
  const status = statusOf('task', task.taskId, task.status, incoming.status, conflicts);
  // The model's attempts in its order (it knows the run order), then any held attempt it omits.
  const listed: TaskAttemptRecord[] = [];
  for (const attempt of incoming.attempts) {
    const held = task.attempts.find((a) => a.runId === attempt.runId);
    const merged = statusOf('attempt', `${attempt.runId} of task ${task.taskId}`, held?.status, attempt.status, conflicts);
    listed.push({ ...held, runId: attempt.runId, status: merged ?? 'unknown', attemptId: attempt.attemptId ?? held?.attemptId });
  }
  const attempts = [...listed, ...task.attempts.filter((held) => !listed.some((a) => a.runId === held.runId))];
  const fields = mergeFields(`task ${task.taskId}`, task, { objective: incoming.objective, title: incoming.title, currentRunId: incoming.currentRunId }, ['objective', 'title', 'currentRunId'], settled, conflicts);
  return {
    record: { ...fields, status, attempts, evidenceRefs: incoming.evidenceRefs ?? task.evidenceRefs },
    conflicts,
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
