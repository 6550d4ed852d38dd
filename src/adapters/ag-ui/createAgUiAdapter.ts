import type { AbstractAgent, RunAgentParameters } from '@ag-ui/client';
import type { BaseEvent, ResumeEntry, Tool } from '@ag-ui/core';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RespondActionInput, RuntimeCapabilities, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor, type AdapterSessionInput } from '../core/adapterSession';
import { ActiveTurn, startActiveTurn } from '../core/activeTurn';
import { cannotSteer, refused } from '../core/refusal';
import { PushQueue } from './eventStream';
import { AgUiEventMapper, conversationMessages } from './mapEvents';
import { AG_UI_RUNTIME_ID, mapAgUiStream, type AgUiMappingOptions } from './toRuntimeEvents';

/** A tool call the run left for the app (a frontend tool): what `onToolCall` receives. */
export interface AgUiToolCall {
  toolCallId: string;
  toolName: string;
  /** The arguments the agent streamed, parsed (the text itself when it is not JSON). */
  args: unknown;
}

/**
 * Options of `createAgUiAdapter`: the AG-UI agent to run, the frontend tools it may call, and
 * where its events land (session, thread, the sequence to continue after).
 */
export interface AgUiAdapterOptions extends AgUiMappingOptions, Omit<AdapterSessionInput, 'threadId'> {
  /**
   * The AG-UI agent: an `HttpAgent` pointed at an AG-UI endpoint, or any `AbstractAgent`. Its
   * `messages` (`initialMessages`, a restored conversation) are the conversation it continues.
   */
  agent: AbstractAgent;
  threadId?: string;
  /** Frontend tools the agent may call (sent with every run as `tools`); the app answers them with `addToolOutput` or `onToolCall`. */
  tools?: Tool[];
  /** A frontend tool call the run left for the app: return its output, or return nothing and call `addToolOutput` later. A throw is the tool's failure. */
  onToolCall?(call: AgUiToolCall): unknown;
  /**
   * The payload an answer resumes its interrupt with (`resume: [{ interruptId, status: 'resolved', payload }]`).
   * Default: `{ decision, ...payload }` (structured input arrives as `values`, a denial's note as `note`).
   */
  resumePayload?(answer: RespondActionInput): unknown;
  /**
   * For an approval the agent made up itself (a frontend tool, a CUSTOM event it understands)
   * rather than an AG-UI interrupt: answer it here; the promise settles when the agent has
   * accepted the decision. Interrupts are answered by the adapter itself.
   */
  respondAction?: (input: RespondActionInput, agent: AbstractAgent) => Promise<void>;
}

/**
 * A `RuntimeProviderAdapter` over an AG-UI agent, plus access to spilled outputs and the events
 * emitted so far.
 */
export interface AgUiAdapter extends RuntimeProviderAdapter {
  /** Completes a frontend tool call the run left for the app: answered with the tool's result or failure fact. */
  addToolOutput: NonNullable<RuntimeProviderAdapter['addToolOutput']>;
  readonly capabilities: RuntimeCapabilities;
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
}

const DECLINE = new Set(['cancel', 'cancelled', 'dismiss']);

class AgUiTurn extends ActiveTurn {
  /** Answers given, by interrupt id: the run resumes when every interrupt has one. */
  readonly answers = new Map<string, { status: 'resolved' | 'cancelled'; payload?: unknown }>();

  constructor(readonly mapper: AgUiEventMapper) {
    super(mapper.turnId);
  }

  missingInput(): boolean {
    return this.mapper.pendingInterrupts().some((p) => !this.answers.has(p.interruptId)) || this.mapper.awaitingToolCalls().some((id) => !this.outputs.has(id));
  }
}

const defaultResumePayload = (answer: RespondActionInput): unknown => ({ decision: answer.decision, ...answer.payload });

/** A frontend tool call's name and arguments, as the agent's own messages hold them. */
function toolCallOf(agent: AbstractAgent, toolCallId: string): AgUiToolCall {
  for (const message of agent.messages) {
    const call = (message as { toolCalls?: { id: string; function: { name: string; arguments: string } }[] }).toolCalls?.find((c) => c.id === toolCallId);
    if (call === undefined) continue;
    let args: unknown = call.function.arguments;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      // not JSON: the text as streamed
    }
    return { toolCallId, toolName: call.function.name, args };
  }
  return { toolCallId, toolName: 'unknown', args: undefined };
}

/**
 * A `RuntimeProviderAdapter` over an AG-UI agent: each turn adds the prompt as a user message and
 * runs the agent (`runAgent`, with AG-UI's own chunk expansion and event verification); its events
 * map to profile events. Turns run one at a time: a prompt sent while one runs waits (`queue`);
 * steering is refused. A run that ends with AG-UI 1.0 interrupts suspends the turn: each is an
 * action (its schema the form, linked to its tool call), answered through `respondAction` and
 * resumed with `resume` entries; a run that leaves frontend tool calls suspends it until
 * `addToolOutput` (or `onToolCall`) gives their outputs, then runs on. `cancelTurn` aborts the run
 * (the partial answer stays interrupted, pending requests are cancelled); the agent's own
 * `messages` are the restored conversation; `readThread` returns what the adapter recorded.
 * @example
 * const agent = new HttpAgent({ url: 'https://agent.example/awp', threadId: 'thread-1' });
 * const adapter = createAgUiAdapter({ agent, sessionId: 'sess-1' });
 * for await (const event of adapter.startTurn({ prompt: 'Hi', mode: 'start' })) store.getState().ingest([event]);
 */
export function createAgUiAdapter(options: AgUiAdapterOptions): AgUiAdapter {
  const { agent } = options;
  const session = adapterSessionFor(options, { runtimeId: AG_UI_RUNTIME_ID, prefix: 'agui', sessionId: 'ag-ui-session', threadId: agent.threadId, outputScheme: 'ag-ui-output' });
  const { sessionId, threadId } = session;
  const { factory, ids, refs } = session;
  const spill = options.spill ?? refs.spill;
  const resumePayload = options.resumePayload ?? defaultResumePayload;
  const turns = session.turnQueue<AgUiTurn>();
  let lastTurnId: string | undefined;
  // A restored conversation (the agent's initial messages) without the kit's own events: the UI shows its text.
  if (options.history === undefined) session.restore(conversationMessages(agent.messages));

  const record = (turn: AgUiTurn, event: RuntimeEventEnvelope): RuntimeEventEnvelope => turn.observe(session.record(event));

  /** One run of the agent, its events mapped as they arrive. */
  async function* run(turn: AgUiTurn, parameters: RunAgentParameters): AsyncGenerator<RuntimeEventEnvelope> {
    const events = new PushQueue<BaseEvent>();
    agent.runAgent({ ...parameters, ...(options.tools !== undefined && { tools: options.tools }) }, { onEvent: ({ event }) => events.push(event) }).then(
      () => events.close(),
      (error: unknown) => events.fail(error),
    );
    for await (const event of mapAgUiStream(events, turn.mapper, () => turn.aborted)) yield record(turn, event);
  }

  /** Interrupts a stopped turn left open: the next run must address them, so it cancels them. */
  const leftOpen = (): ResumeEntry[] => agent.pendingInterrupts.map((interrupt) => ({ interruptId: interrupt.id, status: 'cancelled' }));

  async function* turnEvents(turn: AgUiTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    yield record(turn, factory.event('turn.submitted', { turnId: turn.turnId }, { text: prompt }));
    agent.addMessage({ id: `${turn.turnId}:user`, role: 'user', content: prompt });
    const stale = leftOpen();
    // The run id is the turn id, so the agent's logs and the kit's turn name the same thing.
    let parameters: RunAgentParameters = { runId: turn.turnId, ...(stale.length > 0 && { resume: stale }) };
    for (let runs = 1; ; runs += 1) {
      yield* run(turn, parameters);
      if (turn.mapper.end !== 'awaiting-input') return;
      await turn.runClientTools(turn.mapper.awaitingToolCalls().map((toolCallId) => toolCallOf(agent, toolCallId)), options.onToolCall);
      if (!(await turn.untilAnswered(() => turn.missingInput()))) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.cancel(out, 'cancelled while waiting for input');
        for (const event of out) yield record(turn, event);
        return;
      }
      // Frontend tool outputs become tool messages the next run reads, and the tools' facts now.
      const out: RuntimeEventEnvelope[] = [];
      for (const [toolCallId, outcome] of turn.outputs) {
        turn.mapper.toolOutput(toolCallId, outcome, out);
        const content = outcome.errorText !== undefined ? `Error: ${outcome.errorText}` : typeof outcome.output === 'string' ? outcome.output : JSON.stringify(outcome.output);
        agent.addMessage({ id: `${toolCallId}:result`, role: 'tool', toolCallId, content });
      }
      for (const event of out) yield record(turn, event);
      const resume: ResumeEntry[] = turn.mapper.pendingInterrupts().map(({ interruptId }) => {
        const answer = turn.answers.get(interruptId)!;
        return { interruptId, status: answer.status, ...(answer.payload !== undefined && { payload: answer.payload }) };
      });
      turn.answers.clear();
      turn.outputs.clear();
      turn.mapper.resume();
      parameters = { runId: `${turn.turnId}:run-${runs + 1}`, ...(resume.length > 0 && { resume }) };
    }
  }

  return {
    capabilities: { queue: true, steer: false, interrupt: true, approvals: true, clientTools: true, restore: true },

    startTurn(input) {
      const running = turns.current;
      if (input.mode === 'steer' && running !== undefined) return refused(cannotSteer('AG-UI', running.turnId));
      const turnId = ids.turn();
      const turn = new AgUiTurn(new AgUiEventMapper({ factory, ids, turnId, previewBudget: options.previewBudget, spill }));
      const snapshotPoint = () => session.record(factory.event('snapshot.updated', { turnId }, { snapshotRef: `ag-ui-thread://${sessionId}/${threadId}` }));
      return startActiveTurn(turns, turn, input.prompt, () => {
        lastTurnId = turnId;
        return turnEvents(turn, input.prompt);
      }, snapshotPoint);
    },

    cancelTurn: (input) =>
      turns.cancel(input, (turn) => {
        turn.abort();
        agent.abortRun();
      }),

    async respondAction(input) {
      const turn = turns.current;
      const pending = turn?.mapper.interruptOf(input.actionId);
      if (turn !== undefined && pending !== undefined) {
        if (turn.answers.has(pending.interruptId)) throw new Error(`action ${input.actionId} is not waiting for an answer`);
        // The card resolves on the runtime's fact: the resumed run that took this answer.
        const resolved = turn.resolution(input.actionId);
        const cancelled = DECLINE.has(input.decision.toLowerCase());
        turn.mapper.answer(pending.interruptId, input.decision);
        turn.answers.set(pending.interruptId, cancelled ? { status: 'cancelled' } : { status: 'resolved', payload: resumePayload(input) });
        turn.wake();
        return resolved;
      }
      if (options.respondAction === undefined) throw new Error(`action ${input.actionId} is not waiting for an answer (no AG-UI interrupt has this id)`);
      await options.respondAction(input, agent);
      const turnId = turns.current?.turnId ?? lastTurnId;
      return session.record(factory.event('action.resolved', { ...(turnId !== undefined && { turnId }), actionId: input.actionId }, { decision: input.decision }));
    },

    addToolOutput(input) {
      const turn = turns.current;
      if (turn === undefined) return Promise.reject(new Error(`tool call ${input.toolCallId} is not waiting for an output`));
      return turn.addOutput(input, turn.mapper.end === 'awaiting-input' && turn.mapper.awaitingToolCalls().includes(input.toolCallId));
    },

    readThread: (input) => session.readThread(input),
    loadRef: (ref) => refs.load(ref),

    events: () => session.recorder.events(),
  };
}
