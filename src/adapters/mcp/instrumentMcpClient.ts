import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { StreamCursor } from '../../stream/types';
import { createAdapterSession, type AdapterSession } from '../core/adapterSession';
import type { EnvelopeFactoryOptions } from '../core/envelopeFactory';
import type { AdapterContext, RespondActionInput } from '../../protocol/providerAdapter';
import { Elicitations, type McpElicitRequest, type McpElicitResult } from './elicitation';
import { McpToolCalls, type McpCallOptions, type McpCallToolParams, type McpClientLike, type McpToolCallsOptions } from './mcpToolCalls';

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
  /**
   * The client's handler for a server's `elicitation/create`: the request becomes an input card
   * (`action.required`), settled when `respondAction` answers it. Register it on the client:
   * `client.setRequestHandler(ElicitRequestSchema, reporter.elicit)` (the client declares
   * `capabilities: { elicitation: {} }`).
   */
  elicit(request: McpElicitRequest): Promise<McpElicitResult>;
  /** Answers an elicitation card: `answer` with `{ values }`, `decline`, or `cancel`; resolved once it went back to the server. */
  respondAction(input: RespondActionInput): Promise<RuntimeEventEnvelope>;
}

/** The reporter behind `instrumentMcpClient` and `createMcpAdapter`: one session, one call counter, the elicitations of its calls. */
export function mcpReporter(
  client: McpClientLike,
  session: AdapterSession,
  turnId: () => string,
  previewBudget?: number,
  onCall?: McpToolCallsOptions['onCall'],
): InstrumentedMcpClient & { elicitations: Elicitations } {
  const calls = new McpToolCalls(client, session, { turnId, previewBudget, onCall });
  const elicitations = new Elicitations(session, () => {
    const turn = turnId();
    const toolCallId = calls.soleCallIn(turn);
    return { turnId: turn, ...(toolCallId !== undefined && { toolCallId }) };
  });
  return {
    callTool: (params, options) => calls.call(params, options),
    loadRef: (ref) => calls.load(ref),
    events: () => session.recorder.events(),
    cursor: () => session.factory.cursor(),
    elicit: elicitations.handle,
    async respondAction(input) {
      if (!elicitations.has(input.actionId)) {
        throw new Error(`MCP tools/call has no approval to answer (action ${input.actionId}); only elicitation requests are answered here`);
      }
      return elicitations.answer(input);
    },
    elicitations,
  };
}

/**
 * Wraps an MCP `Client` so an app's own agent loop reports its MCP calls as tool facts of a
 * turn: `context.turnId` (the app's turn, which its own events start and end; a call can name
 * its own), or, without one, turns the reporter names and brackets itself: a turn starts with a
 * call and completes when no call is in flight any more, so nothing is left streaming. Sequences
 * continue after `context.sequence ?? 0`, so the reporter can carry on a session the app already started.
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
  if (context.turnId !== undefined) {
    const turnId = context.turnId;
    return mcpReporter(client, session, () => turnId, options.previewBudget);
  }
  let own: string | undefined;
  let inFlight = 0;
  const emit = (type: string, turnId: string) => session.record(session.factory.event(type, { turnId }));
  const reporter = mcpReporter(client, session, () => (own ??= session.ids.turn()), options.previewBudget, {
    started: (turnId) => {
      if (inFlight++ === 0) emit('turn.started', turnId);
    },
    settled: (turnId) => {
      if (--inFlight > 0) return;
      reporter.elicitations.cancelTurn(turnId);
      emit('turn.completed', turnId);
      own = undefined;
    },
  });
  return reporter;
}
