import { Command } from '@langchain/langgraph/web';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RespondActionInput, RuntimeCapabilities, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor, type AdapterSessionInput } from '../core/adapterSession';
import { ActiveTurn, startActiveTurn } from '../core/activeTurn';
import { cannotSteer, refused } from '../core/refusal';
import { checkpointReadModel, type LangGraphStateView } from './checkpointReadModel';
import { createEnvelopeFactory } from '../core/envelopeFactory';
import { buildThreadReadModel } from '../../store/threadReadModel';
import type { ThreadReadModelSnapshot } from '../../protocol/snapshots';
import { isAbort } from './failures';
import { LangGraphChunkMapper } from './mapChunks';
import { LANGGRAPH_STREAM_MODES, type LangGraphChunkSource } from './streamChunks';
import { LANGGRAPH_RUNTIME_ID, mapStream, type LangGraphMappingOptions } from './toRuntimeEvents';

/**
 * The part of a compiled LangGraph graph (`StateGraph(...).compile({ checkpointer })`, a
 * `createReactAgent`, a `RemoteGraph`) the adapter uses.
 */
export interface LangGraphRunnable {
  stream(input: unknown, options: LangGraphRunConfig): Promise<LangGraphChunkSource>;
  getState?(config: { configurable: { thread_id: string } }): Promise<LangGraphStateView>;
  /** The graph's checkpointer: `readThread` reads the checkpoint when there is one. */
  checkpointer?: unknown;
}

/** The run config the adapter passes to `graph.stream`: the thread, the stream modes, the abort signal, and `config`. */
export interface LangGraphRunConfig {
  configurable: Record<string, unknown> & { thread_id: string };
  streamMode: (typeof LANGGRAPH_STREAM_MODES)[number][];
  signal: AbortSignal;
  [key: string]: unknown;
}

/**
 * Options of `createLangGraphAdapter`: the compiled graph (or remote graph), the profile and
 * checkpointer thread ids, and where events land.
 */
export interface LangGraphAdapterOptions extends LangGraphMappingOptions, AdapterSessionInput {
  graph: LangGraphRunnable;
  /** The profile thread id; also the graph's `thread_id` unless `langGraphThreadId` says otherwise. */
  threadId?: string;
  /** The checkpointer's `thread_id` for this thread. */
  langGraphThreadId?: string;
  /**
   * The graph's input for a prompt. Default: `{ messages: [{ role: 'user', content: prompt, id: '<turnId>:user' }] }`
   * (MessagesAnnotation state), the message id being the one the kit gives the turn's user message.
   */
  input?(prompt: string, turnId: string): unknown;
  /** More run config for every `graph.stream` call: `recursionLimit`, `context`, callbacks, `configurable` keys. */
  config?: Record<string, unknown>;
  /**
   * The value an answer resumes the graph with (`new Command({ resume })`): what the graph's
   * `interrupt()` returns. Default: `{ decision, ...payload }`.
   */
  resumeValue?(answer: RespondActionInput): unknown;
}

/** A `RuntimeProviderAdapter` over a LangGraph graph, plus spilled outputs and the events emitted so far. */
export interface LangGraphAdapter extends RuntimeProviderAdapter {
  readonly capabilities: RuntimeCapabilities;
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
}

/** A running turn of this adapter: its mapper, and the resume values its suspended graph waits for. */
class LangGraphTurn extends ActiveTurn {
  /** The resume value of each answered action. */
  readonly answers = new Map<string, unknown>();

  constructor(readonly mapper: LangGraphChunkMapper) {
    super(mapper.turnId);
  }
}

const defaultResume = (answer: RespondActionInput): unknown => ({ decision: answer.decision, ...answer.payload });

/**
 * A `RuntimeProviderAdapter` over a compiled LangGraph graph: each turn streams the graph with
 * `streamMode: ['messages', 'updates', 'custom']` on the thread's `thread_id`. Turns run one at a
 * time: a prompt sent while one runs waits (`queue`) until the graph is done with the thread;
 * steering is refused. An `interrupt()` suspends the turn until `respondAction` answers and the
 * graph, resumed with `new Command({ resume })` on the same thread, acts on the answer (the resume
 * value carries the decision and any note); `cancelTurn` aborts the run through its AbortSignal
 * (pending interrupts are cancelled); `readThread` reads the checkpoint when the graph has a
 * checkpointer, which is also how a thread continues after a restart.
 * @example
 * const graph = workflow.compile({ checkpointer: new MemorySaver() });
 * const adapter = createLangGraphAdapter({ graph, sessionId: 'sess-1', threadId: 'thread-1' });
 * for await (const event of adapter.startTurn({ prompt: 'Hi', mode: 'start' })) store.getState().ingest([event]);
 */
export function createLangGraphAdapter(options: LangGraphAdapterOptions): LangGraphAdapter {
  const { graph } = options;
  const session = adapterSessionFor(options, {
    runtimeId: LANGGRAPH_RUNTIME_ID,
    prefix: 'lg',
    sessionId: 'langgraph-session',
    threadId: 'thread-1',
    outputScheme: 'langgraph-output',
  });
  const { factory, ids, recorder, refs, sessionId } = session;
  const threadId = session.threadId ?? 'thread-1';
  const langGraphThreadId = options.langGraphThreadId ?? threadId;
  const spill = options.spill ?? refs.spill;
  const messageIds = new Map<string, string>();
  const resumeValue = options.resumeValue ?? defaultResume;
  const hasCheckpointer = graph.checkpointer !== undefined && graph.checkpointer !== false && typeof graph.getState === 'function';
  const runConfig = (signal: AbortSignal): LangGraphRunConfig => {
    const extra = options.config ?? {};
    const configurable = typeof extra.configurable === 'object' && extra.configurable !== null ? (extra.configurable as Record<string, unknown>) : {};
    return { ...extra, configurable: { ...configurable, thread_id: langGraphThreadId }, streamMode: [...LANGGRAPH_STREAM_MODES], signal };
  };
  const turns = session.turnQueue<LangGraphTurn>();

  const record = (turn: LangGraphTurn, event: RuntimeEventEnvelope): RuntimeEventEnvelope => turn.observe(session.record(event));

  /** The resume for every pending action: one value, or a map by interrupt id when several wait. */
  function resumeCommand(turn: LangGraphTurn): Command {
    const pending = turn.mapper.pendingActionIds();
    if (pending.length === 1) return new Command({ resume: turn.answers.get(pending[0]!) });
    const byInterrupt: Record<string, unknown> = {};
    for (const actionId of pending) byInterrupt[turn.mapper.interruptIdOf(actionId)!] = turn.answers.get(actionId);
    return new Command({ resume: byInterrupt });
  }

  async function* turnEvents(turn: LangGraphTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    yield record(turn, factory.event('turn.submitted', { turnId: turn.turnId }, { text: prompt }));
    let input: unknown = options.input?.(prompt, turn.turnId) ?? { messages: [{ role: 'user', content: prompt, id: `${turn.turnId}:user` }] };
    for (;;) {
      const signal = turn.controller.signal;
      let source: LangGraphChunkSource;
      try {
        source = await graph.stream(input, runConfig(signal));
      } catch (error) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.begin(out);
        if (signal.aborted || isAbort(error)) turn.mapper.cancel(out, 'aborted');
        else turn.mapper.error(out, error);
        for (const event of out) yield record(turn, event);
        return;
      }
      for await (const event of mapStream(source, turn.mapper, signal)) yield record(turn, event);
      if (turn.mapper.end !== 'interrupted') return;
      // Suspended: the turn waits for every pending action's answer (or a cancel).
      if (!(await turn.untilAnswered(() => turn.mapper.pendingActionIds().some((id) => !turn.answers.has(id))))) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.cancel(out, 'cancelled while waiting for an answer');
        for (const event of out) yield record(turn, event);
        return;
      }
      input = resumeCommand(turn);
      turn.answers.clear();
      turn.mapper.resume();
    }
  }

  return {
    // Restore is the checkpointer's: a graph compiled with one continues its thread (`thread_id`) in a new process.
    capabilities: { queue: true, steer: false, interrupt: true, approvals: true, clientTools: false, restore: hasCheckpointer },

    startTurn(input) {
      const running = turns.current;
      if (input.mode === 'steer' && running !== undefined) return refused(cannotSteer('LangGraph', running.turnId));
      const turn = new LangGraphTurn(new LangGraphChunkMapper({ factory, ids, turnId: ids.turn(), previewBudget: options.previewBudget, spill, messageIds }));
      const snapshotPoint = () => session.record(factory.event('snapshot.updated', { turnId: turn.turnId }, { snapshotRef: `langgraph-thread://${sessionId}/${threadId}` }));
      return startActiveTurn(turns, turn, input.prompt, () => turnEvents(turn, input.prompt), snapshotPoint);
    },

    cancelTurn: (input) => turns.cancel(input, (turn) => turn.abort()),

    respondAction(input) {
      const turn = turns.current;
      if (turn === undefined || !turn.mapper.pendingActionIds().includes(input.actionId) || turn.mapper.answered(input.actionId)) {
        return Promise.reject(new Error(`action ${input.actionId} is not waiting for an answer`));
      }
      // The card resolves on the runtime's fact: the resumed graph acting on this answer.
      const resolved = turn.resolution(input.actionId);
      turn.mapper.answer(input.actionId, input.decision);
      turn.answers.set(input.actionId, resumeValue(input));
      turn.wake();
      return resolved;
    },

    async readThread(input) {
      // Older history (`before`): the thread is served whole on the first read, nothing older exists.
      if (!hasCheckpointer || input.before !== undefined) return session.readThread(input);
      const state = await graph.getState!({ configurable: { thread_id: langGraphThreadId } });
      // A restarted adapter has recorded nothing yet: the checkpoint alone is the thread (at cursor 0).
      const recorded = recorder.events().length > 0 ? recorder.readModel() : buildThreadReadModel([createEnvelopeFactory({ sessionId, threadId, runtimeId: factory.runtimeId, sequence: -1 }).event('thread.updated')]);
      return checkpointReadModel(recorded as ThreadReadModelSnapshot, state, messageIds);
    },

    loadRef: (ref) => refs.load(ref),
    events: () => recorder.events(),
  };
}
