import { flattenText } from '../flatText';
import type { MessagePart } from '../records';

/**
 * The patch that marks a text or reasoning part done. Streamed reasoning also records when it
 * ended, so its duration ("Thought for 4 s") is a fact of the events, never the wall clock.
 */
export function endReasoning(part: MessagePart, at: string | undefined): Partial<MessagePart> {
  // A finished part's text is read, never appended to again: keep it as one flat string.
  if (part.text !== undefined) flattenText(part.text);
  return part.kind === 'reasoning' && part.startedAt !== undefined && at !== undefined ? { done: true, endedAt: at } : { done: true };
}
