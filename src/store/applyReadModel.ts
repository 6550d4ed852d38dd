// Applies decoded read models (protocol/readModel.ts) to the projection through the merge rules
// of merge.ts. The three ways a read model arrives take this one path: `applyReadModel` (repair or first
// screen), a `snapshot.updated` / `messages.snapshot` event in the stream, and a page of older
// history (`prependHistory`), which goes in front and never changes the latest turn.
import type { JsonObject, RuntimeEventEnvelope } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { readString } from '../protocol/payloadReaders';
import {
  decodeCursor,
  decodeMessages,
  decodeReadModel,
  type ReadModel,
  type ReadModelMessage,
  type ReadModelThread,
} from '../protocol/readModel';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import type { MessagePart, MessageRecord, TurnRecord } from './records';
import type { ApplyContext } from './apply/context';
import { ensureEvidence, mergeEvidence } from './apply/evidence';
import { ensureThread, ensureTurn, flagPendingActionsAtCompletion, setQueue, updateTurn } from './apply/lifecycle';
import { diagnoseReusedToolCallId, draftToolCalls, toolCallKey } from './toolCallKey';
import { ensureTask } from './apply/tasks';
import { mergeAction, mergeArtifact, mergeIncidents, mergeSubagent, mergeTask, mergeToolCall, mergeTurn, type Merged } from './merge';
import { NO_IDS } from './noIds';

export interface ReadModelOutcome {
  kind: RuntimeDocumentKind;
  /** The sequence the stream resumes after, when the snapshot states one. */
  cursor?: number;
  sessionId?: string;
}

/** The sequence a snapshot or read model is current through, when it says. */
export function readCursor(doc: JsonObject): number | undefined {
  return decodeCursor(doc).sequence;
}

/** Where facts new to the store go: after what is loaded (live), or in front of it (older history). */
type Placement = 'latest' | 'older';

/** A pseudo-event that carries the model's correlation into the shared `ensure*` helpers. */
function scope(model: Pick<ReadModel, 'updatedAt' | 'sessionId'>, fields: { threadId?: string; turnId?: string } = {}): RuntimeEventEnvelope {
  return {
    type: 'snapshot.updated',
    eventId: `snapshot:${model.updatedAt ?? ''}`,
    timestamp: model.updatedAt ?? '',
    ...(model.sessionId !== undefined && { sessionId: model.sessionId }),
    payload: {},
    ...fields,
  } as RuntimeEventEnvelope;
}

function conflictOf<T>(ctx: ApplyContext, merged: Merged<T>): T {
  if (merged.conflict !== undefined) ctx.draft.diagnose({ code: 'snapshot_conflict', message: merged.conflict });
  return merged.record;
}

/** A turn the model names, created where its placement says. */
function turnFor(ctx: ApplyContext, model: ReadModel | undefined, threadId: string | undefined, turnId: string, placement: Placement, older: string[]): TurnRecord {
  const existing = ctx.draft.get('turns', turnId);
  if (existing) return existing;
  if (placement === 'latest') return ensureTurn(ctx, scope(model ?? {}, { threadId, turnId }))!;
  older.push(turnId);
  return ctx.draft.put('turns', turnId, { turnId, threadId, lifecycle: 'unknown', runIds: NO_IDS, messageIds: NO_IDS, actionIds: NO_IDS, toolCallIds: NO_IDS });
}

function applyTurns(ctx: ApplyContext, model: ReadModel, thread: ReadModelThread, placement: Placement, older: string[]): void {
  for (const incoming of thread.turns) {
    const turn = turnFor(ctx, model, thread.threadId, incoming.turnId, placement, older);
    updateTurn(ctx, turn, conflictOf(ctx, mergeTurn(turn, incoming)));
  }
}

/**
 * A snapshot corrects state but never silently erases an unresolved action: an action we hold as
 * pending that the snapshot omits stays pending, with a diagnostic.
 */
function applyActions(ctx: ApplyContext, model: ReadModel, thread: ReadModelThread): void {
  const listed = new Set<string>();
  for (const incoming of [...thread.pendingActions, ...thread.actions]) {
    if (incoming.status === 'pending') listed.add(incoming.actionId);
    const existing = ctx.draft.get('actions', incoming.actionId);
    const record = conflictOf(ctx, mergeAction(existing, incoming, thread.threadId, model.updatedAt));
    ctx.draft.put('actions', incoming.actionId, record);
    if (!existing) ctx.draft.record('action', incoming.actionId, scope(model, { threadId: thread.threadId }), record.prompt);
    if (record.status !== 'pending' && ctx.draft.scalar('responding').has(incoming.actionId)) {
      const next = new Map(ctx.draft.scalar('responding'));
      next.delete(incoming.actionId);
      ctx.draft.setScalar('responding', next);
    }
  }
  for (const actionId of ctx.draft.tableIds('actions')) {
    const action = ctx.draft.get('actions', actionId);
    if (action && action.status === 'pending' && action.threadId === thread.threadId && !listed.has(actionId)) {
      ctx.draft.diagnose({
        code: 'snapshot_omits_pending_action',
        message: `the snapshot does not list pending action ${actionId}; it stays pending until the runtime resolves it`,
      });
    }
  }
}

function applyToolCalls(ctx: ApplyContext, model: ReadModel, thread: ReadModelThread): void {
  for (const incoming of thread.toolCalls) {
    // One call per (turn, toolCallId), as the events key it.
    const key = toolCallKey(draftToolCalls(ctx), incoming.toolCallId, incoming.turnId);
    const existing = ctx.draft.get('toolCalls', key);
    if (!existing && key !== incoming.toolCallId) diagnoseReusedToolCallId(ctx, incoming.toolCallId, incoming.turnId);
    const record = conflictOf(ctx, mergeToolCall(existing, incoming));
    ctx.draft.put('toolCalls', key, record);
    if (!existing) ctx.draft.record('tool', key, scope(model, { threadId: thread.threadId }), record.name);
  }
}

/** The model's parts replace the message's parts: the listed order is the answer's order. */
function replaceParts(ctx: ApplyContext, messageId: string, held: readonly string[], parts: NonNullable<ReadModelMessage['parts']>): string[] {
  for (const id of held) ctx.draft.remove('parts', id);
  return parts.map((part, i) => {
    const partId = `${messageId}#s${i}`;
    ctx.draft.put('parts', partId, { partId, messageId, ...part } as MessagePart);
    return partId;
  });
}

/** The model's text (and reasoning) replace the message's text (and reasoning) parts; other parts stay. */
function replaceText(ctx: ApplyContext, messageId: string, held: readonly string[], incoming: ReadModelMessage): string[] {
  const kindOf = (id: string) => ctx.draft.get('parts', id)?.kind;
  let partIds = held.slice();
  const swap = (kind: 'text' | 'reasoning', text: string, fallbackId: string, done: boolean) => {
    const same = partIds.filter((id) => kindOf(id) === kind);
    const keep = same[0] ?? fallbackId;
    for (const id of same.slice(1)) ctx.draft.remove('parts', id);
    partIds = partIds.filter((id) => id === keep || kindOf(id) !== kind);
    ctx.draft.put('parts', keep, { partId: keep, messageId, kind, text, done });
    if (!partIds.includes(keep)) partIds = kind === 'reasoning' ? [keep, ...partIds] : [...partIds, keep];
  };
  if (incoming.text !== undefined) swap('text', incoming.text, `${messageId}#snapshot`, incoming.final);
  if (incoming.reasoning !== undefined) swap('reasoning', incoming.reasoning, `${messageId}#reasoning`, true);
  return partIds;
}

function applyMessages(
  ctx: ApplyContext,
  model: ReadModel | undefined,
  messages: readonly ReadModelMessage[],
  threadId: string | undefined,
  placement: Placement,
  older: string[],
): number {
  let added = 0;
  for (const incoming of messages) {
    const existing = ctx.draft.get('messages', incoming.messageId);
    // A finished message never goes back to streaming: an older snapshot's partial text is not taken.
    if (existing && !incoming.final && (existing.final || existing.status !== 'streaming')) {
      if (existing.final) {
        ctx.draft.diagnose({
          code: 'snapshot_conflict',
          message: `the snapshot reports message ${incoming.messageId} as still streaming; its final text is kept`,
        });
      }
      continue;
    }
    const held = existing?.partIds ?? [];
    const partIds = incoming.parts !== undefined ? replaceParts(ctx, incoming.messageId, held, incoming.parts) : replaceText(ctx, incoming.messageId, held, incoming);
    const record: MessageRecord = {
      ...(existing ?? { messageId: incoming.messageId, threadId, role: incoming.role }),
      // The model's turn is the message's turn: a correlation it states corrects ours.
      turnId: incoming.turnId ?? existing?.turnId,
      partIds,
      status: incoming.final ? 'completed' : 'streaming',
      final: incoming.final,
    };
    ctx.draft.put('messages', incoming.messageId, record);
    const moved = existing !== undefined && existing.turnId !== record.turnId;
    if (moved && existing.turnId !== undefined) {
      const from = ctx.draft.get('turns', existing.turnId);
      if (from) updateTurn(ctx, from, { messageIds: from.messageIds.filter((id) => id !== incoming.messageId) });
    }
    if (existing && !moved) continue;
    if (!existing) added += 1;
    if (incoming.turnId === undefined) continue;
    const turn = turnFor(ctx, model, threadId, incoming.turnId, placement, older);
    // Only an assistant message is where the turn's next parts go; a user message never is.
    updateTurn(ctx, turn, {
      messageIds: turn.messageIds.includes(incoming.messageId) ? turn.messageIds : [...turn.messageIds, incoming.messageId],
      ...(record.role === 'assistant' && placement === 'latest' && { currentMessageId: incoming.messageId }),
    });
  }
  return added;
}

function applyThread(ctx: ApplyContext, model: ReadModel, thread: ReadModelThread): void {
  const record = ensureThread(ctx, thread.threadId);
  ctx.draft.put('threads', thread.threadId, {
    ...record,
    status: thread.status ?? record.status,
    activeTurnId: thread.activeTurnId ?? record.activeTurnId,
    incidents: mergeIncidents(record.incidents, thread.incidents),
  });
  const endedBefore = new Set(thread.turns.filter((t) => ctx.draft.get('turns', t.turnId)?.lifecycle === 'completed').map((t) => t.turnId));
  applyTurns(ctx, model, thread, 'latest', []);
  applyActions(ctx, model, thread);
  // A snapshot that completes a turn while its action is still pending states a contradiction:
  // the action stays pending and the diagnostic says so, as when the events say it (bug 25).
  for (const { turnId } of thread.turns) {
    const turn = ctx.draft.get('turns', turnId);
    if (turn?.lifecycle !== 'completed' || endedBefore.has(turnId)) continue;
    // Snapshot actions name their turn without joining its actionIds: link them before the check.
    const linked = thread.pendingActions.filter((a) => a.turnId === turnId && !turn.actionIds.includes(a.actionId)).map((a) => a.actionId);
    const withActions = linked.length > 0 ? updateTurn(ctx, turn, { actionIds: [...turn.actionIds, ...linked] }) : turn;
    flagPendingActionsAtCompletion(ctx, withActions, { type: 'snapshot' });
  }
  applyToolCalls(ctx, model, thread);
  applyMessages(ctx, model, thread.messages, thread.threadId, 'latest', []);
  for (const incoming of thread.artifacts) {
    const existing = ctx.draft.get('artifacts', incoming.artifactId);
    ctx.draft.put('artifacts', incoming.artifactId, mergeArtifact(existing, incoming));
    if (!existing) ctx.draft.record('artifact', incoming.artifactId, scope(model));
  }
  for (const incoming of thread.subagents) {
    const existing = ctx.draft.get('subagents', incoming.subagentId);
    ctx.draft.put('subagents', incoming.subagentId, conflictOf(ctx, mergeSubagent(existing, incoming)));
    if (!existing) ctx.draft.record('subagent', incoming.subagentId, scope(model));
  }
  for (const { evidenceId, ...facts } of thread.evidence) mergeEvidence(ctx, ensureEvidence(ctx, evidenceId, scope(model)), facts, undefined);
  if (thread.queue !== undefined) setQueue(ctx, thread.queue);
  for (const ref of thread.evidenceRefs) {
    const record = ensureEvidence(ctx, ref, scope(model, { threadId: thread.threadId }));
    if (thread.verificationOutcomes !== undefined) mergeEvidence(ctx, record, { verificationOutcomes: thread.verificationOutcomes }, undefined);
  }
}

function applyTasksAndRouting(ctx: ApplyContext, model: ReadModel): void {
  for (const incoming of model.tasks) {
    const task = ensureTask(ctx, incoming.taskId, scope(model, { threadId: incoming.threadId, turnId: incoming.turnId }));
    ctx.draft.put('tasks', incoming.taskId, conflictOf(ctx, mergeTask(task, incoming)));
  }
  const routing = model.routing;
  if (routing === undefined) return;
  const current = ctx.draft.scalar('routing') ?? { notPossible: false };
  ctx.draft.setScalar('routing', {
    ...current,
    selectedModel: routing.selectedModel ?? current.selectedModel,
    candidateCount: routing.candidateCount ?? (routing.singleCandidate === true ? 1 : current.candidateCount),
    decisionSource: routing.decisionSource ?? current.decisionSource,
    fallbackModel: routing.fallbackModel ?? current.fallbackModel,
  });
}

/** Applies a decoded read model: session facts, every thread, tasks, routing and evidence refs. */
export function applyReadModel(ctx: ApplyContext, model: ReadModel): void {
  const session = ctx.draft.scalar('session');
  ctx.draft.setScalar('session', {
    ...session,
    sessionId: session.sessionId ?? model.sessionId,
    runtimeId: session.runtimeId ?? model.runtimeId,
    schemaVersion: session.schemaVersion ?? model.schemaVersion,
    hydratedAt: model.updatedAt ?? session.hydratedAt,
  });
  for (const thread of model.threads) applyThread(ctx, model, thread);
  applyTasksAndRouting(ctx, model);
  for (const ref of model.evidenceRefs) ensureEvidence(ctx, ref, scope(model));
}

/** Messages a `messages.snapshot` event lists, merged like a read model's. Returns how many were new. */
export function hydrateMessages(ctx: ApplyContext, messages: unknown, threadId: string | undefined): number {
  return applyMessages(ctx, undefined, decodeMessages(messages), threadId, 'latest', []);
}

/**
 * Older history (a page loaded with `readThread({ before })`): its turns and messages go in front
 * of what is loaded, in the order the page lists them. The latest turn, the thread's active turn
 * and live state (stale, cursor) are untouched.
 */
export function prependHistory(ctx: ApplyContext, doc: unknown): ReadModelOutcome {
  const model = decodeReadModel(doc);
  if (!model) return { kind: classifyDocument(doc) };
  const messagesBefore = ctx.draft.tableIds('messages').length;
  for (const thread of model.threads) {
    const olderTurnIds: string[] = [];
    for (const incoming of thread.turns) {
      const turn = turnFor(ctx, model, thread.threadId, incoming.turnId, 'older', olderTurnIds);
      updateTurn(ctx, turn, conflictOf(ctx, mergeTurn(turn, incoming)));
    }
    applyMessages(ctx, model, thread.messages, thread.threadId, 'older', olderTurnIds);
    if (olderTurnIds.length === 0) continue;
    const record = ensureThread(ctx, thread.threadId);
    const prepended = new Set(olderTurnIds);
    ctx.draft.put('threads', thread.threadId, { ...record, turnIds: [...olderTurnIds, ...record.turnIds.filter((id) => !prepended.has(id))] });
    ctx.draft.moveNewestToFront('turns', olderTurnIds.length);
  }
  ctx.draft.moveNewestToFront('messages', ctx.draft.tableIds('messages').length - messagesBefore);
  return { kind: model.kind };
}

/** A benchmark evidence pack (neither event nor snapshot) becomes one evidence record. */
function hydrateBenchmarkPack(ctx: ApplyContext, doc: JsonObject): void {
  const benchmark = isPlainObject(doc.benchmark) ? doc.benchmark : {};
  const correlation = isPlainObject(doc.runtimeCorrelation) ? doc.runtimeCorrelation : {};
  const refs = isPlainObject(doc.refs) ? doc.refs : {};
  const trajectory = isPlainObject(doc.trajectory) ? doc.trajectory : {};
  const evidenceId = readString(benchmark.trialId) ?? 'benchmark-pack';
  const pseudo = { ...scope({ updatedAt: readString(doc.updatedAt) }), ...correlation } as RuntimeEventEnvelope;
  const record = ensureEvidence(ctx, evidenceId, pseudo);
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
export function applySnapshotDocument(ctx: ApplyContext, doc: unknown): ReadModelOutcome {
  const kind = classifyDocument(doc);
  if (kind === 'benchmark-pack' && isPlainObject(doc)) {
    hydrateBenchmarkPack(ctx, doc);
    return { kind };
  }
  const model = decodeReadModel(doc);
  if (!model) return { kind };
  applyReadModel(ctx, model);
  return { kind: model.kind, ...(model.cursor !== undefined && { cursor: model.cursor }), ...(model.sessionId !== undefined && { sessionId: model.sessionId }) };
}
