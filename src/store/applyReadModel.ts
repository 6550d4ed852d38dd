// Applies decoded read models (protocol/readModel.ts) to the projection through the merge rules
// of merge.ts. The three ways a read model arrives take this one path: `applyReadModel` (repair or first
// screen), a `snapshot.updated` / `messages.snapshot` event in the stream, and a page of older
// history (`prependHistory`), which goes in front and never changes the latest turn.
import type { JsonObject } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { readString } from '../protocol/payloadReaders';
import {
  decodeMessages,
  decodeReadModel,
  type ReadModel,
  type ReadModelMessage,
  type ReadModelThread,
} from '../protocol/readModel';
import { classifyDocument, type RuntimeDocumentKind } from '../protocol/snapshots';
import type { MessagePart, MessageRecord, TurnRecord } from './records';
import type { ApplyContext, FactOrigin, ReadModelRefusal } from './apply/context';
import { ensureEvidence, mergeEvidence } from './apply/evidence';
import { ensureThread, ensureTurn, flagPendingActionsAtCompletion, newTurn, setQueue, updateTurn } from './apply/lifecycle';
import { diagnoseReusedToolCallId, draftToolCalls, toolCallKey } from './toolCallKey';
import { ensureTask } from './apply/tasks';
import { isLaggingText, isTerminalLifecycle, mergeAction, mergeArtifact, mergeIncidents, mergeSubagent, mergeTask, mergeToolCall, mergeTurn, type Merged } from './merge';
import { IdList } from './idList';
import { anchorsOfNew, placeBefore } from './placeBefore';

export interface ReadModelOutcome {
  kind: RuntimeDocumentKind;
  /** The sequence the stream resumes after, when the snapshot states one. */
  cursor?: number;
  sessionId?: string;
}

/** Where facts new to the store go: after what is loaded (live), or in front of it (older history). */
type Placement = 'latest' | 'older';

/** Where a read model's facts come from: the model, when it was current, and the ids an entity names. */
function originOf(model: Pick<ReadModel, 'updatedAt' | 'sessionId'> | undefined, ids: { threadId?: string; turnId?: string } = {}): FactOrigin {
  return { type: 'snapshot.updated', timestamp: model?.updatedAt, sessionId: model?.sessionId, ...ids };
}

/** The merged record; each disagreement the merge kept out is its own `snapshot_conflict`. */
function conflictOf<T>(ctx: ApplyContext, merged: Merged<T>): T {
  for (const message of merged.conflicts) ctx.draft.diagnose({ code: 'snapshot_conflict', message });
  return merged.record;
}

/** A turn the model names, created where its placement says. */
function turnFor(ctx: ApplyContext, model: ReadModel | undefined, threadId: string | undefined, turnId: string, placement: Placement, older: string[]): TurnRecord {
  const existing = ctx.draft.get('turns', turnId);
  if (existing) return existing;
  if (placement === 'latest') return ensureTurn(ctx, { threadId, turnId })!;
  older.push(turnId);
  return ctx.draft.put('turns', turnId, newTurn(turnId, threadId));
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
    if (!existing) ctx.draft.record('action', incoming.actionId, originOf(model, { threadId: thread.threadId }), record.prompt);
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
    const record = conflictOf(ctx, mergeToolCall(existing, incoming, model.cursor !== undefined));
    ctx.draft.put('toolCalls', key, record);
    if (!existing) ctx.draft.record('tool', key, originOf(model, { threadId: thread.threadId }), record.name);
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
  if (incoming.text !== undefined) swap('text', incoming.text, `${messageId}#snapshot`, incoming.final === true);
  if (incoming.reasoning !== undefined) swap('reasoning', incoming.reasoning, `${messageId}#reasoning`, true);
  return partIds;
}

/** The answer text a message holds (its text parts, joined), as the draft has it. */
function heldText(ctx: ApplyContext, message: MessageRecord): string {
  let text = '';
  for (const id of message.partIds) {
    const part = ctx.draft.get('parts', id);
    if (part?.kind === 'text') text += part.text ?? '';
  }
  return text;
}

/** The answer text a read-model message states: its text, or its listed text parts joined. */
function statedText(incoming: ReadModelMessage): string | undefined {
  if (incoming.parts === undefined) return incoming.text;
  return incoming.parts.filter((part) => part.kind === 'text').map((part) => part.text ?? '').join('');
}

/** How a message not stated final stands when its turn has ended: as the turn's end settles it. */
function settledByTurn(turn: TurnRecord | undefined): MessageRecord['status'] {
  if (turn === undefined || !isTerminalLifecycle(turn.lifecycle)) return 'streaming';
  return turn.lifecycle === 'failed' ? 'failed' : turn.lifecycle === 'cancelled' ? 'interrupted' : 'completed';
}

/**
 * A message the store has settled (final, or ended with its turn) keeps its text: a read model that
 * says otherwise is a conflict, never a silent replacement.
 */
function keepSettledMessage(ctx: ApplyContext, existing: MessageRecord, incoming: ReadModelMessage): void {
  if (incoming.final === false && existing.final) {
    ctx.draft.diagnose({ code: 'snapshot_conflict', message: `the snapshot reports message ${incoming.messageId} as still streaming; its final text is kept` });
    return;
  }
  const stated = statedText(incoming);
  const held = heldText(ctx, existing);
  if (stated !== undefined && stated !== held && (existing.final || !isLaggingText(held, stated))) {
    ctx.draft.diagnose({
      code: 'snapshot_conflict',
      message: `the snapshot reports message ${incoming.messageId} with other text; its ${existing.final ? 'final' : existing.status} text is kept`,
    });
  }
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
  const known = new Set<string>();
  for (const incoming of messages) {
    const existing = ctx.draft.get('messages', incoming.messageId);
    if (existing) known.add(incoming.messageId);
    // A finished message never goes back to streaming and keeps its text. A message only its turn's
    // end settled (no final-text fact yet) takes the read model's final, as model.completed would; one
    // a cancel interrupted stays as the cancel left it.
    const finalizes = existing !== undefined && !existing.final && existing.status !== 'interrupted' && incoming.final === true;
    const turnId = incoming.turnId ?? existing?.turnId;
    let record: MessageRecord;
    if (existing && (existing.final || (existing.status !== 'streaming' && !finalizes))) {
      keepSettledMessage(ctx, existing, incoming);
      // The model's turn is the message's turn: a correlation it states corrects ours, settled or not.
      record = turnId === existing.turnId ? existing : { ...existing, turnId };
    } else {
      const final = incoming.final === true;
      const held = existing?.partIds ?? [];
      // Streamed text a read model without a cursor (it may lag) holds less of stays as it streamed.
      const lagging = existing !== undefined && !final && model?.cursor === undefined && isLaggingText(heldText(ctx, existing), statedText(incoming));
      const partIds = lagging ? held : incoming.parts !== undefined ? replaceParts(ctx, incoming.messageId, held, incoming.parts) : replaceText(ctx, incoming.messageId, held, incoming);
      record = {
        ...(existing ?? { messageId: incoming.messageId, threadId, role: incoming.role }),
        turnId,
        partIds,
        // Absent finality is unknown, never final: the message is as its turn left it.
        status: final ? 'completed' : settledByTurn(turnId === undefined ? undefined : ctx.draft.get('turns', turnId)),
        final,
      };
    }
    if (record !== existing) ctx.draft.put('messages', incoming.messageId, record);
    const moved = existing !== undefined && existing.turnId !== record.turnId;
    if (moved && existing.turnId !== undefined) {
      const from = ctx.draft.get('turns', existing.turnId);
      if (from) updateTurn(ctx, from, { messageIds: IdList.of(from.messageIds.toArray().filter((id) => id !== incoming.messageId)) });
    }
    if (existing && !moved) continue;
    if (!existing) added += 1;
    if (incoming.turnId === undefined) continue;
    const turn = turnFor(ctx, model, threadId, incoming.turnId, placement, older);
    // A turn lists only messages whose record names it, so a message new to the store or moved here
    // is not in its list yet (asking the list per message, a new array per version, made a read
    // model of one long turn quadratic). Only an assistant message is where the turn's next parts
    // go; a user message never is.
    updateTurn(ctx, turn, {
      messageIds: turn.messageIds.append(incoming.messageId),
      ...(record.role === 'assistant' && placement === 'latest' && { currentMessageId: incoming.messageId }),
    });
  }
  if (placement === 'latest' && added > 0 && known.size > 0) keepListedOrder(ctx, messages, known);
  return added;
}

/**
 * New messages the read model lists ahead of known ones go where it lists them: in the message
 * order and in their turn's (a user's prompt first announced by a snapshot after the answer).
 */
function keepListedOrder(ctx: ApplyContext, messages: readonly ReadModelMessage[], known: ReadonlySet<string>): void {
  const moves = anchorsOfNew(messages.map((m) => m.messageId), known);
  if (moves.size === 0) return;
  ctx.draft.placeBefore('messages', moves);
  const turnIds = new Set<string>();
  for (const id of moves.keys()) {
    const turnId = ctx.draft.get('messages', id)?.turnId;
    if (turnId !== undefined) turnIds.add(turnId);
  }
  for (const turnId of turnIds) {
    const turn = ctx.draft.get('turns', turnId);
    if (!turn) continue;
    const inTurn = new Set(turn.messageIds.toArray());
    const own = new Map([...moves].filter(([id, anchor]) => inTurn.has(id) && inTurn.has(anchor)));
    if (own.size > 0) updateTurn(ctx, turn, { messageIds: IdList.of(placeBefore(turn.messageIds.toArray(), own)) });
  }
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
    ctx.draft.put('artifacts', incoming.artifactId, conflictOf(ctx, mergeArtifact(existing, incoming, model.cursor !== undefined)));
    if (!existing) ctx.draft.record('artifact', incoming.artifactId, originOf(model));
  }
  for (const incoming of thread.subagents) {
    const existing = ctx.draft.get('subagents', incoming.subagentId);
    ctx.draft.put('subagents', incoming.subagentId, conflictOf(ctx, mergeSubagent(existing, incoming)));
    if (!existing) ctx.draft.record('subagent', incoming.subagentId, originOf(model));
  }
  for (const { evidenceId, ...facts } of thread.evidence) mergeEvidence(ctx, ensureEvidence(ctx, evidenceId, originOf(model)), facts, undefined);
  if (thread.queue !== undefined) setQueue(ctx, thread.queue);
  for (const ref of thread.evidenceRefs) {
    const record = ensureEvidence(ctx, ref, originOf(model, { threadId: thread.threadId }));
    if (thread.verificationOutcomes !== undefined) mergeEvidence(ctx, record, { verificationOutcomes: thread.verificationOutcomes }, undefined);
  }
}

function applyTasksAndRouting(ctx: ApplyContext, model: ReadModel): void {
  for (const incoming of model.tasks) {
    const task = ensureTask(ctx, incoming.taskId, originOf(model, { threadId: incoming.threadId, turnId: incoming.turnId }));
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

/** Merges a decoded read model: session facts, every thread, tasks, routing and evidence refs. */
function mergeReadModel(ctx: ApplyContext, model: ReadModel): void {
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
  for (const ref of model.evidenceRefs) ensureEvidence(ctx, ref, originOf(model));
}

/** Messages a `messages.snapshot` event lists, merged like a read model's. Returns how many were new. */
export function hydrateMessages(ctx: ApplyContext, messages: unknown, threadId: string | undefined): number {
  // The snapshot may be the first word about its thread: the read model lists it from here on.
  if (threadId !== undefined) ensureThread(ctx, threadId);
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
    ctx.draft.put('threads', thread.threadId, { ...record, turnIds: IdList.of([...olderTurnIds, ...record.turnIds.toArray().filter((id) => !prepended.has(id))]) });
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
  const origin: FactOrigin = {
    type: 'snapshot.updated',
    timestamp: readString(doc.updatedAt),
    sessionId: readString(correlation.sessionId),
    threadId: readString(correlation.threadId),
    turnId: readString(correlation.turnId),
    taskId: readString(correlation.taskId),
    runId: readString(correlation.runId),
    toolCallId: readString(correlation.toolCallId),
    subagentId: readString(correlation.subagentId),
  };
  const record = ensureEvidence(ctx, evidenceId, origin);
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

/** What applying a read-model document did; `refused` when the gate kept it out (nothing merged). */
export interface ReadModelDocumentOutcome extends ReadModelOutcome {
  refused?: ReadModelRefusal;
}

/**
 * The one door every read model goes through, whether `applyReadModel` was called or a
 * `snapshot.updated` event carried it (`atSequence`: that event's place): the same guards
 * (another session's, behind what is applied in order), then the same monotonic merge. Applies a
 * session snapshot, a thread read model or an evidence pack.
 */
export function applyReadModelDocument(ctx: ApplyContext, doc: unknown, atSequence?: number): ReadModelDocumentOutcome {
  const kind = classifyDocument(doc);
  if (kind === 'benchmark-pack' && isPlainObject(doc)) {
    hydrateBenchmarkPack(ctx, doc);
    return { kind };
  }
  const model = decodeReadModel(doc);
  if (!model) return { kind };
  const cursor = model.cursor !== undefined ? { cursor: model.cursor } : {};
  const refused = ctx.gate.refuseReadModel(model.sessionId, model.cursor, atSequence);
  if (refused) {
    ctx.draft.diagnose({ code: refused.code, severity: refused.code === 'snapshot_behind' ? 'info' : 'warning', message: refused.message });
    return { kind: model.kind, ...cursor, refused };
  }
  mergeReadModel(ctx, model);
  return { kind: model.kind, ...cursor, ...(model.sessionId !== undefined && { sessionId: model.sessionId }) };
}
