import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { StreamCursor } from '../../stream/types';
import { createAdapterSession, type AdapterSession } from '../core/adapterSession';
import type { EnvelopeFactoryOptions } from '../core/envelopeFactory';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { McpToolCalls, type McpCallOptions, type McpCallToolParams, type McpClientLike } from './mcpToolCalls';

/** The `runtimeId` MCP adapter events carry unless the app names another. */
export const MCP_RUNTIME_ID = 'mcp';

/**
 * How MCP tool calls are reported: output preview budget, the event clock, the id prefix and the
 * callback that receives each event.
 */
export interface McpReportOptions {
  /** Characters of tool output kept inline; longer output becomes an `outputRef` plus this much preview (2,000). */
  previewBudget?: number;
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: EnvelopeFactoryOptions['clock'];
  /** Names the turns and events this reporter makes (`mcp` by default). */
  idPrefix?: string;
  /** Called with every event, as it happens (`store.getState().ingest([event])`, or a server's broadcast). */
  onEvent?: (event: RuntimeEventEnvelope) => void;
}

/** An MCP client whose tool calls are reported as profile facts. */
export interface InstrumentedMcpClient {
  /** `client.callTool(params, undefined, options)`, reported: the same result, the same error. */
  callTool(params: McpCallToolParams, options?: McpCallOptions): Promise<unknown>;
  /** Loads an output kept as a ref, or a resource a result linked (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event reported so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
  /** Where a consumer resumes: the last event's sequence and id. */
  cursor(): StreamCursor;
}

/** The reporter behind `instrumentMcpClient` and `createMcpAdapter`: one session, one call counter. */
export function mcpReporter(client: McpClientLike, session: AdapterSession, turnId: () => string, previewBudget?: number): InstrumentedMcpClient {
  const calls = new McpToolCalls(client, session, { turnId, previewBudget });
  return {
    callTool: (params, options) => calls.call(params, options),
    loadRef: (ref) => calls.load(ref),
    events: () => session.recorder.events(),
    cursor: () => session.factory.cursor(),
  };
}

/**
 * Wraps an MCP `Client` so an app's own agent loop reports its MCP calls as tool facts of a
 * turn (`context.turnId`, or one the reporter names; a call can name its own). Sequences continue
 * after `context.sequence ?? 0`, so the reporter can carry on a session the app already started.
 */
export function instrumentMcpClient(client: McpClientLike, context: AdapterContext, options: McpReportOptions = {}): InstrumentedMcpClient {
  const session = createAdapterSession({
    runtimeId: context.runtimeId ?? MCP_RUNTIME_ID,
    sessionId: context.sessionId,
    threadId: context.threadId,
    sequence: context.sequence,
    prefix: options.idPrefix ?? 'mcp',
    clock: options.clock,
    outputScheme: 'mcp-output',
    onEvent: options.onEvent,
  });
  let turnId = context.turnId;
  return mcpReporter(client, session, () => (turnId ??= session.ids.turn()), options.previewBudget);
}
