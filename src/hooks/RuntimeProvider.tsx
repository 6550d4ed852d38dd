import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { shallow } from 'zustand/shallow';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { lazyRuntimeActions } from '../stream/lazyRuntimeActions';
import type { RuntimeActionsOptions } from '../stream/runtimeActions';
import type { RuntimeProviderAdapter } from '../stream/types';
import type { Labels } from '../ui/labels';
import { TooltipScope } from '../ui/TooltipScope';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';
import { createConnectionStore } from './connectionStore';

/** Props of `RuntimeProvider`. */
export interface RuntimeProviderProps {
  /** The store to render; one is created when omitted. */
  store?: RuntimeStore;
  /** Where writes go (send, interrupt, answers, history, evidence). Without one they are `unavailable`. */
  adapter?: RuntimeProviderAdapter;
  /** Overrides for visible strings and aria labels, by key (a typo'd key does not compile). An inline object is fine: it is compared by content. */
  labels?: Readonly<Labels>;
  /** Read when a write starts, so an inline object neither recreates the actions nor closes their turn streams. */
  actionsOptions?: RuntimeActionsOptions;
  /** What renders inside. */
  children?: ReactNode;
}

const NO_LABELS: Readonly<Labels> = Object.freeze({});

/** The previous value while the new one is shallowly equal: an inline object keeps its identity. */
function useShallowStable<T>(value: T): T {
  const ref = useRef(value);
  if (!shallow(ref.current, value)) ref.current = value;
  return ref.current;
}

/**
 * Puts one store, one adapter and the labels in context for the hooks and components below, and
 * one tooltip provider their badges share.
 * Without `store` it creates one; pass a store you filled (a snapshot read on the server) to render it.
 * @example
 * const adapter = httpAdapter('https://runtime.example');
 * export const App = () => (
 *   <RuntimeProvider adapter={adapter} labels={{ 'composer.send': 'Envoyer' }}>
 *     <Live />
 *   </RuntimeProvider>
 * );
 */
export function RuntimeProvider({ store: given, adapter, labels = NO_LABELS, actionsOptions, children }: RuntimeProviderProps) {
  const [own] = useState(() => (given ? undefined : createRuntimeStore()));
  const [connection] = useState(createConnectionStore);
  const store = given ?? own!;
  const optionsRef = useRef(actionsOptions);
  optionsRef.current = actionsOptions;
  // The writes' code loads later (lazyRuntimeActions): in idle time once a composer shows, or with the first write.
  const actions = useMemo(() => lazyRuntimeActions(store, adapter, () => optionsRef.current ?? {}), [store, adapter]);
  useEffect(() => () => actions.dispose(), [actions]);
  const stableLabels = useShallowStable(labels);
  const value = useMemo<RuntimeContextValue>(() => ({ store, adapter, actions, labels: stableLabels, connection }), [store, adapter, actions, stableLabels, connection]);
  // One tooltip provider for the whole kit below (every fact badge shares it).
  return (
    <RuntimeContext.Provider value={value}>
      <TooltipScope>{children}</TooltipScope>
    </RuntimeContext.Provider>
  );
}
