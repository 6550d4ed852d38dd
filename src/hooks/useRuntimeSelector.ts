import { useRef, useSyncExternalStore } from 'react';
import type { RuntimeState } from '../store/createRuntimeStore';
import { useRuntimeStore } from './useRuntimeContext';

/**
 * Subscribes to the smallest slice a component renders. The component re-renders only when the
 * selected value changes (by `equality`, `Object.is` by default), so a text delta re-renders the
 * streaming part and nothing else.
 */
export function useRuntimeSelector<T>(selector: (state: RuntimeState) => T, equality: (a: T, b: T) => boolean = Object.is): T {
  const store = useRuntimeStore();
  const cache = useRef<{ state: RuntimeState; selector: (state: RuntimeState) => T; value: T } | null>(null);
  const getSnapshot = (): T => {
    const state = store.getState();
    const cached = cache.current;
    if (cached && cached.state === state && cached.selector === selector) return cached.value;
    const value = selector(state);
    if (cached && equality(cached.value, value)) {
      cache.current = { state, selector, value: cached.value };
      return cached.value;
    }
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}

/** Shallow equality for selected arrays and plain objects. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}
