// agentui-kit/adapters/mcp: an MCP client's tool calls (`@modelcontextprotocol/sdk` 1.x) as profile facts.
// The SDK is an optional peer dependency, used here for its types only.
export { instrumentMcpClient, mcpReporter, MCP_RUNTIME_ID, type InstrumentedMcpClient, type McpReportOptions } from './instrumentMcpClient';
export { createMcpAdapter, type McpAdapter, type McpAdapterOptions, type McpAgentRun } from './createMcpAdapter';
export { McpToolCalls, type McpCallOptions, type McpCallToolParams, type McpClientLike, type McpProgress, type McpRequestOptions } from './mcpToolCalls';
export { readToolResult, type McpResultFacts, type McpResourceFacts } from './resultContent';
export { artifactKindOf } from '../core/artifactKind';
export { callFailure } from './failure';
