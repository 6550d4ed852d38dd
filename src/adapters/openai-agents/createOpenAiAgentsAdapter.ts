import { Runner, type Agent, type AgentInputItem, type AgentOutputType, type RunState, type TextOutput, type RunToolApprovalItem, type StreamRunOptions } from '@openai/agents';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RuntimeCapabilities, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor, type AdapterSessionInput } from '../core/adapterSession';
import { ActiveTurn, startActiveTurn } from '../core/activeTurn';
import { noteOf } from '../core/answerNote';
import { cannotSteer, refused } from '../core/refusal';
import { restoredItems } from './restoredItems';
import { RunEventMapper, isApproval, isToolDecision } from './mapRunEvents';
import { classifyRunError } from './runFailure';
import { OPENAI_AGENTS_RUNTIME_ID, mapRun, type OpenAiAgentsMappingOptions, type StreamedRun } from './toRuntimeEvents';

/** The adapter runs any agent: typed by the starting agent's context and output. */
export interface OpenAiAgentsAdapterOptions<TContext = unknown, TOutput extends AgentOutputType = TextOutput> extends OpenAiAgentsMappingOptions, AdapterSessionInput {
  /** The agent each conversation starts with; after a handoff the next turn continues with the agent that answered. */
  agent: Agent<TContext, TOutput>;
  /** The runner (its model provider, tracing and run config); a default `new Runner()` otherwise. */
  runner?: Pick<Runner, 'run'>;
  /** Options passed to every run (`maxTurns`, `context`, ...); `stream` and `signal` are the adapter's. */
  runOptions?: Omit<StreamRunOptions<TContext>, 'stream' | 'signal'>;
  /**
   * The conversation to continue: the `AgentInputItem[]` the app saved (`result.history`, or
   * `adapter.history()` after a turn). The next run receives it before the new prompt; without
   * `history` (the kit's own events), the UI shows its messages' text.
   */
  conversation?: readonly AgentInputItem[];
}

/**
 * A `RuntimeProviderAdapter` over the OpenAI Agents SDK, plus spilled outputs, the events emitted
 * and the conversation the next run receives.
 */
export interface OpenAiAgentsAdapter extends RuntimeProviderAdapter {
  readonly capabilities: RuntimeCapabilities;
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
  /** The conversation the next run receives (`result.history` of the last run): save it to continue later (`conversation`). */
  history(): readonly AgentInputItem[];
}

/** A running turn of this adapter: its mapper, and the approval answers its suspended run waits for. */
class AgentsTurn extends ActiveTurn {
  /** Answers given, by tool call id: the run resumes when every pending approval has one. */
  readonly answers = new Map<string, { approve: boolean; message?: string }>();
  /** The conversation this turn's first run received: what the next turn keeps if this one does not complete. */
  input: AgentInputItem[] = [];

  constructor(readonly mapper: RunEventMapper) {
    super(mapper.turnId);
  }
}

/**
 * A `RuntimeProviderAdapter` over the OpenAI Agents SDK: each turn runs the agent on the
 * conversation so far, streamed, and maps the run to profile events. Turns run one at a time: a
 * prompt sent while one runs waits (`queue`) and then runs with that turn's exchange in its input;
 * steering is refused (the SDK cannot add a message to a running run). A tool that needs approval
 * suspends the turn; `respondAction` approves or rejects it on the run's `RunState` (a denial's
 * note is the rejection `message` the model reads) and, once every pending approval has an
 * answer, the run resumes from that state; the action resolves when the resumed run acts on it.
 * `cancelTurn` aborts the run (pending approvals are cancelled); `conversation` continues a saved
 * `AgentInputItem[]`; `readThread` returns what the adapter recorded.
 * @example
 * const agent = new Agent({ name: 'Assistant', instructions: 'Be brief.', tools: [readFile] });
 * const adapter = createOpenAiAgentsAdapter({ agent, sessionId: 'sess-1' });
 * for await (const event of adapter.startTurn({ prompt: 'Hi', mode: 'start' })) store.getState().ingest([event]);
 */
export function createOpenAiAgentsAdapter<TContext = unknown, TOutput extends AgentOutputType = TextOutput>(
  options: OpenAiAgentsAdapterOptions<TContext, TOutput>,
): OpenAiAgentsAdapter {
  type TurnAgent = Agent<TContext, TOutput>;
  const session = adapterSessionFor(options, {
    runtimeId: OPENAI_AGENTS_RUNTIME_ID,
    prefix: 'oa',
    sessionId: 'openai-agents-session',
    threadId: 'thread-1',
    outputScheme: 'openai-agents-output',
  });
  const { factory, ids, refs, sessionId, threadId } = session;
  const spill = options.spill ?? refs.spill;
  const runner = options.runner ?? new Runner();
  let agent = options.agent;
  let conversation: AgentInputItem[] = [...(options.conversation ?? [])];
  const turns = session.turnQueue<AgentsTurn>();
  // A saved conversation without the kit's own events: the UI shows its messages as the SDK saved them.
  if (options.history === undefined) session.restore(restoredItems(conversation));

  const record = (turn: AgentsTurn, event: RuntimeEventEnvelope): RuntimeEventEnvelope => turn.observe(session.record(event));

  const stream = (input: AgentInputItem[] | RunState<TContext, TurnAgent>, turn: AgentsTurn) =>
    runner.run<TurnAgent, TContext>(agent, input, { ...options.runOptions, stream: true, signal: turn.controller.signal }) as Promise<StreamedRun & { state: RunState<TContext, TurnAgent>; history: AgentInputItem[]; lastAgent?: TurnAgent }>;

  async function* turnEvents(turn: AgentsTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    yield record(turn, factory.event('turn.submitted', { turnId: turn.turnId }, { text: prompt }));
    turn.input = [...conversation, { type: 'message', role: 'user', content: prompt }];
    // Until this turn completes, the next one keeps at least what the user asked here.
    conversation = turn.input;
    let input: AgentInputItem[] | RunState<TContext, TurnAgent> = turn.input;
    for (;;) {
      let result: Awaited<ReturnType<typeof stream>>;
      try {
        result = await stream(input, turn);
      } catch (error) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.begin(out, agent.name);
        if (turn.aborted) turn.mapper.cancel(out, 'aborted');
        else turn.mapper.fail(out, classifyRunError(error));
        for (const event of out) yield record(turn, event);
        return;
      }
      for await (const event of mapRun(result, turn.mapper)) yield record(turn, event);
      if (result.lastAgent !== undefined) agent = result.lastAgent;
      if (turn.mapper.end !== 'awaiting-approval') {
        if (turn.mapper.end === 'completed') conversation = result.history;
        return;
      }
      // Suspended: the turn waits for every pending approval's answer (or a cancel).
      if (!(await turn.untilAnswered(() => turn.mapper.pendingApprovalItems().some((item) => !turn.answers.has(callIdOf(item)))))) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.cancel(out, 'cancelled while waiting for approval');
        for (const event of out) yield record(turn, event);
        return;
      }
      // Each answer is recorded on the suspended run's own state, and the run continues from it.
      for (const item of (result.interruptions ?? []) as RunToolApprovalItem[]) {
        const answer = turn.answers.get(callIdOf(item));
        if (answer === undefined) continue;
        if (answer.approve) result.state.approve(item);
        else result.state.reject(item, answer.message === undefined ? {} : { message: answer.message });
      }
      turn.answers.clear();
      turn.mapper.resume();
      input = result.state;
    }
  }

  return {
    capabilities: { queue: true, steer: false, interrupt: true, approvals: true, clientTools: false, restore: true },

    startTurn(input) {
      const running = turns.current;
      if (input.mode === 'steer' && running !== undefined) return refused(cannotSteer('The OpenAI Agents SDK', running.turnId));
      const turn = new AgentsTurn(new RunEventMapper({ factory, ids, turnId: ids.turn(), previewBudget: options.previewBudget, spill }));
      const snapshotPoint = () => session.record(factory.event('snapshot.updated', { turnId: turn.turnId }, { snapshotRef: `openai-agents-thread://${sessionId}/${threadId}` }));
      return startActiveTurn(turns, turn, input.prompt, () => turnEvents(turn, input.prompt), snapshotPoint);
    },

    cancelTurn: (input) => turns.cancel(input, (turn) => turn.abort()),

    respondAction(input) {
      const turn = turns.current;
      const callId = ids.frameworkAction(input.actionId);
      const item = turn?.mapper.pendingApprovalItems().find((pending) => callIdOf(pending) === callId);
      if (turn === undefined || callId === undefined || item === undefined || turn.answers.has(callId)) {
        return Promise.reject(new Error(`action ${input.actionId} is not waiting for an answer`));
      }
      if (!isToolDecision(input.decision)) {
        return Promise.reject(new Error(`the OpenAI Agents SDK answers a tool approval with approve or reject, not "${input.decision}"`));
      }
      // The card resolves on the runtime's fact: the resumed run acting on this approval.
      const resolved = turn.resolution(input.actionId);
      // "Deny with a note": the SDK's own field for it is the rejection `message`, which the model receives instead of the tool's output.
      const message = isApproval(input.decision) ? undefined : noteOf(input.payload);
      turn.mapper.answer(callId, input.decision, message);
      turn.answers.set(callId, { approve: isApproval(input.decision), ...(message !== undefined && { message }) });
      turn.wake();
      return resolved;
    },

    readThread: (input) => session.readThread(input),
    loadRef: (ref) => refs.load(ref),
    events: () => session.recorder.events(),
    history: () => conversation,
  };
}

function callIdOf(item: { rawItem: unknown }): string {
  const raw = item.rawItem as { callId?: string; id?: string };
  return raw.callId ?? raw.id ?? '';
}
