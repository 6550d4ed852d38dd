import type { JsonObject, QueueEvent, RunStatusEvent, RuntimeEventEnvelope, SessionEvent, ThreadEvent, TurnEvent } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { readFailure, readRunDetail, readRunStage, readString, readSubmittedText } from '../../protocol/payloadReaders';
import type { QueuedTurn, ThreadRecord, TurnLifecycle, TurnRecord } from '../records';
import type { ApplyContext, FactOrigin } from './context';
import { endPart } from './partDone';
import { pendingActionIdsOf } from '../selectors/turnStatus';
import { NO_IDS } from '../noIds';
import { IdList } from '../idList';
import { sameString } from '../sameString';

const TERMINAL: ReadonlySet<TurnLifecycle> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(lifecycle: TurnLifecycle): boolean {
  return TERMINAL.has(lifecycle);
}

export function ensureThread({ draft }: ApplyContext, threadId: string): ThreadRecord {
  return draft.get('threads', threadId) ?? draft.put('threads', threadId, { threadId, turnIds: IdList.EMPTY, incidents: [] });
}

/** The turn an event belongs to, created on first sight (and listed under its thread). */
export function ensureTurn(ctx: ApplyContext, event: Pick<FactOrigin, 'turnId' | 'threadId'>): TurnRecord | undefined {
  const turnId = event.turnId;
  if (turnId === undefined) return undefined;
  const existing = ctx.draft.get('turns', turnId);
  if (existing) return existing;
  // The thread's own id string, not this event's copy of it: a long session keeps one per turn otherwise.
  const thread = event.threadId === undefined ? undefined : ensureThread(ctx, event.threadId);
  if (thread) ctx.draft.ownAndAppend('threads', thread.threadId, thread, 'turnIds', turnId).activeTurnId = turnId;
  return ctx.draft.put('turns', turnId, newTurn(turnId, thread?.threadId));
}

/** A turn no fact has been applied to yet. */
export function newTurn(turnId: string, threadId: string | undefined): TurnRecord {
  return { turnId, threadId, lifecycle: 'unknown', runIds: NO_IDS, messageIds: IdList.EMPTY, actionIds: NO_IDS, toolCallIds: IdList.EMPTY };
}

/** Patches a turn: a new record once per batch, then in place (a turn takes many events per batch). */
export function updateTurn(ctx: ApplyContext, turn: TurnRecord, patch: Partial<TurnRecord>): TurnRecord {
  // Every change of `blocked` comes through here: the set of blocked turns follows it.
  if ('blocked' in patch && (patch.blocked === undefined) !== (turn.blocked === undefined)) {
    const blocked = new Set(ctx.draft.scalar('blockedTurns'));
    if (patch.blocked === undefined) blocked.delete(turn.turnId);
    else blocked.add(turn.turnId);
    ctx.draft.setScalar('blockedTurns', blocked);
  }
  return ctx.draft.update('turns', turn.turnId, turn, patch);
}

export function applySessionEvent(ctx: ApplyContext, event: SessionEvent): void {
  const session = ctx.draft.scalar('session');
  const declared = event.payload.unavailableFacts;
  const unavailableFacts = Array.isArray(declared)
    ? declared.filter((fact): fact is string => typeof fact === 'string')
    : session.unavailableFacts;
  ctx.draft.setScalar('session', {
    ...session,
    sessionId: session.sessionId ?? event.sessionId,
    runtimeId: session.runtimeId ?? event.runtimeId,
    unavailableFacts,
  });
}

export function applyThreadEvent(ctx: ApplyContext, event: ThreadEvent): void {
  if (event.threadId === undefined) return;
  const thread = ensureThread(ctx, event.threadId);
  const status = readString(event.payload.status);
  ctx.draft.put('threads', thread.threadId, {
    ...thread,
    ...(status !== undefined && { status }),
    ...(typeof event.parentThreadId === 'string' && { parentThreadId: event.parentThreadId }),
  });
}

export function applyTurnEvent(ctx: ApplyContext, event: TurnEvent): void {
  const turn = ensureTurn(ctx, event);
  if (!turn) return;
  const at = event.timestamp;
  switch (event.type) {
    case 'turn.submitted': {
      const patch: Partial<TurnRecord> = { submittedAt: at };
      if (turn.lifecycle === 'unknown') patch.lifecycle = 'submitted';
      if (event.taskId !== undefined) patch.taskId = event.taskId;
      updateTurn(ctx, turn, patch);
      addUserMessage(ctx, event);
      return;
    }
    case 'turn.started':
      if (isTerminal(turn.lifecycle)) return regression(ctx, event, turn);
      updateTurn(ctx, turn, { lifecycle: 'running', startedAt: at, ...(event.runId !== undefined && { runIds: [...turn.runIds, event.runId] }) });
      return;
    case 'turn.completed':
    case 'turn.failed':
    case 'turn.cancelled': {
      if (isTerminal(turn.lifecycle)) return regression(ctx, event, turn);
      const lifecycle: TurnLifecycle = event.type === 'turn.completed' ? 'completed' : event.type === 'turn.failed' ? 'failed' : 'cancelled';
      updateTurn(ctx, turn, {
        lifecycle,
        endedAt: at,
        ...(lifecycle === 'failed' && { failure: readFailure(event) }),
      });
      settleTurnMessages(ctx, turn, at);
      if (lifecycle === 'completed') flagPendingActionsAtCompletion(ctx, turn, event);
      return;
    }
  }
}

/**
 * A turn the runtime reports completed while one of its actions is still pending: both are facts
 * and they contradict. The turn says completed, the action stays pending (and visible) until the
 * runtime resolves it, and a diagnostic names the contradiction. Also for snapshots (hydrate).
 */
export function flagPendingActionsAtCompletion(ctx: ApplyContext, turn: TurnRecord, event?: { eventId?: string; type?: string }): void {
  const current = ctx.draft.get('turns', turn.turnId) ?? turn;
  for (const actionId of pendingActionIdsOf(current, (id) => ctx.draft.get('actions', id))) {
    ctx.draft.diagnose({
      code: 'turn_completed_with_pending_action',
      message: `turn ${turn.turnId} was reported completed while action ${actionId} is still pending; the action stays pending until the runtime resolves it`,
      ...(event?.eventId !== undefined && { eventId: event.eventId }),
      ...(event?.type !== undefined && { type: event.type }),
    });
  }
}

function regression(ctx: ApplyContext, event: RuntimeEventEnvelope, turn: TurnRecord): void {
  ctx.draft.diagnose({
    code: 'lifecycle_regression',
    message: `${event.type} arrived after turn ${turn.turnId} had ended (${turn.lifecycle}); ignored`,
    eventId: event.eventId,
    type: event.type,
  });
}

/**
 * When a turn ends, its streaming messages stop streaming and its reasoning collapses. A message
 * still streaming when its turn is cancelled stays partial: `interrupted`, never `completed`.
 */
function settleTurnMessages(ctx: ApplyContext, turn: TurnRecord, at: string | undefined): void {
  const current = ctx.draft.get('turns', turn.turnId) ?? turn;
  for (const messageId of current.messageIds.toArray()) {
    const message = ctx.draft.get('messages', messageId);
    if (!message) continue;
    for (const partId of message.partIds) {
      const part = ctx.draft.get('parts', partId);
      if (part && !part.done) endPart(ctx.draft, part, at);
    }
    if (message.status === 'streaming') {
      ctx.draft.own('messages', messageId, message).status = current.lifecycle === 'failed' ? 'failed' : current.lifecycle === 'cancelled' ? 'interrupted' : 'completed';
    }
  }
}

function addUserMessage(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const text = readSubmittedText(event);
  const turnId = event.turnId;
  if (text === undefined || turnId === undefined) return;
  const messageId = `${turnId}:user`;
  if (ctx.draft.get('messages', messageId)) return;
  const partId = `${messageId}#0`;
  ctx.draft.put('parts', partId, { partId, messageId, kind: 'text', text, done: true });
  const turn = ctx.draft.get('turns', turnId);
  ctx.draft.put('messages', messageId, {
    messageId,
    turnId,
    threadId: sameString(turn?.threadId, event.threadId),
    role: 'user',
    partIds: [partId],
    status: 'completed',
    final: true,
  });
  if (turn) ctx.draft.ownAndAppend('turns', turnId, turn, 'messageIds', messageId);
}

export function applyRunStatus(ctx: ApplyContext, event: RunStatusEvent): void {
  const turn = ensureTurn(ctx, event);
  if (!turn) return;
  const stage = readRunStage(event);
  const patch: Partial<TurnRecord> = { stage, stageDetail: readRunDetail(event), stageSince: event.timestamp };
  if (turn.lifecycle === 'unknown' || turn.lifecycle === 'submitted') patch.lifecycle = 'running';
  // Any other stage is progress: applyEvent cleared an earlier block already.
  if (stage === 'blocked') patch.blocked = { reason: 'policy', detail: readRunDetail(event) };
  if (isTerminal(turn.lifecycle)) return;
  updateTurn(ctx, turn, patch);
}

/**
 * queue.changed: the queue as a list under `payload.queue`, `payload.queuedTurns` or
 * `payload.items` (items `{ turnId?, queueId? | id?, prompt? | preview? | text? }`, or turn id
 * strings), or `payload.queuedTurnIds: string[]`. Any other form leaves the queue `unknown` with a
 * diagnostic: an unreadable queue is never reported as "nothing queued".
 */
export function applyQueueChanged(ctx: ApplyContext, event: QueueEvent): void {
  const queue = readQueue(event.payload);
  if (queue === undefined) {
    ctx.draft.diagnose({
      code: 'queue_unrecognized',
      message: `${event.type} carries no queue the kit can read (payload.queue, queuedTurns, items or queuedTurnIds); the queue is unknown`,
      eventId: event.eventId,
      type: event.type,
      raw: event,
    });
    setQueue(ctx, undefined);
    return;
  }
  setQueue(ctx, queue);
}

/** Sets the queue fact (`undefined`: the queue is unknown). Snapshots use it too. */
export function setQueue(ctx: ApplyContext, queue: readonly QueuedTurn[] | undefined): void {
  ctx.draft.setScalar('queue', queue ?? []);
  ctx.draft.setScalar('queueUnknown', queue === undefined);
}

function readQueue(p: JsonObject): QueuedTurn[] | undefined {
  const list = p.queue ?? p.queuedTurns ?? p.items ?? p.queuedTurnIds;
  if (!Array.isArray(list)) return undefined;
  const queue: QueuedTurn[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      queue.push({ turnId: item });
      continue;
    }
    if (!isPlainObject(item)) return undefined;
    const entry: QueuedTurn = {
      ...(readString(item.turnId) !== undefined && { turnId: readString(item.turnId) }),
      ...(readString(item.queueId ?? item.id) !== undefined && { queueId: readString(item.queueId ?? item.id) }),
      ...(readString(item.prompt ?? item.preview ?? item.text) !== undefined && { preview: readString(item.prompt ?? item.preview ?? item.text) }),
    };
    if (entry.turnId === undefined && entry.queueId === undefined && entry.preview === undefined) return undefined;
    queue.push(entry);
  }
  return queue;
}
