import type { MessageRecord } from '../records';
import type { ProjectionData } from '../state';

/** The answer text of a message: its text parts in order (reasoning never counts). */
export function selectMessageText(state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string {
  let text = '';
  for (const partId of message.partIds) {
    const part = state.parts.byId.get(partId);
    if (part?.kind === 'text') text += part.text ?? '';
  }
  return text;
}

/** The reasoning text of a message: its reasoning parts in order. */
export function selectMessageReasoning(state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string {
  let text = '';
  for (const partId of message.partIds) {
    const part = state.parts.byId.get(partId);
    if (part?.kind === 'reasoning') text += part.text ?? '';
  }
  return text;
}

/**
 * Streamed tool arguments parsed on read, with a one-entry cache per record so a re-render does
 * not re-parse. Partial JSON mid-stream yields `undefined` (render the raw text instead).
 */
const parsedArgs = new WeakMap<object, { text: string; value: unknown }>();
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
