// agentui-kit/adapters/ag-ui: an AG-UI agent (`@ag-ui/client` 1.0) behind a RuntimeProviderAdapter.
// `@ag-ui/client` and `@ag-ui/core` are optional peer dependencies: only apps that import this entry need them.
export { toRuntimeEvents, mapAgUiStream, AG_UI_RUNTIME_ID, type AgUiMappingOptions } from './toRuntimeEvents';
export { createAgUiAdapter, type AgUiAdapter, type AgUiAdapterOptions } from './createAgUiAdapter';
export { agUiEvents, type AgUiEventSource, type ObservableLike } from './eventStream';
export { AgUiEventMapper, DEFAULT_PREVIEW_BUDGET, type AgUiMapperOptions, type AgUiRunEnd } from './mapEvents';
