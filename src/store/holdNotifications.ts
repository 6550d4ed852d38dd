// Holding a store's notifications, in a file of its own so that only the code opening a backlog (a
// lazily loaded chunk) carries it; the gate itself is set up with every store (notificationGate).
import type { StoreApi } from 'zustand/vanilla';
import { gates, type Gate } from './notificationGate';

/**
 * Holds the store's notifications until the returned release is called (holds nest). On the last
 * release, subscribers that missed commits are notified once, with the state they last saw as
 * `previous`. Reads (`getState`) are never held.
 */
export function holdNotifications<S>(store: StoreApi<S>): () => void {
  const gate = gates.get(store) as Gate<S> | undefined;
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
    // A presented state was told when it was presented (presentState).
    if (state !== previous && state !== gate.presented) for (const listener of [...gate.listeners]) listener(state, previous);
  };
}
