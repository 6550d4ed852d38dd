import type { JsonObject } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { readBoolean, readNumber, readString, readVerificationOutcomes } from '../protocol/payloadReaders';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import type { ActionRecord, MessagePart, MessageRecord, TaskAttemptRecord, ToolCallRecord, TurnLifecycle } from './records';
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

/** The sequence a snapshot or read model is current through, when it says. */
export function readCursor(doc: JsonObject): number | undefined {
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
    const category = readString(item.failureCategory);
    const failure =
      category !== undefined || item.message !== undefined
        ? { ...existing?.failure, category, retryable: readBoolean(item.retryable), recoveryHint: readString(item.recoveryHint), message: readString(item.message) }
        : existing?.failure;
    const base: ToolCallRecord = existing ?? { toolCallId, argsText: '', status: 'running', outputTruncated: false, artifactIds: [], evidenceIds: [], turnId: readString(item.turnId) };
    ctx.draft.put('toolCalls', toolCallId, {
      ...base,
      status: nextStatus,
      name: readString(item.toolName) ?? readString(item.name) ?? base.name,
      outputRef: readString(item.outputRef) ?? base.outputRef,
      safeArgs: item.safeArgs ?? base.safeArgs,
      argsText: readString(item.argsText) ?? base.argsText,
      outputPreview: readString(item.preview) ?? base.outputPreview,
      durationMs: readNumber(item.durationMs) ?? base.durationMs,
      progress: readNumber(item.progress) ?? base.progress,
      ...(failure !== undefined && { failure }),
    });
    if (!existing) ctx.draft.record('tool', toolCallId, scope(doc, { threadId }), readString(item.toolName));
  }
}

const PART_KINDS = new Set(['text', 'reasoning', 'tool', 'action', 'artifact']);

/** A snapshot that lists a message's parts is authoritative for them: they replace what we had. */
function hydrateParts(ctx: ApplyContext, record: MessageRecord, parts: JsonObject[]): void {
  for (const id of record.partIds) ctx.draft.remove('parts', id);
  record.partIds.length = 0;
  parts.forEach((part, i) => {
    const kind = readString(part.kind);
    if (kind === undefined || !PART_KINDS.has(kind)) return;
    const partId = `${record.messageId}#s${i}`;
    ctx.draft.put('parts', partId, {
      partId,
      messageId: record.messageId,
      kind: kind as MessagePart['kind'],
      ...(readString(part.text) !== undefined && { text: readString(part.text) }),
      ...(readString(part.refId) !== undefined && { refId: readString(part.refId) }),
      done: part.done === true || (kind !== 'text' && kind !== 'reasoning'),
    });
    record.partIds.push(partId);
  });
}

export function hydrateMessages(ctx: ApplyContext, messages: JsonObject[], threadId: string | undefined): number {
  let added = 0;
  for (const item of messages) {
    const messageId = readString(item.messageId) ?? readString(item.id);
    const text = readString(item.text) ?? readString(item.content);
    if (messageId === undefined || (text === undefined && !Array.isArray(item.parts))) continue;
    const turnId = readString(item.turnId);
    const existing = ctx.draft.get('messages', messageId);
    // A read model may list a message that is still streaming; only a finished one is final.
    const final = typeof item.final === 'boolean' ? item.final : item.status === undefined || item.status === 'completed';
    const record: MessageRecord = {
      ...(existing ?? { messageId, partIds: [], turnId, threadId, role: item.role === 'user' ? 'user' : 'assistant' }),
      status: final ? 'completed' : 'streaming',
      final,
    };
    if (Array.isArray(item.parts)) {
      hydrateParts(ctx, record, item.parts.filter(isPlainObject));
    } else if (text !== undefined) {
      const partId = record.partIds.find((id) => ctx.draft.get('parts', id)?.kind === 'text') ?? `${messageId}#snapshot`;
      ctx.draft.put('parts', partId, { partId, messageId, kind: 'text', text, done: item.status !== 'streaming' });
      if (!record.partIds.includes(partId)) record.partIds.push(partId);
      // Superseded text parts go: the snapshot's text is the whole answer.
      for (const id of record.partIds.slice()) {
        if (id !== partId && ctx.draft.get('parts', id)?.kind === 'text') {
          ctx.draft.remove('parts', id);
          record.partIds.splice(record.partIds.indexOf(id), 1);
        }
      }
      const reasoning = readString(item.reasoning);
      if (reasoning !== undefined && reasoning !== '') hydrateReasoning(ctx, record, reasoning);
    }
    ctx.draft.put('messages', messageId, record);
    if (!existing) added += 1;
    if (!existing && turnId !== undefined) {
      const turn = ensureTurn(ctx, { type: 'messages.snapshot', eventId: '', timestamp: '', payload: {}, turnId, threadId });
      // Only an assistant message is where the turn's next parts go; a user message never is.
      if (turn) updateTurn(ctx, turn, { messageIds: [...turn.messageIds, messageId], ...(record.role === 'assistant' && { currentMessageId: messageId }) });
    }
  }
  return added;
}

/** The snapshot's reasoning replaces the message's reasoning parts: one finished part, first. */
function hydrateReasoning(ctx: ApplyContext, record: MessageRecord, reasoning: string): void {
  const reasoningIds = record.partIds.filter((id) => ctx.draft.get('parts', id)?.kind === 'reasoning');
  const keep = reasoningIds[0] ?? `${record.messageId}#reasoning`;
  for (const id of reasoningIds.slice(1)) {
    ctx.draft.remove('parts', id);
    record.partIds.splice(record.partIds.indexOf(id), 1);
  }
  ctx.draft.put('parts', keep, { partId: keep, messageId: record.messageId, kind: 'reasoning', text: reasoning, done: true });
  if (!record.partIds.includes(keep)) record.partIds.unshift(keep);
}

/** Resolved actions a read model reports are runtime facts; pending ones are handled with the thread. */
function hydrateActions(ctx: ApplyContext, doc: JsonObject, actions: JsonObject[]): void {
  for (const item of actions) {
    const actionId = readString(item.actionId);
    const status = readString(item.status);
    if (actionId === undefined || (status !== 'resolved' && status !== 'cancelled' && status !== 'expired')) continue;
    const existing = ctx.draft.get('actions', actionId);
    ctx.draft.put('actions', actionId, {
      ...(existing ?? { actionId, turnId: readString(item.turnId), prompt: readString(item.prompt), actionType: readString(item.actionType), severity: readString(item.severity) }),
      status,
      ...(readString(item.decision) !== undefined && { decision: readString(item.decision) }),
    });
    if (!existing) ctx.draft.record('action', actionId, scope(doc, {}));
    if (ctx.draft.scalar('responding').has(actionId)) {
      const next = new Map(ctx.draft.scalar('responding'));
      next.delete(actionId);
      ctx.draft.setScalar('responding', next);
    }
  }
}

function hydrateSubagents(ctx: ApplyContext, doc: JsonObject, subagents: JsonObject[]): void {
  for (const item of subagents) {
    const subagentId = readString(item.subagentId);
    if (subagentId === undefined) continue;
    const existing = ctx.draft.get('subagents', subagentId);
    const record = existing ?? { subagentId, status: 'unknown', closed: false, messageIds: [], artifactIds: [], evidenceIds: [] };
    ctx.draft.put('subagents', subagentId, {
      ...record,
      role: readString(item.role) ?? record.role,
      parentTaskId: readString(item.parentTaskId) ?? record.parentTaskId,
      parentThreadId: readString(item.parentThreadId) ?? record.parentThreadId,
      status: readString(item.status) ?? record.status,
    });
    if (!existing) ctx.draft.record('subagent', subagentId, scope(doc, {}));
  }
}

function hydrateEvidenceRecords(ctx: ApplyContext, doc: JsonObject, items: JsonObject[]): void {
  for (const item of items) {
    const evidenceId = readString(item.evidenceId);
    if (evidenceId === undefined) continue;
    mergeEvidence(ctx, ensureEvidence(ctx, evidenceId, scope(doc, {})), {
      status: readString(item.status),
      packRef: readString(item.packRef),
      replayRef: readString(item.replayRef),
      reviewRef: readString(item.reviewRef),
      verificationOutcomes: readVerificationOutcomes(item.verificationOutcomes),
    }, undefined);
  }
}

/**
 * Older history (a page loaded with `readThread({ before })`): its messages and turns go in front
 * of what is loaded, in the order the page lists them. Live state (stale, cursor) is untouched.
 */
export function applyOlderHistory(ctx: ApplyContext, doc: unknown): HydrateOutcome {
  const kind = classifyDocument(doc);
  if (!isPlainObject(doc) || (kind !== 'session-snapshot' && kind !== 'thread-read-model')) return { kind };
  const thread = kind === 'session-snapshot' ? objects(doc.threads)[0] : doc;
  const threadId = readString(thread?.threadId);
  const turnsBefore = ctx.draft.tableIds('turns').length;
  const added = hydrateMessages(ctx, objects(doc.messages ?? thread?.messages), threadId);
  ctx.draft.moveNewestToFront('messages', added);
  ctx.draft.moveNewestToFront('turns', ctx.draft.tableIds('turns').length - turnsBefore);
  return { kind };
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
  hydrateArtifacts(ctx, doc, objects(thread.artifacts));
  hydrateActions(ctx, doc, objects(thread.actions));
  hydrateSubagents(ctx, doc, objects(thread.subagents));
  hydrateEvidenceRecords(ctx, doc, objects(thread.evidence));
  if (Array.isArray(thread.queuedTurns)) {
    ctx.draft.setScalar(
      'queue',
      objects(thread.queuedTurns).map((q) => ({ queueId: readString(q.queueId), turnId: readString(q.turnId), preview: readString(q.preview) })),
    );
  }
  const summary = isPlainObject(thread.evidenceSummary) ? thread.evidenceSummary : undefined;
  if (summary) hydrateEvidenceRefs(ctx, doc, summary.evidenceRefs, readVerificationOutcomes(summary.verificationOutcomes), { threadId });
}

/** Artifact refs a read model lists; a kind it does not state stays unknown. */
function hydrateArtifacts(ctx: ApplyContext, doc: JsonObject, artifacts: JsonObject[]): void {
  for (const item of artifacts) {
    const artifactId = readString(item.artifactId);
    if (artifactId === undefined) continue;
    const existing = ctx.draft.get('artifacts', artifactId);
    const versionId = readString(item.versionId);
    const record = existing ?? { artifactId, versionIds: [], toolCallId: readString(item.toolCallId), turnId: readString(item.turnId) };
    if (versionId !== undefined && !record.versionIds.includes(versionId)) record.versionIds.push(versionId);
    ctx.draft.put('artifacts', artifactId, {
      ...record,
      kind: readString(item.kind) ?? record.kind,
      status: readString(item.status) ?? record.status,
      title: readString(item.title) ?? record.title,
      currentVersionId: versionId ?? record.currentVersionId,
    });
    if (!existing) ctx.draft.record('artifact', artifactId, scope(doc, {}));
  }
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
  // An empty summary says nothing about routing: no chip, rather than a chip of unknowns.
  if (!['selectedModel', 'candidateCount', 'singleCandidate', 'decisionSource', 'fallbackModel'].some((k) => summary[k] !== undefined)) return;
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
