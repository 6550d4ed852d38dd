import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import { adapterSessionFor } from '../core/adapterSession';
import { PushQueue } from '../core/pushQueue';
import { cannotSteer, refused } from '../core/refusal';
import type { RuntimeCapabilities, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { callFailure } from './failure';
import { MCP_RUNTIME_ID, mcpReporter, type InstrumentedMcpClient, type McpReportOptions } from './instrumentMcpClient';
import type { McpCallOptions, McpCallToolParams, McpClientLike } from './mcpToolCalls';

/** One turn of the app's own agent loop, as `startTurn` runs it. */
export interface McpAgentRun {
  prompt: string;
  turnId: string;
  /** Aborted by `cancelTurn`: pass it on to anything else the loop awaits. */
  signal: AbortSignal;
  /** The client's `callTool`, reported as this turn's tool facts and cancelled with the turn. */
  callTool(params: McpCallToolParams, options?: McpCallOptions): Promise<unknown>;
  /** Streams answer text the loop's model produced (`model.delta`). */
  say(delta: string): void;
}

/**
 * Options of `createMcpAdapter`: the MCP client, the app's agent loop for a turn (MCP has no turns
 * of its own), and where events land.
 */
export interface McpAdapterOptions extends McpReportOptions {
  client: McpClientLike;
  /**
   * The app's agent loop for one turn (its model, its choice of tools). MCP itself has no turns:
   * without a loop, `startTurn` rejects. What it returns is the answer's whole text (when it
   * streamed text with `say`, the returned text is the final version of it).
   */
  agent?: (run: McpAgentRun) => Promise<string | void>;
  sessionId?: string;
  threadId?: string;
  runtimeId?: string;
  /** The last sequence already used in this session. */
  sequence?: number;
}

/**
 * A `RuntimeProviderAdapter` over an MCP client and the app's agent loop; also the instrumented
 * client whose tool calls become tool facts.
 */
export interface McpAdapter extends RuntimeProviderAdapter, InstrumentedMcpClient {
  readonly capabilities: RuntimeCapabilities;
}

interface ActiveTurn {
  turnId: string;
  controller: AbortController;
}

/** Why the loop failed: an MCP error keeps its category; anything else is the loop's own error. */
function turnFailure(error: unknown): JsonObject {
  const hint = 'Send the message again.';
  if (typeof (error as { code?: unknown } | null)?.code === 'number') {
    const failure = callFailure(error, false);
    return { ...failure, recoveryHint: failure.recoveryHint ?? hint };
  }
  return { failureCategory: 'agent_error', message: error instanceof Error ? error.message : String(error), recoveryHint: hint };
}

/**
 * A `RuntimeProviderAdapter` over an MCP client: every call through `callTool` (or the turn's
 * `run.callTool`) is reported as tool facts; `startTurn` runs the app's own agent loop (MCP has
 * no agent turn of its own) with turn and message facts around it; `cancelTurn` aborts the loop
 * and its in-flight MCP calls (the SDK sends `notifications/cancelled`); `respondAction` rejects
 * (a `tools/call` has no approval); `readThread` returns what the adapter recorded.
 * @example
 * const adapter = createMcpAdapter({
 *   client, // a connected @modelcontextprotocol/sdk Client
 *   sessionId: 'sess-1',
 *   agent: async ({ prompt, callTool, say }) => {
 *     const file = await callTool({ name: 'read_file', arguments: { path: 'README.md' } });
 *     say('Read it.');
 *   },
 * });
 */
export function createMcpAdapter(options: McpAdapterOptions): McpAdapter {
  let listening: PushQueue<RuntimeEventEnvelope> | undefined;
  const session = adapterSessionFor(
    {
      ...options,
      onEvent: (event) => {
        options.onEvent?.(event);
        // The line's facts reach the turn that waits in it, not the one running.
        if (event.type !== 'queue.changed') listening?.push(event);
      },
    },
    { runtimeId: MCP_RUNTIME_ID, prefix: 'mcp', sessionId: 'mcp-session', threadId: 'thread-1', outputScheme: 'mcp-output' },
  );
  const { sessionId, threadId } = session;
  const { factory, ids } = session;
  const turns = session.turnQueue<ActiveTurn>();
  let lastTurnId: string | undefined;
  const reporter = mcpReporter(options.client, session, () => turns.current?.turnId ?? (lastTurnId ??= ids.turn()), options.previewBudget);
  const { elicitations, ...client } = reporter;

  /** Runs one turn of the loop; every event it records reaches `queue`. */
  async function runTurn(turn: ActiveTurn, prompt: string, agent: NonNullable<McpAdapterOptions['agent']>): Promise<void> {
    const { turnId, controller } = turn;
    const signal = controller.signal;
    const emit = (type: string, payload: JsonObject = {}, extra: JsonObject = {}) => session.record(factory.event(type, { turnId, ...extra }, payload));
    emit('turn.submitted', { text: prompt });
    emit('turn.started');
    let messageId: string | undefined;
    let text = '';
    const open = () => {
      if (messageId !== undefined) return messageId;
      ids.nextStep(turnId);
      messageId = ids.messageId(turnId);
      emit('model.requested', {}, { messageId });
      return messageId;
    };
    try {
      const answer = await agent({
        prompt,
        turnId,
        signal,
        callTool: (params, callOptions = {}) =>
          reporter.callTool(params, {
            ...(messageId !== undefined && { messageId }),
            ...callOptions,
            turnId,
            signal: callOptions.signal === undefined ? signal : AbortSignal.any([callOptions.signal, signal]),
          }),
        say: (delta) => {
          if (signal.aborted) return;
          emit('model.delta', { delta }, { messageId: open() });
          text += delta;
        },
      });
      if (signal.aborted) throw signal.reason;
      const final = typeof answer === 'string' ? answer : text;
      if (final !== '' || messageId !== undefined) emit('model.completed', { text: final }, { messageId: open() });
      elicitations.cancelTurn(turnId);
      emit('turn.completed');
    } catch (error) {
      // Requests the server made during the turn and nobody answered end with it.
      elicitations.cancelTurn(turnId);
      if (signal.aborted) {
        // The answer so far stays, marked interrupted by the store: no model.completed for it.
        emit('turn.cancelled', { reason: 'cancelled' });
      } else {
        const failure = turnFailure(error);
        if (messageId !== undefined) emit('model.failed', failure, { messageId });
        emit('turn.failed', failure);
      }
    }
    // The turn is over: the read model `readThread` serves is current up to here.
    emit('snapshot.updated', { snapshotRef: `mcp-thread://${sessionId}/${threadId}` });
  }

  /** A turn's events as the loop records them; a consumer that stops reading early cancels the turn. */
  async function* turnEvents(turn: ActiveTurn, prompt: string, agent: NonNullable<McpAdapterOptions['agent']>): AsyncGenerator<RuntimeEventEnvelope> {
    const queue = new PushQueue<RuntimeEventEnvelope>();
    listening = queue;
    const done = runTurn(turn, prompt, agent).then(
      () => queue.close(),
      (error: unknown) => queue.fail(error),
    );
    try {
      yield* queue;
    } finally {
      if (listening === queue) listening = undefined;
      turn.controller.abort();
      await done;
    }
  }

  return {
    ...client,
    capabilities: { queue: options.agent !== undefined, steer: false, interrupt: options.agent !== undefined, approvals: true, clientTools: false, restore: false },

    startTurn(input) {
      const agent = options.agent;
      if (agent === undefined) {
        return refused(new Error('MCP has no agent turn of its own: pass createMcpAdapter({ agent }) to run your agent loop, or call adapter.callTool from it'));
      }
      const running = turns.current;
      if (input.mode === 'steer' && running !== undefined) return refused(cannotSteer('An MCP agent loop', running.turnId));
      const turnId = ids.turn();
      const turn: ActiveTurn = { turnId, controller: new AbortController() };
      return turns.submit(turn, input.prompt, () => {
        lastTurnId = turnId;
        return turnEvents(turn, input.prompt, agent);
      });
    },

    cancelTurn: (input) => turns.cancel(input, (turn) => turn.controller.abort()),

    // Elicitation requests are answered here; a tools/call has no approval (nothing is recorded for one).
    respondAction: (input) => client.respondAction(input),

    readThread: (input) => session.readThread(input),
  };
}
