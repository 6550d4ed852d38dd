import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { createRuntimeActions, type RuntimeActionsOptions } from '../stream/runtimeActions';
import type { RuntimeProviderAdapter } from '../stream/types';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';

export interface RuntimeProviderProps {
  /** The store to render; one is created when omitted. */
  store?: RuntimeStore;
  /** Where writes go (send, interrupt, answers, history, evidence). Without one they are `unavailable`. */
  adapter?: RuntimeProviderAdapter;
  /** Overrides for visible strings and aria labels. */
  labels?: Readonly<Record<string, string>>;
  actionsOptions?: RuntimeActionsOptions;
  children?: ReactNode;
}

const NO_LABELS: Readonly<Record<string, string>> = Object.freeze({});

/** Puts one store, one adapter and the labels in context for the hooks and components below. */
export function RuntimeProvider({ store: given, adapter, labels = NO_LABELS, actionsOptions, children }: RuntimeProviderProps) {
  const [own] = useState(() => (given ? undefined : createRuntimeStore()));
  const store = given ?? own!;
  const actions = useMemo(() => createRuntimeActions(store, adapter, actionsOptions), [store, adapter, actionsOptions]);
  useEffect(() => () => actions.dispose(), [actions]);
  const value = useMemo<RuntimeContextValue>(() => ({ store, adapter, actions, labels }), [store, adapter, actions, labels]);
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}
