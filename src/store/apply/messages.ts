import type { ModelEvent, ReasoningEvent, RuntimeEventEnvelope } from '../../protocol/events';
import { readFailure, readFinalText, readTextDelta } from '../../protocol/payloadReaders';
import type { MessagePart, MessageRecord, PartKind } from '../records';
import type { ApplyContext } from './context';
import { ensureTurn } from './lifecycle';
import { endPart } from './partDone';
import { NO_IDS } from '../noIds';
import { sameString } from '../sameString';
import { appendedText } from '../flatText';

/** Subagent content (an event with a subagentId outside the subagent.* family) stays in its own table. */
export function isSubagentScoped(event: RuntimeEventEnvelope): boolean {
  return typeof event.subagentId === 'string' && !event.type.startsWith('subagent.');
}

function messageTable(event: RuntimeEventEnvelope): 'messages' | 'subagentMessages' {
  return isSubagentScoped(event) ? 'subagentMessages' : 'messages';
}

/** The event names its message: that message's lifecycle is the runtime's, steps do not apply. */
const namesMessage = (event: RuntimeEventEnvelope): boolean => typeof event.messageId === 'string';

/** The message an event's content goes to, when it exists already (see `ensureMessage`). */
function currentMessage(ctx: ApplyContext, event: RuntimeEventEnvelope): MessageRecord | undefined {
  const table = messageTable(event);
  if (namesMessage(event)) return ctx.draft.get(table, event.messageId as string);
  const turn = table === 'messages' && event.turnId !== undefined ? ctx.draft.get('turns', event.turnId) : undefined;
  return ctx.draft.get(table, turn?.currentMessageId ?? implicitMessageId(event));
}

function implicitMessageId(event: RuntimeEventEnvelope): string {
  const scope = isSubagentScoped(event) ? `${event.subagentId}:${event.turnId ?? 'turn'}` : (event.turnId ?? event.sessionId ?? 'session');
  return `${scope}:assistant`;
}

/**
 * The message an event's content belongs to: the one it names, else the turn's current
 * assistant message, else an implicit `<turnId>:assistant` message (one per turn), created
 * when the first content arrives.
 */
export function ensureMessage(ctx: ApplyContext, event: RuntimeEventEnvelope): MessageRecord {
  const table = messageTable(event);
  // The common case of a named message: it exists, in the event's turn (no turn lookup per delta).
  if (namesMessage(event)) {
    const named = ctx.draft.get(table, event.messageId as string);
    if (named !== undefined && (event.turnId === undefined || named.turnId === event.turnId)) return named;
  }
  const subagent = table === 'subagentMessages';
  const turn = subagent ? undefined : ensureTurn(ctx, event);
  const messageId = namesMessage(event) ? (event.messageId as string) : (turn?.currentMessageId ?? implicitMessageId(event));
  const existing = ctx.draft.get(table, messageId);
  if (existing) return existing;
  const message: MessageRecord = {
    messageId,
    turnId: sameString(turn?.turnId, event.turnId),
    threadId: sameString(turn?.threadId, event.threadId),
    role: 'assistant',
    partIds: NO_IDS,
    status: 'streaming',
    final: false,
  };
  if (subagent) message.subagentId = event.subagentId;
  ctx.draft.put(table, messageId, message);
  if (turn) {
    ctx.draft.ownAndAppend('turns', turn.turnId, turn, 'messageIds', messageId).currentMessageId = messageId;
  }
  if (subagent && typeof event.subagentId === 'string' && ctx.draft.get('subagents', event.subagentId)) {
    ctx.draft.appendTo('subagents', event.subagentId, 'messageIds', messageId);
  }
  return message;
}

/** What a new part may carry besides its place: its text or referenced fact, and when it is done or started. */
export type NewPartFields = Partial<Pick<MessagePart, 'text' | 'refId' | 'done' | 'startedAt'>>;

/** Appends a part to a message's ordered parts, in the message's current step. */
export function appendPart(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, kind: PartKind, fields: NewPartFields): MessagePart {
  const table = messageTable(event);
  const current = ctx.draft.get(table, message.messageId) ?? message;
  const named = (kind === 'text' || kind === 'reasoning') && typeof event.partId === 'string' ? event.partId : undefined;
  let partId: string;
  let nextPart = current.nextPart;
  if (named !== undefined) partId = named;
  else {
    // A part id no other part of the message ever had: a per-message counter, never the list length.
    let n = current.nextPart ?? current.partIds.length;
    partId = `${current.messageId}#${n++}`;
    while (ctx.draft.get('parts', partId) !== undefined) partId = `${current.messageId}#${n++}`;
    nextPart = n;
  }
  // A part's text or referenced fact is in the literal that makes it (a field added afterwards goes
  // to a separate property store: ~16 bytes more per part in Chrome); the rare ones are set one by
  // one (a conditional spread or Object.assign is a generic copy, and this runs per part).
  const done = fields.done ?? (kind !== 'text' && kind !== 'reasoning');
  const messageId = message.messageId;
  const part: MessagePart =
    fields.text !== undefined ? { partId, messageId, kind, done, text: fields.text } : fields.refId !== undefined ? { partId, messageId, kind, done, refId: fields.refId } : { partId, messageId, kind, done };
  if (current.step !== undefined) part.step = current.step;
  if (fields.startedAt !== undefined) part.startedAt = fields.startedAt;
  ctx.draft.putOwn('parts', partId, part);
  const own = ctx.draft.ownAndAppend(table, current.messageId, current, 'partIds', partId);
  if (nextPart !== undefined) own.nextPart = nextPart;
  return part;
}

const stepOf = (part: MessagePart | undefined): number => part?.step ?? 0;

/** The parts of the message's current step, in order. */
function stepParts(ctx: Pick<ApplyContext, 'draft'>, message: MessageRecord): MessagePart[] {
  const step = message.step ?? 0;
  const parts: MessagePart[] = [];
  // Gathered from the end and turned once: an unshift per part made a step of n parts O(n²)
  // (one model step of 2,000 tool calls, read when its message finishes).
  for (let i = message.partIds.length - 1; i >= 0; i--) {
    const part = ctx.draft.get('parts', message.partIds[i]!);
    if (!part) continue;
    if (stepOf(part) !== step) break;
    parts.push(part);
  }
  return parts.reverse();
}

/** The text or reasoning part a streamed fragment continues, or undefined to start a new part. */
function continuingPart(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, kind: 'text' | 'reasoning', last: MessagePart | undefined): MessagePart | undefined {
  if (typeof event.partId === 'string') {
    const named = ctx.draft.get('parts', event.partId);
    return named && named.kind === kind && named.messageId === message.messageId ? named : undefined;
  }
  return last && last.kind === kind && stepOf(last) === (message.step ?? 0) && !(kind === 'reasoning' && last.done) ? last : undefined;
}

/** A new model step of the turn's implicit message: earlier steps keep their (reconciled) text. */
function startStep(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, patch: Partial<MessageRecord> = {}): MessageRecord {
  return ctx.draft.update(messageTable(event), message.messageId, message, { step: (message.step ?? 0) + 1, ...patch });
}

const hasText = (parts: readonly MessagePart[]): boolean => parts.some((p) => p.kind === 'text');

function appendText(ctx: ApplyContext, event: RuntimeEventEnvelope, kind: 'text' | 'reasoning', text: string): void {
  let message = ensureMessage(ctx, event);
  if (afterCancel(ctx, event, message)) return;
  if (message.final && kind === 'text') {
    if (namesMessage(event)) {
      ctx.draft.diagnose({
        code: 'delta_after_final',
        message: `text for message ${message.messageId} arrived after its final text; not appended`,
        eventId: event.eventId,
        type: event.type,
      });
      return;
    }
    // Text after the final of the turn's implicit message is the next model step's text.
    const reopen: Partial<MessageRecord> = { final: false, status: 'streaming' };
    message = hasText(stepParts(ctx, message))
      ? startStep(ctx, event, message, reopen)
      : ctx.draft.update(messageTable(event), message.messageId, message, reopen);
  }
  // The message's last part, read once: reasoning it closes (the answer started) or text it continues.
  const lastId = message.partIds[message.partIds.length - 1];
  const last = lastId === undefined ? undefined : ctx.draft.get('parts', lastId);
  if (kind === 'text' && last && last.kind === 'reasoning' && !last.done) endPart(ctx.draft, last, event.timestamp);
  const part = continuingPart(ctx, event, message, kind, last);
  if (part) {
    const own = ctx.draft.own('parts', part.partId, part);
    own.text = appendedText(part.text ?? '', text);
  } else appendPart(ctx, event, message, kind, kind === 'reasoning' ? { text, startedAt: event.timestamp } : { text });
}

/** Reasoning collapses once the answer starts streaming. */
function closeReasoning(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord): void {
  const lastId = message.partIds[message.partIds.length - 1];
  const last = lastId === undefined ? undefined : ctx.draft.get('parts', lastId);
  if (last && last.kind === 'reasoning' && !last.done) endPart(ctx.draft, last, event.timestamp);
}


/**
 * Final text replaces what was streamed in its step; it is never appended again. When they differ
 * the final text wins, the step's first text part carries it, its other text parts are dropped,
 * and a `final_text_mismatch` diagnostic records it. Earlier steps are never touched.
 */
export function reconcileFinalText(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord, finalText: string | undefined): void {
  const table = messageTable(event);
  const textParts = stepTextParts(ctx, message);
  const streamed = joinText(textParts);
  if (finalText !== undefined && finalText !== streamed) {
    if (streamed !== '') {
      ctx.draft.diagnose({
        code: 'final_text_mismatch',
        message: `final text of message ${message.messageId} differs from the streamed text; the final text wins`,
        eventId: event.eventId,
        type: event.type,
      });
    }
    const [first, ...rest] = textParts;
    if (first === undefined) {
      appendPart(ctx, event, message, 'text', { text: finalText, done: true });
    } else {
      ctx.draft.update('parts', first.partId, first, { text: finalText });
      if (rest.length > 0) {
        const dropped = new Set(rest.map((p) => p.partId));
        for (const id of dropped) ctx.draft.remove('parts', id);
        const partIds = ctx.draft.editList(table, message.messageId, 'partIds');
        partIds.splice(0, partIds.length, ...partIds.filter((id) => !dropped.has(id)));
      }
    }
  }
  const latest = ctx.draft.get(table, message.messageId) ?? message;
  for (const part of stepParts(ctx, latest)) {
    if (!part.done && (part.kind === 'text' || part.kind === 'reasoning')) endPart(ctx.draft, part, event.timestamp);
  }
  ctx.draft.update(table, latest.messageId, latest, { final: true, status: 'completed' });
}

/** A model step's final: reconciles the current step, or opens the next step when it follows another step's final. */
function completeStep(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  let message = ensureMessage(ctx, event);
  if (afterCancel(ctx, event, message)) return;
  const finalText = readFinalText(event);
  if (message.final) {
    const parts = stepParts(ctx, message);
    const lastText = parts.map((p) => p.kind).lastIndexOf('text');
    // After a final, a tool (or action, artifact) and then another final: that is the next step's answer.
    if (!namesMessage(event) && lastText >= 0 && lastText < parts.length - 1) message = startStep(ctx, event, message);
    else if (finalText === undefined || finalText === streamedStepText(ctx, message)) return;
  }
  reconcileFinalText(ctx, event, message, finalText);
}

const stepTextParts = (ctx: Pick<ApplyContext, 'draft'>, message: MessageRecord): MessagePart[] => stepParts(ctx, message).filter((p) => p.kind === 'text');
const joinText = (parts: readonly MessagePart[]): string => parts.map((p) => p.text ?? '').join('');
const streamedStepText = (ctx: ApplyContext, message: MessageRecord): string => joinText(stepTextParts(ctx, message));

/** `model.requested` opens a model step: for the turn's implicit message, the next text is a new step. */
function requestStep(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  if (namesMessage(event)) {
    ensureMessage(ctx, event);
    return;
  }
  ensureTurn(ctx, event);
  const message = currentMessage(ctx, event);
  if (message && hasText(stepParts(ctx, message))) startStep(ctx, event, message);
}

/**
 * A message left partial by a cancelled turn stays as the cancel left it: content that arrives
 * after is not applied (it would make the answer look finished), and a diagnostic says so.
 */
function afterCancel(ctx: ApplyContext, event: RuntimeEventEnvelope, message: MessageRecord): boolean {
  if (message.status !== 'interrupted') return false;
  ctx.draft.diagnose({
    code: 'content_after_cancel',
    message: `${event.type} for message ${message.messageId} arrived after its turn was cancelled; not applied, the message stays interrupted`,
    eventId: event.eventId,
    type: event.type,
  });
  return true;
}

export function applyModelEvent(ctx: ApplyContext, event: ModelEvent): void {
  switch (event.type) {
    case 'model.requested':
      requestStep(ctx, event);
      return;
    case 'model.delta': {
      const delta = readTextDelta(event);
      if (delta !== undefined && delta !== '') appendText(ctx, event, 'text', delta);
      return;
    }
    case 'model.completed':
      completeStep(ctx, event);
      return;
    case 'model.failed': {
      const message = ensureMessage(ctx, event);
      if (afterCancel(ctx, event, message)) return;
      ctx.draft.update(messageTable(event), message.messageId, message, { status: 'failed', failure: readFailure(event) });
      return;
    }
  }
}

export function applyReasoningEvent(ctx: ApplyContext, event: ReasoningEvent): void {
  const text = readTextDelta(event) ?? (typeof event.payload.summary === 'string' ? event.payload.summary : undefined);
  if (text === undefined || text === '') return;
  if (event.type === 'reasoning.summary') {
    // A summary is its own, finished reasoning part: it never merges into streamed reasoning.
    const message = ensureMessage(ctx, event);
    if (afterCancel(ctx, event, message)) return;
    closeReasoning(ctx, event, message);
    appendPart(ctx, event, ctx.draft.get(messageTable(event), message.messageId) ?? message, 'reasoning', { text, done: true });
    return;
  }
  appendText(ctx, event, 'reasoning', text);
}
