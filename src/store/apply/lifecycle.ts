import type { RuntimeEventEnvelope } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import { readFailure, readRunDetail, readRunStage, readString, readSubmittedText } from '../../protocol/payloadReaders';
import type { QueuedTurn, ThreadRecord, TurnLifecycle, TurnRecord } from '../records';
import type { ApplyContext } from './context';

const TERMINAL: ReadonlySet<TurnLifecycle> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(lifecycle: TurnLifecycle): boolean {
  return TERMINAL.has(lifecycle);
}

export function ensureThread({ draft }: ApplyContext, threadId: string): ThreadRecord {
  return draft.get('threads', threadId) ?? draft.put('threads', threadId, { threadId, turnIds: [], incidents: [] });
}

/** The turn an event belongs to, created on first sight (and listed under its thread). */
export function ensureTurn(ctx: ApplyContext, event: RuntimeEventEnvelope): TurnRecord | undefined {
  const turnId = event.turnId;
  if (turnId === undefined) return undefined;
  const existing = ctx.draft.get('turns', turnId);
  if (existing) return existing;
  const turn: TurnRecord = {
    turnId,
    threadId: event.threadId,
    lifecycle: 'unknown',
    runIds: [],
    messageIds: [],
    actionIds: [],
    toolCallIds: [],
  };
  if (event.threadId !== undefined) {
    const thread = ensureThread(ctx, event.threadId);
    ctx.draft.appendTo('threads', thread.threadId, 'turnIds', turnId);
    ctx.draft.edit('threads', thread.threadId)!.activeTurnId = turnId;
  }
  return ctx.draft.put('turns', turnId, turn);
}

export function updateTurn(ctx: ApplyContext, turn: TurnRecord, patch: Partial<TurnRecord>): TurnRecord {
  return ctx.draft.put('turns', turn.turnId, { ...turn, ...patch });
}

export function applySessionEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
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

export function applyThreadEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  if (event.threadId === undefined) return;
  const thread = ensureThread(ctx, event.threadId);
  const status = readString(event.payload.status);
  ctx.draft.put('threads', thread.threadId, {
    ...thread,
    ...(status !== undefined && { status }),
    ...(typeof event.parentThreadId === 'string' && { parentThreadId: event.parentThreadId }),
  });
}

export function applyTurnEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
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
      settleTurnMessages(ctx, turn);
      return;
    }
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

/** When a turn ends, its streaming messages stop streaming and its reasoning collapses. */
function settleTurnMessages(ctx: ApplyContext, turn: TurnRecord): void {
  const current = ctx.draft.get('turns', turn.turnId) ?? turn;
  for (const messageId of current.messageIds) {
    const message = ctx.draft.get('messages', messageId);
    if (!message) continue;
    for (const partId of message.partIds) {
      const part = ctx.draft.get('parts', partId);
      if (part && !part.done) ctx.draft.put('parts', partId, { ...part, done: true });
    }
    if (message.status === 'streaming') {
      ctx.draft.put('messages', messageId, { ...message, status: current.lifecycle === 'failed' ? 'failed' : 'completed' });
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
  ctx.draft.put('messages', messageId, {
    messageId,
    turnId,
    threadId: event.threadId,
    role: 'user',
    partIds: [partId],
    status: 'completed',
    final: true,
  });
  const turn = ctx.draft.get('turns', turnId);
  if (turn) updateTurn(ctx, turn, { messageIds: [...turn.messageIds, messageId] });
}

export function applyRunStatus(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const turn = ensureTurn(ctx, event);
  if (!turn) return;
  const stage = readRunStage(event);
  const patch: Partial<TurnRecord> = { stage, stageDetail: readRunDetail(event), stageSince: event.timestamp };
  if (turn.lifecycle === 'unknown' || turn.lifecycle === 'submitted') patch.lifecycle = 'running';
  if (stage === 'blocked') patch.blocked = { reason: 'policy', detail: readRunDetail(event) };
  else if (turn.blocked?.reason === 'policy') patch.blocked = undefined;
  if (isTerminal(turn.lifecycle)) return;
  updateTurn(ctx, turn, patch);
}

export function applyQueueChanged(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const p = event.payload;
  const list = p.queuedTurns ?? p.items ?? p.queue;
  if (!Array.isArray(list)) return;
  const queue: QueuedTurn[] = [];
  for (const item of list) {
    if (!isPlainObject(item)) continue;
    queue.push({
      queueId: readString(item.queueId ?? item.id),
      turnId: readString(item.turnId),
      preview: readString(item.preview ?? item.text),
    });
  }
  ctx.draft.setScalar('queue', queue);
}
