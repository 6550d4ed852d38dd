// `JSON.stringify(a) === JSON.stringify(b)` without building the strings: the fuzz compares whole
// summaries several times per stream, and writing them out was a seventh of a seed's time.

/** What JSON.stringify writes for a value in an object: nothing for these (the key is left out). */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** JSON.stringify writes a non-finite number as null. */
const number = (value: number): number | null => (Number.isFinite(value) ? value : null);

/**
 * True when both values have the same JSON text: the same keys in the same order (those JSON leaves
 * out skipped), the same items, the same primitives. Values with `toJSON` (a Date) are compared by it.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Both write nothing (JSON.stringify returns undefined), as a whole value.
  if (omitted(a) || omitted(b)) return omitted(a) && omitted(b);
  if (a !== null && typeof a === 'object' && typeof (a as { toJSON?: unknown }).toJSON === 'function') return sameJson((a as { toJSON: () => unknown }).toJSON(), b);
  if (b !== null && typeof b === 'object' && typeof (b as { toJSON?: unknown }).toJSON === 'function') return sameJson(a, (b as { toJSON: () => unknown }).toJSON());
  if (typeof a === 'number' || typeof b === 'number') {
    if (typeof a === 'number' && typeof b === 'number') return number(a) === number(b);
    return (typeof a === 'number' && number(a) === null && b === null) || (typeof b === 'number' && number(b) === null && a === null);
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    // An array writes what JSON leaves out of an object as null.
    for (let i = 0; i < a.length; i++) if (!sameJson(omitted(a[i]) ? null : a[i], omitted(other[i]) ? null : other[i])) return false;
    return true;
  }
  const left = Object.keys(a).filter((key) => !omitted((a as Record<string, unknown>)[key]));
  const right = Object.keys(b).filter((key) => !omitted((b as Record<string, unknown>)[key]));
  if (left.length !== right.length) return false;
  for (let i = 0; i < left.length; i++) {
    if (left[i] !== right[i]) return false;
    if (!sameJson((a as Record<string, unknown>)[left[i]!], (b as Record<string, unknown>)[right[i]!])) return false;
  }
  return true;
}
