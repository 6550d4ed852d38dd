import type { JsonObject } from '../../protocol/events';
import { cutWhole } from '../../protocol/cutWhole';

/** Characters of tool output kept inline; longer output becomes an `outputRef` plus this much preview. */
export const DEFAULT_PREVIEW_BUDGET = 2_000;

/** Keeps a tool output too large to inline, and returns the ref it can be loaded from. */
export type SpillOutput = (toolCallId: string, text: string) => string;

/**
 * A tool output's payload fields: the text inline when it fits the budget, else a capped
 * `preview`, its `size`, `truncated`, and (when there is somewhere to keep it) an `outputRef`:
 * never the whole payload in the event.
 */
export function toolOutputPayload(toolCallId: string, text: string, budget: number = DEFAULT_PREVIEW_BUDGET, spill?: SpillOutput): JsonObject {
  if (text.length <= budget) return { preview: text };
  const capped = { preview: cutWhole(text, budget), truncated: true, size: text.length };
  return spill === undefined ? capped : { ...capped, outputRef: spill(toolCallId, text) };
}
