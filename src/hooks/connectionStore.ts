import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionStatus } from '../stream/connectRuntimeStream';

/**
 * The live stream's connection as the provider publishes it: what `useRuntimeStream` reports,
 * readable from any component under the same `<RuntimeProvider>` (a status header, a Retry
 * button) without threading props. `idle` when no stream is connected. Nothing in it moves with
 * every batch (the cursor is `useRuntimeStream`'s and the store's `cursor()`), so a component that
 * reads it whole re-renders when the connection changes, not per batch.
 */
export interface PublishedConnection {
  status: ConnectionStatus | 'idle';
  stale: boolean;
  /** Why the connection is `error` (or what the last failed attempt said while reconnecting). */
  error?: string;
  repairAttempts: number;
  lastRepairMs?: number;
  /** Starts the repair (or the reconnect) again; a no-op while idle. */
  retry(): void;
}

export const IDLE_CONNECTION: PublishedConnection = Object.freeze({ status: 'idle', stale: false, repairAttempts: 0, retry: () => undefined });

/** A vanilla zustand store of the published connection state (`idle` until `useRuntimeStream` connects). */
export type ConnectionStore = StoreApi<PublishedConnection>;

export const createConnectionStore = (): ConnectionStore => createStore<PublishedConnection>()(() => IDLE_CONNECTION);

/** The part of the connection a health notice shows (status, reason, retry). */
export const pickHealth = ({ status, error, retry }: PublishedConnection): Pick<PublishedConnection, 'status' | 'error' | 'retry'> => ({ status, error, retry });
