import type { RuntimeState, RuntimeStore } from './createRuntimeStore';

type Listener = (state: RuntimeState, previous: RuntimeState) => void;

/** A store's subscribers behind a gate: while held, commits still happen, notifications wait. */
interface Gate {
  held: number;
  /** The state subscribers last saw, when commits happened while held. */
  from?: RuntimeState;
  listeners: Set<Listener>;
}

const gates = new WeakMap<RuntimeStore, Gate>();

/**
 * Puts the store's subscribers behind a gate (once, when the store is made). Every commit stays
 * immutable and `getState()` is always current; only the notifications can be held, so a
 * backlog applied in many slices re-renders the UI a few times instead of once per slice.
 */
export function gateNotifications(store: RuntimeStore): void {
  const gate: Gate = { held: 0, listeners: new Set() };
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
  gates.set(store, gate);
}

/**
 * Holds the store's notifications until the returned release is called (holds nest). On the last
 * release, subscribers that missed commits are notified once, with the state they last saw as
 * `previous`. Reads (`getState`) are never held.
 */
export function holdNotifications(store: RuntimeStore): () => void {
  const gate = gates.get(store);
  if (!gate) return () => undefined;
  gate.held += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    gate.held -= 1;
    if (gate.held > 0 || gate.from === undefined) return;
    const previous = gate.from;
    gate.from = undefined;
    const state = store.getState();
    if (state !== previous) for (const listener of [...gate.listeners]) listener(state, previous);
  };
}
