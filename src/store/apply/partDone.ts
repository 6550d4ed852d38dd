import { flattenText } from '../flatText';
import type { MessagePart } from '../records';

/**
 * The patch that marks a text or reasoning part done. Streamed reasoning also records when it
 * ended, so its duration ("Thought for 4 s") is a fact of the events, never the wall clock.
 */
export function endReasoning(part: MessagePart, at: string | undefined): Partial<MessagePart> {
  // A finished part's text is read, never appended to again: keep it as one flat string.
  const text = part.text === undefined ? {} : { text: flattenText(part.text) };
  return part.kind === 'reasoning' && part.startedAt !== undefined && at !== undefined ? { ...text, done: true, endedAt: at } : { ...text, done: true };
}
