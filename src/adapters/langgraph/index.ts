// agentui-kit/adapters/langgraph: LangGraph (`@langchain/langgraph` 1.x) behind a RuntimeProviderAdapter.
// `@langchain/langgraph` is an optional peer dependency: only apps that import this entry need it.
export { toRuntimeEvents, mapStream, LANGGRAPH_RUNTIME_ID, type LangGraphMappingOptions } from './toRuntimeEvents';
export { createLangGraphAdapter, type LangGraphAdapter, type LangGraphAdapterOptions, type LangGraphRunnable, type LangGraphRunConfig } from './createLangGraphAdapter';
export { LANGGRAPH_STREAM_MODES, type LangGraphChunkSource, type LangGraphStreamChunk } from './streamChunks';
export { LangGraphChunkMapper, DEFAULT_PREVIEW_BUDGET, type LangGraphMapperOptions, type LangGraphRunEnd } from './mapChunks';
export { classifyGraphError, type LangGraphFailure } from './failures';
