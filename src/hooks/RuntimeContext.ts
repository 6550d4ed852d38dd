import { createContext } from 'react';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeActions } from '../stream/runtimeActions';
import type { RuntimeProviderAdapter } from '../stream/types';

export interface RuntimeContextValue {
  store: RuntimeStore;
  adapter?: RuntimeProviderAdapter;
  actions: RuntimeActions;
  /** Visible strings and aria labels by key; components fall back to their English defaults. */
  labels: Readonly<Record<string, string>>;
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null);
