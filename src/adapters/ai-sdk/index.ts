// agentui-kit/adapters/ai-sdk: the Vercel AI SDK (`ai` 7) behind a RuntimeProviderAdapter.
// `ai` is an optional peer dependency: only apps that import this entry need it.
export { toRuntimeEvents, mapStream, AI_SDK_RUNTIME_ID, type AiSdkMappingOptions } from './toRuntimeEvents';
export { createAiSdkAdapter, type AiSdkAdapter, type AiSdkAdapterOptions, type AiSdkChatRequest } from './createAiSdkAdapter';
export { uiMessageChunks, type UIMessageChunkSource } from './chunkStream';
export { ChunkMapper, DEFAULT_PREVIEW_BUDGET, type ChunkMapperOptions, type RunEnd } from './mapChunks';
