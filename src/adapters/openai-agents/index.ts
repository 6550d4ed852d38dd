// agentui-kit/adapters/openai-agents: the OpenAI Agents SDK (`@openai/agents` 0.20) behind a
// RuntimeProviderAdapter. `@openai/agents` is an optional peer dependency: only apps that import
// this entry need it.
export { toRuntimeEvents, mapRun, OPENAI_AGENTS_RUNTIME_ID, type OpenAiAgentsMappingOptions, type StreamedRun } from './toRuntimeEvents';
export { createOpenAiAgentsAdapter, type OpenAiAgentsAdapter, type OpenAiAgentsAdapterOptions } from './createOpenAiAgentsAdapter';
export { RunEventMapper, DEFAULT_PREVIEW_BUDGET, type RunEventMapperOptions, type RunEnd, type RunOutcome } from './mapRunEvents';
export { classifyRunError, type RunFailure } from './runFailure';
