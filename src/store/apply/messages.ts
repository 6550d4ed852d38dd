import type { RuntimeEventEnvelope } from '../../protocol/events';
import { readFailure, readFinalText, readTextDelta } from '../../protocol/payloadReaders';
import type { MessagePart, MessageRecord, PartKind } from '../records';
import type { ApplyContext } from './context';
import { ensureTurn, updateTurn } from './lifecycle';
import { joinPartText } from '../selectors/text';

/** Subagent content (an event with a subagentId outside the subagent.* family) stays in its own table. */
export function isSubagentScoped(event: RuntimeEventEnvelope): boolean {
  return typeof event.subagentId === 'string' && !event.type.startsWith('subagent.');
}

function messageTable(event: RuntimeEventEnvelope): 'messages' | 'subagentMessages' {
  return isSubagentScoped(event) ? 'subagentMessages' : 'messages';
}

/**
 * The message an event's content belongs to: the one it names, else the turn's current
 * assistant message, else an implicit `<turnId>:assistant` message (one per turn).
 */
export function ensureMessage(ctx: ApplyContext, event: RuntimeEventEnvelope): MessageRecord {
  const table = messageTable(event);
  const subagent = table === 'subagentMessages';
  const turn = subagent ? undefined : ensureTurn(ctx, event);
  const scope = subagent ? `${event.subagentId}:${event.turnId ?? 'turn'}` : (event.turnId ?? event.sessionId ?? 'session');
  const messageId =
    (typeof event.messageId === 'string' ? event.messageId : undefined) ?? turn?.currentMessageId ?? `${scope}:assistant`;
  const existing = ctx.draft.get(table, messageId);
  if (existing) return existing;
  const message: MessageRecord = {
    messageId,
    turnId: event.turnId,
    threadId: event.threadId,
    role: 'assistant',
    partIds: [],
    status: 'streaming',
    final: false,
    ...(subagent && { subagentId: event.subagentId }),
  };
  ctx.draft.put(table, messageId, message);
  if (turn) {
    const latest = ctx.draft.get('turns', turn.turnId) ?? turn;
    updateTurn(ctx, latest, { messageIds: [...latest.messageIds, messageId], currentMessageId: messageId });
  }
  if (subagent && typeof event.subagentId === 'string') {
    const record = ctx.draft.get('subagents', event.subagentId);
    if (record) {
      record.messageIds.push(messageId);
      ctx.draft.touch('subagents');
    }
  }
  return message;
}

/** Appends a part to a message's ordered parts (the list is shared; the record is replaced). */
export function appendPart(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, kind: PartKind, fields: Partial<MessagePart>): MessagePart {
  const table = messageTable(event);
  const partId =
    (kind === 'text' || kind === 'reasoning') && typeof event.partId === 'string'
      ? event.partId
      : `${message.messageId}#${message.partIds.length}`;
  const part: MessagePart = { partId, messageId: message.messageId, kind, done: kind !== 'text' && kind !== 'reasoning', ...fields };
  ctx.draft.put('parts', partId, part);
  const current = ctx.draft.get(table, message.messageId) ?? message;
  current.partIds.push(partId);
  ctx.draft.put(table, current.messageId, { ...current });
  return part;
}

/** The text or reasoning part a streamed fragment continues, or undefined to start a new part. */
function continuingPart(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, kind: 'text' | 'reasoning'): MessagePart | undefined {
  if (typeof event.partId === 'string') {
    const named = ctx.draft.get('parts', event.partId);
    return named && named.kind === kind && named.messageId === message.messageId ? named : undefined;
  }
  const lastId = message.partIds[message.partIds.length - 1];
  const last = lastId === undefined ? undefined : ctx.draft.get('parts', lastId);
  return last && last.kind === kind && !(kind === 'reasoning' && last.done) ? last : undefined;
}

function appendText(ctx: ApplyContext, event: RuntimeEventEnvelope, kind: 'text' | 'reasoning', text: string): void {
  const message = ensureMessage(ctx, event);
  if (message.final && kind === 'text') {
    ctx.draft.diagnose({
      code: 'delta_after_final',
      message: `text for message ${message.messageId} arrived after its final text; not appended`,
      eventId: event.eventId,
      type: event.type,
    });
    return;
  }
  if (kind === 'text') closeReasoning(ctx, message);
  const part = continuingPart(ctx, event, message, kind);
  if (part) ctx.draft.update('parts', part.partId, part, { text: (part.text ?? '') + text });
  else appendPart(ctx, event, message, kind, { text });
}

/** Reasoning collapses once the answer starts streaming. */
function closeReasoning(ctx: ApplyContext, message: MessageRecord): void {
  const lastId = message.partIds[message.partIds.length - 1];
  const last = lastId === undefined ? undefined : ctx.draft.get('parts', lastId);
  if (last && last.kind === 'reasoning' && !last.done) ctx.draft.put('parts', last.partId, { ...last, done: true });
}

/** The answer text streamed so far: the message's text parts in order. */
const streamedText = (ctx: Pick<ApplyContext, 'draft'>, message: MessageRecord): string =>
  joinPartText((id) => ctx.draft.get('parts', id), message, 'text');

/**
 * Final text replaces what was streamed; it is never appended again. When they differ the final
 * text wins, the first text part carries it, the other text parts are dropped, and a
 * `final_text_mismatch` diagnostic records it.
 */
export function reconcileFinalText(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, finalText: string | undefined): void {
  const table = messageTable(event);
  const streamed = streamedText(ctx, message);
  const textPartIds = message.partIds.filter((id) => ctx.draft.get('parts', id)?.kind === 'text');
  if (finalText !== undefined && finalText !== streamed) {
    if (streamed !== '') {
      ctx.draft.diagnose({
        code: 'final_text_mismatch',
        message: `final text of message ${message.messageId} differs from the streamed text; the final text wins`,
        eventId: event.eventId,
        type: event.type,
      });
    }
    const [first, ...rest] = textPartIds;
    if (first === undefined) {
      appendPart(ctx, event, message, 'text', { text: finalText, done: true });
    } else {
      const part = ctx.draft.get('parts', first)!;
      ctx.draft.put('parts', first, { ...part, text: finalText });
      for (const id of rest) {
        ctx.draft.remove('parts', id);
        message.partIds.splice(message.partIds.indexOf(id), 1);
      }
    }
  }
  const latest = ctx.draft.get(table, message.messageId) ?? message;
  for (const partId of latest.partIds) {
    const part = ctx.draft.get('parts', partId);
    if (part && !part.done && (part.kind === 'text' || part.kind === 'reasoning')) ctx.draft.put('parts', partId, { ...part, done: true });
  }
  ctx.draft.put(table, latest.messageId, { ...latest, final: true, status: 'completed' });
}

export function applyModelEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  switch (event.type) {
    case 'model.requested':
      ensureMessage(ctx, event);
      return;
    case 'model.delta': {
      const delta = readTextDelta(event);
      if (delta !== undefined && delta !== '') appendText(ctx, event, 'text', delta);
      return;
    }
    case 'model.completed': {
      const message = ensureMessage(ctx, event);
      if (message.final) {
        const finalText = readFinalText(event);
        if (finalText !== undefined && finalText !== streamedText(ctx, message)) reconcileFinalText(ctx, event, message, finalText);
        return;
      }
      reconcileFinalText(ctx, event, message, readFinalText(event));
      return;
    }
    case 'model.failed': {
      const message = ensureMessage(ctx, event);
      ctx.draft.put(messageTable(event), message.messageId, { ...message, status: 'failed', failure: readFailure(event) });
      return;
    }
  }
}

export function applyReasoningEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const text = readTextDelta(event) ?? (typeof event.payload.summary === 'string' ? event.payload.summary : undefined);
  if (text === undefined || text === '') return;
  if (event.type === 'reasoning.summary') {
    // A summary is its own, finished reasoning part: it never merges into streamed reasoning.
    const message = ensureMessage(ctx, event);
    closeReasoning(ctx, message);
    appendPart(ctx, event, ctx.draft.get(messageTable(event), message.messageId) ?? message, 'reasoning', { text, done: true });
    return;
  }
  appendText(ctx, event, 'reasoning', text);
}
