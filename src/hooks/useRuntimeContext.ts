import { useContext } from 'react';
import type { Labels } from '../components/labels';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeActions } from '../stream/runtimeActions';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';

export function useRuntimeContext(): RuntimeContextValue {
  const value = useContext(RuntimeContext);
  if (!value) throw new Error('AgentUI: wrap this component in <RuntimeProvider> (it supplies the store the component reads).');
  return value;
}

export const useRuntimeStore = (): RuntimeStore => useRuntimeContext().store;
export const useRuntimeActions = (): RuntimeActions => useRuntimeContext().actions;
export const useRuntimeLabels = (): Readonly<Labels> => useRuntimeContext().labels;
