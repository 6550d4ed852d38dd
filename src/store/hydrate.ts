import type { JsonObject } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { readNumber, readString, readVerificationOutcomes } from '../protocol/payloadReaders';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import type { ActionRecord, MessageRecord, TaskAttemptRecord, TurnLifecycle } from './records';
import type { ApplyContext } from './apply/context';
import { ensureEvidence, mergeEvidence } from './apply/evidence';
import { ensureThread, ensureTurn, updateTurn } from './apply/lifecycle';
import { ensureTask } from './apply/tasks';

export interface HydrateOutcome {
  kind: RuntimeDocumentKind;
  /** The sequence the stream resumes after, when the snapshot states one. */
  cursor?: number;
  sessionId?: string;
}

const LIFECYCLE_BY_STATUS: Readonly<Record<string, TurnLifecycle>> = {
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  running: 'running',
  streaming: 'running',
  preparing: 'running',
  retrying: 'running',
  blocked: 'running',
  waiting: 'running',
  queued: 'submitted',
  submitted: 'submitted',
  accepted: 'submitted',
};

const objects = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);

function readCursor(doc: JsonObject): number | undefined {
  const cursor = doc.cursor ?? doc.lastSequence;
  if (typeof cursor === 'number') return cursor;
  if (isPlainObject(cursor)) return readNumber(cursor.sequence);
  return undefined;
}

/** A pseudo-event that carries the snapshot's correlation into the shared `ensure*` helpers. */
function scope(doc: JsonObject, fields: JsonObject): { type: string; eventId: string; timestamp: string; payload: JsonObject } & JsonObject {
  return {
    type: 'snapshot.updated',
    eventId: `snapshot:${readString(doc.updatedAt) ?? ''}`,
    timestamp: readString(doc.updatedAt) ?? '',
    sessionId: readString(doc.sessionId),
    payload: {},
    ...fields,
  };
}

function hydrateTurns(ctx: ApplyContext, doc: JsonObject, threadId: string, turns: JsonObject[]): void {
  for (const item of turns) {
    const turnId = readString(item.turnId);
    if (turnId === undefined) continue;
    const turn = ensureTurn(ctx, scope(doc, { threadId, turnId }))!;
    const status = readString(item.status);
    const lifecycle = status === undefined ? turn.lifecycle : (LIFECYCLE_BY_STATUS[status] ?? 'unknown');
    const runId = readString(item.runId);
    updateTurn(ctx, turn, {
      lifecycle,
      ...(status === 'blocked' && { blocked: { reason: 'policy' } }),
      ...(readString(item.taskId) !== undefined && { taskId: readString(item.taskId) }),
      ...(runId !== undefined && !turn.runIds.includes(runId) && { runIds: [...turn.runIds, runId] }),
    });
  }
}

/**
 * A snapshot corrects state but never silently erases an unresolved action: an action we hold as
 * pending that the snapshot omits stays pending, with a diagnostic.
 */
function hydratePendingRequests(ctx: ApplyContext, doc: JsonObject, threadId: string, requests: JsonObject[]): void {
  const listed = new Set<string>();
  for (const item of requests) {
    const actionId = readString(item.actionId) ?? readString(item.requestId);
    if (actionId === undefined) continue;
    listed.add(actionId);
    const existing = ctx.draft.get('actions', actionId);
    const record: ActionRecord = {
      ...(existing ?? { actionId, requestedAt: readString(doc.updatedAt) }),
      status: 'pending',
      threadId,
      turnId: existing?.turnId ?? readString(item.turnId),
      actionType: readString(item.actionType) ?? existing?.actionType,
      prompt: readString(item.prompt) ?? existing?.prompt,
      severity: readString(item.severity) ?? existing?.severity,
    };
    ctx.draft.put('actions', actionId, record);
    if (!existing) ctx.draft.record('action', actionId, scope(doc, { threadId }), record.prompt);
  }
  for (const actionId of ctx.draft.tableIds('actions')) {
    const action = ctx.draft.get('actions', actionId);
    if (action && action.status === 'pending' && action.threadId === threadId && !listed.has(actionId)) {
      ctx.draft.diagnose({
        code: 'snapshot_omits_pending_action',
        message: `the snapshot does not list pending action ${actionId}; it stays pending until the runtime resolves it`,
      });
    }
  }
}

function hydrateToolCalls(ctx: ApplyContext, doc: JsonObject, threadId: string, tools: JsonObject[]): void {
  for (const item of tools) {
    const toolCallId = readString(item.toolCallId);
    if (toolCallId === undefined) continue;
    const status = readString(item.status);
    const existing = ctx.draft.get('toolCalls', toolCallId);
    const nextStatus = status === 'failed' ? 'failed' : status === 'succeeded' || status === 'completed' ? 'succeeded' : 'running';
    if (existing?.status === 'failed' && nextStatus !== 'failed') {
      ctx.draft.diagnose({
        code: 'snapshot_conflict',
        message: `the snapshot reports tool ${toolCallId} as ${status}; the recorded failure is kept`,
      });
      continue;
    }
    ctx.draft.put('toolCalls', toolCallId, {
      ...(existing ?? { toolCallId, argsText: '', outputTruncated: false, artifactIds: [], evidenceIds: [], turnId: readString(item.turnId) }),
      status: nextStatus,
      name: readString(item.toolName) ?? readString(item.name) ?? existing?.name,
      outputRef: readString(item.outputRef) ?? existing?.outputRef,
    });
    if (!existing) ctx.draft.record('tool', toolCallId, scope(doc, { threadId }), readString(item.toolName));
  }
}

export function hydrateMessages(ctx: ApplyContext, messages: JsonObject[], threadId: string | undefined): void {
  for (const item of messages) {
    const messageId = readString(item.messageId) ?? readString(item.id);
    const text = readString(item.text) ?? readString(item.content);
    if (messageId === undefined || text === undefined) continue;
    const turnId = readString(item.turnId);
    const existing = ctx.draft.get('messages', messageId);
    const partId = existing?.partIds.find((id) => ctx.draft.get('parts', id)?.kind === 'text') ?? `${messageId}#snapshot`;
    ctx.draft.put('parts', partId, { partId, messageId, kind: 'text', text, done: item.status !== 'streaming' });
    // A read model may list a message that is still streaming; only a finished one is final.
    const final = typeof item.final === 'boolean' ? item.final : item.status === undefined || item.status === 'completed';
    const record: MessageRecord = {
      ...(existing ?? { messageId, partIds: [partId], turnId, threadId, role: item.role === 'user' ? 'user' : 'assistant' }),
      status: final ? 'completed' : 'streaming',
      final,
    };
    // Superseded text parts go: the snapshot's text is the whole answer.
    for (const id of record.partIds.slice()) {
      if (id !== partId && ctx.draft.get('parts', id)?.kind === 'text') {
        ctx.draft.remove('parts', id);
        record.partIds.splice(record.partIds.indexOf(id), 1);
      }
    }
    ctx.draft.put('messages', messageId, record);
    if (!existing && turnId !== undefined) {
      const turn = ensureTurn(ctx, { type: 'messages.snapshot', eventId: '', timestamp: '', payload: {}, turnId, threadId });
      if (turn) updateTurn(ctx, turn, { messageIds: [...turn.messageIds, messageId], currentMessageId: messageId });
    }
  }
}

function hydrateThread(ctx: ApplyContext, doc: JsonObject, thread: JsonObject): void {
  const threadId = readString(thread.threadId);
  if (threadId === undefined) return;
  const record = ensureThread(ctx, threadId);
  ctx.draft.put('threads', threadId, {
    ...record,
    status: readString(thread.status) ?? record.status,
    activeTurnId: readString(thread.activeTurnId) ?? record.activeTurnId,
    incidents: objects(thread.incidents),
  });
  hydrateTurns(ctx, doc, threadId, objects(thread.turns));
  hydratePendingRequests(ctx, doc, threadId, objects(thread.pendingRequests ?? thread.pendingActions));
  hydrateToolCalls(ctx, doc, threadId, objects(thread.toolCalls));
  hydrateMessages(ctx, objects(thread.messages), threadId);
  if (Array.isArray(thread.queuedTurns)) {
    ctx.draft.setScalar(
      'queue',
      objects(thread.queuedTurns).map((q) => ({ queueId: readString(q.queueId), turnId: readString(q.turnId), preview: readString(q.preview) })),
    );
  }
  const summary = isPlainObject(thread.evidenceSummary) ? thread.evidenceSummary : undefined;
  if (summary) hydrateEvidenceRefs(ctx, doc, summary.evidenceRefs, readVerificationOutcomes(summary.verificationOutcomes), { threadId });
}

function hydrateEvidenceRefs(ctx: ApplyContext, doc: JsonObject, refs: unknown, outcomes: ReturnType<typeof readVerificationOutcomes>, fields: JsonObject): void {
  if (!Array.isArray(refs)) return;
  for (const ref of refs) {
    if (typeof ref !== 'string' || ref === '') continue;
    const record = ensureEvidence(ctx, ref, scope(doc, fields));
    if (outcomes !== undefined) mergeEvidence(ctx, record, { verificationOutcomes: outcomes }, undefined);
  }
}

function hydrateTasks(ctx: ApplyContext, doc: JsonObject, tasks: JsonObject[]): void {
  for (const item of tasks) {
    const taskId = readString(item.taskId);
    if (taskId === undefined) continue;
    const task = ensureTask(ctx, taskId, scope(doc, { threadId: readString(item.threadId), turnId: readString(item.turnId) }));
    // Attempts merge by runId: the snapshot adds and corrects, it never drops an attempt we saw.
    const attempts: TaskAttemptRecord[] = task.attempts.slice();
    for (const a of objects(item.attempts)) {
      const runId = readString(a.runId);
      if (runId === undefined) continue;
      const attempt: TaskAttemptRecord = { runId, status: readString(a.status) ?? 'unknown', attemptId: readString(a.attemptId) };
      const index = attempts.findIndex((x) => x.runId === runId);
      if (index >= 0) attempts[index] = { ...attempts[index]!, ...attempt };
      else attempts.push(attempt);
    }
    const evidenceRefs = Array.isArray(item.evidenceRefs) ? item.evidenceRefs.filter((r): r is string => typeof r === 'string') : task.evidenceRefs;
    ctx.draft.put('tasks', taskId, {
      ...task,
      status: readString(item.status) ?? task.status,
      objective: readString(item.objective) ?? task.objective,
      title: readString(item.title) ?? task.title,
      currentRunId: readString(item.currentRunId) ?? task.currentRunId,
      attempts,
      evidenceRefs,
    });
  }
}

function hydrateRouting(ctx: ApplyContext, summary: JsonObject): void {
  const current = ctx.draft.scalar('routing') ?? { notPossible: false };
  const candidateCount = readNumber(summary.candidateCount) ?? (summary.singleCandidate === true ? 1 : current.candidateCount);
  ctx.draft.setScalar('routing', {
    ...current,
    selectedModel: readString(summary.selectedModel) ?? current.selectedModel,
    candidateCount,
    decisionSource: readString(summary.decisionSource) ?? current.decisionSource,
    fallbackModel: readString(summary.fallbackModel) ?? current.fallbackModel,
  });
}

/** A benchmark evidence pack (neither event nor snapshot) becomes one evidence record. */
function hydrateBenchmarkPack(ctx: ApplyContext, doc: JsonObject): void {
  const benchmark = isPlainObject(doc.benchmark) ? doc.benchmark : {};
  const correlation = isPlainObject(doc.runtimeCorrelation) ? doc.runtimeCorrelation : {};
  const refs = isPlainObject(doc.refs) ? doc.refs : {};
  const trajectory = isPlainObject(doc.trajectory) ? doc.trajectory : {};
  const evidenceId = readString(benchmark.trialId) ?? 'benchmark-pack';
  const record = ensureEvidence(ctx, evidenceId, scope(doc, correlation));
  mergeEvidence(
    ctx,
    record,
    {
      status: readString(trajectory.exportStatus),
      packRef: readString(benchmark.harborTrialRef),
      replayRef: readString(trajectory.ref) ?? readString(refs.trajectoryRef),
      reviewRef: readString(refs.agentQcReportRef),
      traceRef: readString(correlation.traceId),
    },
    undefined,
  );
}

/** Applies a session snapshot, a thread read model or an evidence pack to the projection. */
export function applySnapshotDocument(ctx: ApplyContext, doc: unknown): HydrateOutcome {
  const kind = classifyDocument(doc);
  if (!isPlainObject(doc)) return { kind };
  if (kind === 'benchmark-pack') {
    hydrateBenchmarkPack(ctx, doc);
    return { kind };
  }
  if (kind !== 'session-snapshot' && kind !== 'thread-read-model') return { kind };
  const session = ctx.draft.scalar('session');
  const sessionId = readString(doc.sessionId);
  ctx.draft.setScalar('session', {
    ...session,
    sessionId: session.sessionId ?? sessionId,
    runtimeId: session.runtimeId ?? readString(doc.runtimeId),
    schemaVersion: session.schemaVersion ?? readString(doc.schemaVersion),
    hydratedAt: readString(doc.updatedAt) ?? session.hydratedAt,
  });
  if (kind === 'session-snapshot') {
    for (const thread of objects(doc.threads)) hydrateThread(ctx, doc, thread);
    hydrateTasks(ctx, doc, objects(doc.tasks));
    if (isPlainObject(doc.routingLimitSummary)) hydrateRouting(ctx, doc.routingLimitSummary);
    hydrateEvidenceRefs(ctx, doc, doc.evidenceRefs, undefined, {});
  } else {
    hydrateThread(ctx, doc, doc);
    hydrateTasks(ctx, doc, objects(doc.tasks));
    if (isPlainObject(doc.routingLimitSummary)) hydrateRouting(ctx, doc.routingLimitSummary);
  }
  return { kind, cursor: readCursor(doc), sessionId };
}
