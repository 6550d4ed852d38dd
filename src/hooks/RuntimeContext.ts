import { createContext } from 'react';
import type { Labels } from '../ui/labels';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeActions } from '../stream/runtimeActions';
import type { RuntimeProviderAdapter } from '../stream/types';
import type { ConnectionStore } from './connectionStore';

/**
 * What `RuntimeProvider` gives its subtree: the store, the adapter and actions, labels and the live
 * connection state.
 */
export interface RuntimeContextValue {
  store: RuntimeStore;
  adapter?: RuntimeProviderAdapter;
  actions: RuntimeActions;
  /** Visible strings and aria labels by key; components fall back to their English defaults. */
  labels: Readonly<Labels>;
  /** The live stream's connection state, published by `useRuntimeStream` (read it with `useConnectionState`). */
  connection: ConnectionStore;
}

/**
 * The React context behind `RuntimeProvider`; read it with `useRuntimeContext` (which throws
 * outside a provider).
 */
export const RuntimeContext = createContext<RuntimeContextValue | null>(null);
