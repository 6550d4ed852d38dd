import type { StoreApi } from 'zustand/vanilla';

export type Listener<S> = (state: S, previous: S) => void;

/** A store's subscribers behind a gate: while held, commits still happen, notifications wait. */
export interface Gate<S> {
  held: number;
  /** The state subscribers last saw, when commits happened while held. */
  from?: S;
  /** A state readers see instead of the committed one (`presentState`). */
  presented?: S;
  /**
   * Backlogs being applied (`openBacklog`): what subscribers hear meanwhile is history, facts of
   * another time, not news (the live announcer says nothing of it).
   */
  backlogs?: number;
  /** Makes an empty store with this one's options (a scratch projection is made the same way). */
  sibling: () => StoreApi<S>;
  listeners: Set<Listener<S>>;
}

/** Each store's gate (stores made by `createRuntimeStore`); `presentState` reads it too. */
export const gates = new WeakMap<object, Gate<unknown>>();

/**
 * Puts the store's subscribers behind a gate (once, when the store is made). Every commit stays
 * immutable and `getState()` is always current; only the notifications can be held, so a
 * backlog applied in many slices re-renders the UI a few times instead of once per slice.
 */
export function gateNotifications<S>(store: StoreApi<S>, sibling: () => StoreApi<S>): void {
  const gate: Gate<S> = { held: 0, listeners: new Set(), sibling };
  store.subscribe((state, previous) => {
    if (gate.held > 0) {
      gate.from ??= previous;
      return;
    }
    for (const listener of [...gate.listeners]) listener(state, previous);
  });
  store.subscribe = (listener) => {
    gate.listeners.add(listener);
    return () => void gate.listeners.delete(listener);
  };
  gates.set(store, gate as Gate<unknown>);
}
