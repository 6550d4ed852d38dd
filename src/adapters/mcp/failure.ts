import type { JsonObject } from '../../protocol/events';

// JSON-RPC error codes MCP defines (SDK `ErrorCode`): read by number, so this entry needs no SDK at run time.
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

/** Why an MCP call did not return a result, as a typed failure (SPEC section 4, rule 8). */
export function callFailure(error: unknown, cancelled: boolean): JsonObject {
  const code = typeof (error as { code?: unknown } | null)?.code === 'number' ? (error as { code: number }).code : undefined;
  // The SDK prefixes `MCP error <code>: ` (twice when the server's own McpError crossed the wire): the code is its own field.
  const message = (error instanceof Error ? error.message : String(error)).replace(/^(?:MCP error -?\d+: )+/, '');
  // The SDK rejects an aborted request with its RequestTimeout code too: whose signal fired decides.
  if (cancelled) {
    return { failureCategory: 'cancelled', message: 'The call was cancelled: the client sent notifications/cancelled to the server.' };
  }
  if (code === REQUEST_TIMEOUT) {
    const timeout = (error as { data?: { timeout?: unknown } }).data?.timeout;
    return {
      failureCategory: 'timeout',
      message,
      errorCode: code,
      ...(typeof timeout === 'number' && { timeoutMs: timeout }),
      recoveryHint: 'Call the tool again with a longer timeout, or pass resetTimeoutOnProgress if the server reports progress.',
    };
  }
  if (code === CONNECTION_CLOSED) {
    return { failureCategory: 'connection_closed', message, errorCode: code, recoveryHint: 'Reconnect the MCP client, then call the tool again.' };
  }
  return { failureCategory: 'protocol_error', message, ...(code !== undefined && { errorCode: code }) };
}
