import { useRef } from 'react';

/**
 * `value` as long as it stays equal to the previous one (by `equal`), so an object an app writes
 * inline (`components={{ Tool: { byName } }}`, `labels={{ ... }}`) keeps its identity across renders
 * and memoized children do not re-render for a new object that says the same.
 */
export function useStableValue<T>(value: T, equal: (a: T, b: T) => boolean): T {
  const held = useRef(value);
  if (held.current !== value && !equal(held.current, value)) held.current = value;
  return held.current;
}

/** Shallow equality of two plain objects (or the same value): the same keys holding the same values. */
export function sameEntries(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}
