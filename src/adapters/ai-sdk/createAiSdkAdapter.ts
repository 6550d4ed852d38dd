import type { Experimental_Steering as Steering, UIMessage, UIMessageChunk } from 'ai';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RuntimeCapabilities, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor, type AdapterSessionInput } from '../core/adapterSession';
import { ActiveTurn, startActiveTurn } from '../core/activeTurn';
import { cannotSteer, refused } from '../core/refusal';
import { uiMessageChunks, type UIMessageChunkSource } from './chunkStream';
import { loadAi, type AiRuntime } from './loadAi';
import { ChunkMapper, type AiSdkToolCall } from './mapChunks';
import { answerParts, restoredMessages, settleRestored, settleStopped } from './conversation';
import { noteOf } from '../core/answerNote';
import { AI_SDK_RUNTIME_ID, mapStream, type AiSdkMappingOptions } from './toRuntimeEvents';

/**
 * What the adapter hands the app's `chat` function for one run of a turn: the conversation, an
 * abort signal (Stop), the profile turn id, and (with `steering: true`) the steering object.
 */
export interface AiSdkChatRequest {
  /** The conversation so far, as AI SDK UI messages (what `useChat` would send to `/api/chat`). */
  messages: UIMessage[];
  abortSignal: AbortSignal;
  turnId: string;
  /**
   * With `createAiSdkAdapter({ steering: true })`: pass it to `streamText` as
   * `experimental_steering`, so a prompt steered into the running turn reaches the model at its
   * next step.
   */
  steering?: Steering;
}

/** Options of `createAiSdkAdapter`: the app's `chat` function, the conversation to continue, and where the events land. */
export interface AiSdkAdapterOptions extends AiSdkMappingOptions, AdapterSessionInput {
  /**
   * Runs the agent for the conversation: on a server, `streamText({ ..., messages: await
   * convertToModelMessages(messages), abortSignal }).toUIMessageStream()`; in a browser,
   * `fetch('/api/chat', { method: 'POST', body: JSON.stringify({ messages }), signal: abortSignal })`.
   */
  chat(request: AiSdkChatRequest): UIMessageChunkSource | Promise<UIMessageChunkSource>;
  /**
   * The conversation to continue: the `UIMessage[]` the app saved (`adapter.messages()` after a
   * turn, or `useChat`'s messages), as `useChat({ messages })` takes it. The model receives it
   * with the next prompt; without `history` (the kit's own events), the UI shows its text.
   */
  messages?: readonly UIMessage[];
  /**
   * The app's `chat` passes `request.steering` to `streamText` (`experimental_steering`): a prompt
   * sent in `steer` mode then goes into the running turn. Without it, steering is refused and the
   * adapter says it cannot steer (`capabilities.steer` false).
   */
  steering?: boolean;
  /**
   * A tool call the run left for the app (a tool without `execute`), as `useChat({ onToolCall })`:
   * return its output, or return nothing and call `addToolOutput` later. A throw is the tool's failure.
   */
  onToolCall?(call: AiSdkToolCall): unknown;
}

/**
 * A `RuntimeProviderAdapter` over the Vercel AI SDK's UI message stream, plus spilled outputs, the
 * events emitted and the conversation sent.
 */
export interface AiSdkAdapter extends RuntimeProviderAdapter {
  /** Completes a tool the app runs itself (no `execute`), as `useChat().addToolOutput`: answered with the tool's result or failure fact. */
  addToolOutput: NonNullable<RuntimeProviderAdapter['addToolOutput']>;
  readonly capabilities: RuntimeCapabilities;
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
  /** The AI SDK conversation the adapter sends to `chat`: save it to continue later (`messages`). */
  messages(): readonly UIMessage[];
}

const APPROVE = new Set(['allow', 'approve', 'approved', 'yes']);
const DENY = new Set(['deny', 'reject', 'rejected', 'no']);

class AiSdkTurn extends ActiveTurn {
  /** Answers given, by approval id: the turn resumes when every pending approval has one. */
  readonly answers = new Map<string, { approved: boolean; reason?: string }>();
  steers = 0;
  private steering: Steering | undefined;
  private ended = false;
  private readonly runWaiters: ((steering: Steering | undefined) => void)[] = [];

  constructor(readonly mapper: ChunkMapper) {
    super(mapper.turnId);
  }

  /** A run of this turn starts (with its steering object, when steering is on). */
  beginRun(steering: Steering | undefined): void {
    this.steering = steering;
    if (steering === undefined) return;
    for (const waiter of this.runWaiters.splice(0)) waiter(steering);
  }

  endRun(): void {
    this.steering = undefined;
  }

  /** The steering object of the running run, or of the next one; undefined once the turn ended. */
  nextRun(after?: Steering): Promise<Steering | undefined> {
    if (this.ended) return Promise.resolve(undefined);
    if (this.steering !== undefined && this.steering !== after) return Promise.resolve(this.steering);
    return new Promise((resolve) => this.runWaiters.push(resolve));
  }

  /** Whether an answer or an output is still missing before the turn can resume. */
  missingInput(): boolean {
    return this.mapper.pendingApprovalIds().some((id) => !this.answers.has(id)) || this.mapper.awaitingToolCalls().some((call) => !this.outputs.has(call.toolCallId));
  }

  override finish(): void {
    super.finish();
    this.ended = true;
    for (const waiter of this.runWaiters.splice(0)) waiter(undefined);
  }
}

/**
 * A `RuntimeProviderAdapter` over the Vercel AI SDK: each turn runs `chat` and maps its
 * UIMessageChunk stream to profile events. Turns run one at a time: a prompt sent while one runs
 * waits (`queue`) and then sends the conversation with that turn's exchange, or (with `steering`)
 * goes into the running turn. A tool approval suspends the turn until `respondAction` answers it
 * (a denial's note is the approval's `reason`, which the model reads); a tool without `execute`
 * suspends it until `addToolOutput` (or `onToolCall`) gives its output. `cancelTurn` stops the run:
 * the partial answer stays interrupted and pending requests are cancelled. `messages` continues a
 * saved conversation; `readThread` returns what the adapter recorded.
 * @example
 * const adapter = createAiSdkAdapter({
 *   sessionId: 'sess-1',
 *   chat: ({ messages, abortSignal }) =>
 *     fetch('/api/chat', { method: 'POST', body: JSON.stringify({ messages }), signal: abortSignal }),
 * });
 * // <RuntimeProvider adapter={adapter}> ... </RuntimeProvider>
 */
export function createAiSdkAdapter(options: AiSdkAdapterOptions): AiSdkAdapter {
  const session = adapterSessionFor(options, { runtimeId: AI_SDK_RUNTIME_ID, prefix: 'ai', sessionId: 'ai-sdk-session', threadId: 'thread-1', outputScheme: 'ai-sdk-output' });
  const { sessionId, threadId } = session;
  const { factory, ids, refs } = session;
  const spill = options.spill ?? refs.spill;
  const conversation: UIMessage[] = structuredClone([...(options.messages ?? [])]);
  settleRestored(conversation);
  const turns = session.turnQueue<AiSdkTurn>();
  // A saved conversation without the kit's own events: the UI shows its text as the framework saved it.
  if (options.history === undefined) session.restore(restoredMessages(conversation));

  const record = (turn: AiSdkTurn, event: RuntimeEventEnvelope): RuntimeEventEnvelope => turn.observe(session.record(event));
  const recordAll = function* (turn: AiSdkTurn, events: RuntimeEventEnvelope[]) {
    for (const event of events) yield record(turn, event);
  };

  /** One stream run: mapped to events, and read into the conversation for the next request. */
  async function* run(turn: AiSdkTurn, source: UIMessageChunkSource, ai: AiRuntime): AsyncGenerator<RuntimeEventEnvelope> {
    const last = conversation[conversation.length - 1];
    const resumed = last?.role === 'assistant' ? last : undefined;
    let feed!: ReadableStreamDefaultController<UIMessageChunk>;
    const copy = new ReadableStream<UIMessageChunk>({ start: (controller) => void (feed = controller) });
    let message: UIMessage | undefined = resumed;
    const reading = (async () => {
      for await (const next of ai.readUIMessageStream({ stream: copy, terminateOnError: false, ...(resumed !== undefined && { message: resumed }) })) message = next;
    })().catch(() => undefined);
    async function* tee(): AsyncGenerator<UIMessageChunk> {
      try {
        for await (const chunk of uiMessageChunks(source)) {
          feed.enqueue(chunk);
          yield chunk;
        }
      } finally {
        feed.close();
      }
    }
    for await (const event of mapStream(tee(), turn.mapper)) yield record(turn, event);
    await reading;
    if (message !== undefined && message !== resumed) {
      if (resumed !== undefined) conversation[conversation.length - 1] = message;
      else conversation.push(message);
    }
  }

  async function* turnEvents(turn: AiSdkTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    const ai = await loadAi();
    conversation.push({ id: `${turn.turnId}:user`, role: 'user', parts: [{ type: 'text', text: prompt }] });
    yield record(turn, factory.event('turn.submitted', { turnId: turn.turnId }, { text: prompt }));
    for (;;) {
      const steering = options.steering === true ? ai.experimental_createSteering() : undefined;
      turn.beginRun(steering);
      let source: UIMessageChunkSource;
      try {
        source = await options.chat({ messages: conversation.slice(), abortSignal: turn.controller.signal, turnId: turn.turnId, ...(steering !== undefined && { steering }) });
      } catch (error) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.begin(out);
        if (turn.aborted) turn.mapper.cancel(out, 'aborted');
        else turn.mapper.fail(out, 'chat_request_failed', `The chat request failed: ${error instanceof Error ? error.message : String(error)}`, 'Check the connection and send the message again.');
        yield* recordAll(turn, out);
        return;
      }
      yield* run(turn, source, ai);
      turn.endRun();
      if (turn.mapper.end === 'cancelled') settleStopped(conversation[conversation.length - 1]);
      if (turn.mapper.end !== 'awaiting-input') return;
      // Suspended: the turn waits for every pending approval's answer and every awaited tool's output (or a cancel).
      await turn.runClientTools(turn.mapper.awaitingToolCalls(), options.onToolCall);
      if (!(await turn.untilAnswered(() => turn.missingInput()))) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.cancel(out, 'cancelled while waiting for input');
        settleStopped(conversation[conversation.length - 1]);
        yield* recordAll(turn, out);
        return;
      }
      const out: RuntimeEventEnvelope[] = [];
      for (const [toolCallId, outcome] of turn.outputs) turn.mapper.toolOutput(toolCallId, outcome, out);
      yield* recordAll(turn, out);
      answerParts(conversation[conversation.length - 1], turn.answers, turn.outputs);
      turn.answers.clear();
      turn.outputs.clear();
      turn.mapper.resume();
    }
  }

  /**
   * A prompt steered into the running turn: listed as waiting until a run of the turn takes it in
   * (the stream's `steering-message` then places it); one the turn ends before taking runs as the
   * next turn instead, after those already queued.
   */
  async function* steerInto(turn: AiSdkTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    turn.steers += 1;
    const queueId = `${turn.turnId}:steer:${turn.steers}`;
    yield turns.hold({ queueId, prompt, mode: 'steer' });
    let delivered = false;
    for (let steering = await turn.nextRun(); steering !== undefined; steering = await turn.nextRun(steering)) {
      const outcome = await steering.steer(prompt, { id: queueId });
      if (outcome.type === 'delivered') {
        delivered = true;
        break;
      }
      // The run stopped to wait for approvals or tool outputs: the turn's next run takes it.
      if (outcome.reason !== 'waiting-for-tool-results') break;
    }
    const released = turns.release(queueId);
    if (released !== undefined) yield released;
    if (!delivered) yield* adapter.startTurn({ prompt, mode: 'queue' });
  }

  const adapter: AiSdkAdapter = {
    capabilities: { queue: true, steer: options.steering === true, interrupt: true, approvals: true, clientTools: true, restore: true },

    startTurn(input) {
      const running = turns.current;
      if (input.mode === 'steer' && running !== undefined) {
        if (options.steering !== true) return refused(cannotSteer('This AI SDK adapter (created without `steering: true`)', running.turnId));
        return steerInto(running, input.prompt);
      }
      const turn = new AiSdkTurn(new ChunkMapper({ factory, ids, turnId: ids.turn(), previewBudget: options.previewBudget, spill, onData: options.onData }));
      const snapshotPoint = () => session.record(factory.event('snapshot.updated', { turnId: turn.turnId }, { snapshotRef: `ai-sdk-thread://${sessionId}/${threadId}` }));
      return startActiveTurn(turns, turn, input.prompt, () => turnEvents(turn, input.prompt), snapshotPoint);
    },

    cancelTurn: (input) => turns.cancel(input, (turn) => turn.abort()),

    respondAction(input) {
      const turn = turns.current;
      const approvalId = ids.frameworkAction(input.actionId);
      if (turn === undefined || approvalId === undefined || !turn.mapper.pendingApprovalIds().includes(approvalId) || turn.answers.has(approvalId)) {
        return Promise.reject(new Error(`action ${input.actionId} is not waiting for an answer`));
      }
      const decision = input.decision.toLowerCase();
      if (!APPROVE.has(decision) && !DENY.has(decision)) {
        return Promise.reject(new Error(`the AI SDK answers a tool approval with allow or deny, not "${input.decision}"`));
      }
      // The card resolves on the runtime's fact: the resumed run acting on this approval.
      const resolved = turn.resolution(input.actionId);
      // "Deny with a note": the AI SDK's own field for it is the approval's `reason`, which the model reads.
      const reason = noteOf(input.payload);
      turn.mapper.answer(approvalId, input.decision, reason);
      turn.answers.set(approvalId, { approved: APPROVE.has(decision), ...(reason !== undefined && { reason }) });
      turn.wake();
      return resolved;
    },

    addToolOutput(input) {
      const turn = turns.current;
      if (turn === undefined) return Promise.reject(new Error(`tool call ${input.toolCallId} is not waiting for an output`));
      return turn.addOutput(input, turn.mapper.end === 'awaiting-input' && turn.mapper.awaitingToolCalls().some((call) => call.toolCallId === input.toolCallId));
    },

    readThread: (input) => session.readThread(input),
    loadRef: (ref) => refs.load(ref),

    events: () => session.recorder.events(),
    messages: () => conversation,
  };
  return adapter;
}
