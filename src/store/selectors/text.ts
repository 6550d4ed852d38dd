import type { MessagePart, MessageRecord } from '../records';
import type { ProjectionData } from '../state';

/** The text of a message's parts of one kind, in order; `getPart` reads a store state or a draft. */
export function joinPartText(getPart: (partId: string) => MessagePart | undefined, message: MessageRecord, kind: 'text' | 'reasoning'): string {
  let text = '';
  for (const partId of message.partIds) {
    const part = getPart(partId);
    if (part?.kind === kind) text += part.text ?? '';
  }
  return text;
}

const joinParts = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord, kind: 'text' | 'reasoning') =>
  joinPartText((id) => state.parts.byId.get(id), message, kind);

/** The answer text of a message: its text parts in order (reasoning never counts). */
export const selectMessageText = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string => joinParts(state, message, 'text');

/** The reasoning text of a message: its reasoning parts in order. */
export const selectMessageReasoning = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string =>
  joinParts(state, message, 'reasoning');

/**
 * Streamed tool arguments parsed on read, with a one-entry cache per record so a re-render does
 * not re-parse. Partial JSON mid-stream yields `undefined` (render the raw text instead).
 */
const parsedArgs = new WeakMap<object, { text: string; value: unknown }>();
/**
 * A tool call's streamed argument text parsed as JSON (cached per record); `undefined` while the
 * JSON is partial or when there is none.
 */
export function selectParsedArgs(record: { argsText: string }): unknown {
  if (record.argsText === '') return undefined;
  const cached = parsedArgs.get(record);
  if (cached && cached.text === record.argsText) return cached.value;
  let value: unknown;
  try {
    value = JSON.parse(record.argsText);
  } catch {
    value = undefined;
  }
  parsedArgs.set(record, { text: record.argsText, value });
  return value;
}
