/**
 * The deepest nesting of objects and arrays accepted in an event or a line of input, the value
 * itself counting as level 1. Real events nest a handful of levels; thousands overflow the stack of
 * every recursive consumer (JSON.stringify among them) further down.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `value` nests objects or arrays more than `limit` levels deep. It never descends
 * below the limit, so its recursion is bounded whatever the input.
 */
export function exceedsJsonDepth(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (exceedsJsonDepth(item, limit - 1)) return true;
    return false;
  }
  for (const key in value) if (exceedsJsonDepth((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}
