import { useRef } from 'react';
import { useStore } from 'zustand';
import { shallow } from 'zustand/shallow';
import { useShallow as useZustandShallow } from 'zustand/react/shallow';
import type { RuntimeState } from '../store/createRuntimeStore';
import { useRuntimeStore } from './useRuntimeContext';

/**
 * zustand's `useShallow`: wraps a selector that builds a new array or object so the component
 * re-renders only when its entries change.
 * @example
 * const [stale, status] = useRuntimeSelector(useShallow((s) => [s.session.stale, selectSessionStatus(s)]));
 */
export const useShallow: typeof useZustandShallow = useZustandShallow;

/**
 * Subscribes to the smallest slice a component renders, through zustand's own `useStore`. The
 * store's commits are immutable, so a plain selector works (`s => s.messages.ids` changes exactly
 * when a message is added); the component re-renders only when the selected value changes (by
 * `equality`, `Object.is` by default).
 */
export function useRuntimeSelector<T>(selector: (state: RuntimeState) => T, equality: (a: T, b: T) => boolean = Object.is): T {
  return useStore(useRuntimeStore(), useEqualSelection(selector, equality));
}

/**
 * zustand's `useShallow` pattern with any equality (zustand's `useStoreWithEqualityFn` lives in
 * `zustand/traditional`, which needs the optional `use-sync-external-store` package; this keeps
 * the kit's dependencies to zustand alone): the previous selection is kept while it is equal to
 * the new one, and one state gives one value, so a selector that builds a new object per call
 * never loops `useSyncExternalStore`.
 */
function useEqualSelection<T>(selector: (state: RuntimeState) => T, equality: (a: T, b: T) => boolean): (state: RuntimeState) => T {
  const last = useRef<{ state: RuntimeState; selector: (state: RuntimeState) => T; value: T } | undefined>(undefined);
  return (state) => {
    const previous = last.current;
    if (previous && previous.state === state && previous.selector === selector) return previous.value;
    const next = selector(state);
    const value = previous && equality(previous.value, next) ? previous.value : next;
    last.current = { state, selector, value };
    return value;
  };
}

/** Shallow equality for selected arrays, plain objects, Maps and Sets (zustand's `shallow`). */
export const shallowEqual: <T>(a: T, b: T) => boolean = shallow;
