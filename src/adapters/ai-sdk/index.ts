// agentui-kit/adapters/ai-sdk: the Vercel AI SDK (`ai` 7) behind a RuntimeProviderAdapter.
// `ai` is an optional peer dependency: the mappers (`toRuntimeEvents`, `ChunkMapper`) never import it at
// run time, so they build without it; `createAiSdkAdapter` loads it when it runs a turn.
export { toRuntimeEvents, mapStream, endpointFailure, AI_SDK_RUNTIME_ID, type AiSdkMappingOptions } from './toRuntimeEvents';
export { createAiSdkAdapter, type AiSdkAdapter, type AiSdkAdapterOptions, type AiSdkChatRequest } from './createAiSdkAdapter';
export { uiMessageChunks, ChatEndpointError, type UIMessageChunkSource } from './chunkStream';
export { ChunkMapper, DEFAULT_PREVIEW_BUDGET, type ChunkMapperOptions, type RunEnd, type AiSdkToolCall, type AiSdkDataPart } from './mapChunks';
