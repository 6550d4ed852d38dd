import { useContext } from 'react';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';

export function useRuntimeContext(): RuntimeContextValue {
  const value = useContext(RuntimeContext);
  if (!value) throw new Error('AgentUI: wrap this component in <RuntimeProvider> (it supplies the store the component reads).');
  return value;
}

export const useRuntimeStore = () => useRuntimeContext().store;
export const useRuntimeActions = () => useRuntimeContext().actions;
export const useRuntimeLabels = () => useRuntimeContext().labels;
