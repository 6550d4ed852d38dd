import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { PublishedConnection } from './connectionStore';
import { useRuntimeContext } from './useRuntimeContext';

const whole = (connection: PublishedConnection) => connection;

/**
 * The provider's published connection state, or the slice `selector` picks from it: the component
 * re-renders only when that slice changes (`useConnectionState((c) => c.status)` stays still while
 * the cursor moves with every batch).
 * @example
 * const stale = useConnectionState((c) => c.stale);
 */
export function useConnectionState(): PublishedConnection;
export function useConnectionState<T>(selector: (connection: PublishedConnection) => T): T;
export function useConnectionState<T>(selector?: (connection: PublishedConnection) => T): T | PublishedConnection {
  return useStore<StoreApi<PublishedConnection>, T | PublishedConnection>(useRuntimeContext().connection, selector ?? whole);
}
