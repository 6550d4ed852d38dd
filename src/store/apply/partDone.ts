import { flattenText } from '../flatText';
import type { ProjectionDraft } from '../draft';
import type { MessagePart } from '../records';

/**
 * Marks a text or reasoning part done, as this batch's own copy changed in place (no patch object:
 * a turn's end settles every part of its messages). Streamed reasoning also records when it ended,
 * so its duration ("Thought for 4 s") is a fact of the events, never the wall clock.
 */
export function endPart(draft: ProjectionDraft, part: MessagePart, at: string | undefined): void {
  const own = draft.own('parts', part.partId, part);
  // A finished part's text is read, never appended to again: keep it as one flat string.
  if (own.text !== undefined) own.text = flattenText(own.text);
  own.done = true;
  if (own.kind === 'reasoning' && own.startedAt !== undefined && at !== undefined) own.endedAt = at;
}
