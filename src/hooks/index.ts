export { RuntimeProvider, type RuntimeProviderProps } from './RuntimeProvider';
export { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';
export { useRuntimeContext, useRuntimeStore, useRuntimeActions, useRuntimeLabels } from './useRuntimeContext';
export { useRuntimeSelector, shallowEqual, useShallow } from './useRuntimeSelector';
export { useStableValue, sameEntries } from './useStableValue';
export { useRuntimeStream, type RuntimeStreamOptions, type RuntimeStreamResult, type StreamEndpoint, type StreamInput, type RuntimeStreamControls } from './useRuntimeStream';
export { useConnectionState } from './useConnectionState';
export type { PublishedConnection, ConnectionStore } from './connectionStore';
