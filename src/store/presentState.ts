// A state shown to readers in place of the committed one: a store's view, not its facts. In a file
// of its own so that only the code opening a backlog (a lazily loaded chunk) carries it.
import type { StoreApi } from 'zustand/vanilla';
import { gates, type Gate } from './notificationGate';

/** Stores whose `getState` already reads a presented state first. */
const presenting = new WeakSet<object>();

/**
 * Shows readers `state` instead of the committed state until the returned end is called: `getState()`
 * returns it and subscribers are told at once, held or not. The store's own actions keep reading and
 * committing their state underneath (they read it through zustand's `get`, not `getState`). On the
 * end, readers see the committed state again; subscribers hear of it then, or on the last release
 * when notifications are held. Opening a backlog shows its newest turns this way while the history
 * before them is applied.
 */
export function presentState<S>(store: StoreApi<S>, state: S): () => void {
  const gate = gates.get(store) as Gate<S> | undefined;
  if (!gate) return () => undefined;
  if (!presenting.has(store)) {
    // Installed on the first presentation, not when the store is made: only this lazily loaded code pays for it.
    presenting.add(store);
    const committed = store.getState;
    store.getState = () => gate.presented ?? committed();
  }
  const previous = gate.presented ?? store.getState();
  gate.presented = state;
  let ended = false;
  const end = () => {
    if (ended || gate.presented !== state) return;
    ended = true;
    gate.presented = undefined;
    if (gate.held > 0) {
      gate.from = state;
      return;
    }
    const current = store.getState();
    for (const listener of [...gate.listeners]) listener(current, state);
  };
  try {
    for (const listener of [...gate.listeners]) listener(state, previous);
  } catch (error) {
    // A subscriber that throws must not leave readers on a presentation nobody can end: it ends
    // here, and the subscribers hear of the committed state again (a second throw among them is
    // not the error to report).
    try {
      end();
    } catch {}
    throw error;
  }
  return end;
}

