import { useContext } from 'react';
import type { Labels } from '../ui/labels';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeActions } from '../stream/runtimeActions';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';

/** The provider's store, adapter, actions, labels and connection; throws outside `<RuntimeProvider>`. */
export function useRuntimeContext(): RuntimeContextValue {
  const value = useContext(RuntimeContext);
  if (!value) throw new Error('AgentUI: wrap this component in <RuntimeProvider> (it supplies the store the component reads).');
  return value;
}

/** The store of the nearest `<RuntimeProvider>`. */
export const useRuntimeStore = (): RuntimeStore => useRuntimeContext().store;
/**
 * The writes of the nearest `<RuntimeProvider>`, through its adapter: `send`, `interrupt`,
 * `respondAction`, `loadOlder`, `exportEvidence`... Each resolves to a result and never throws; without
 * an adapter they report `unavailable`. Stable across renders.
 * @example
 * const { respondAction } = useRuntimeActions();
 * await respondAction(actionId, 'approve'); // the card shows responding until action.resolved
 */
export const useRuntimeActions = (): RuntimeActions => useRuntimeContext().actions;
/** The label overrides given to the nearest `<RuntimeProvider>`. */
export const useRuntimeLabels = (): Readonly<Labels> => useRuntimeContext().labels;
