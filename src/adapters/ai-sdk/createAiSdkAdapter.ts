import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor } from '../core/adapterSession';
import { ActiveTurn, startActiveTurn } from '../core/activeTurn';
import { TurnSlot } from '../core/turnSlot';
import { uiMessageChunks, type UIMessageChunkSource } from './chunkStream';
import { ChunkMapper } from './mapChunks';
import { AI_SDK_RUNTIME_ID, mapStream, type AiSdkMappingOptions } from './toRuntimeEvents';

/**
 * What the adapter hands the app's `chat` function for one turn: the conversation, an abort signal
 * (cancel) and the profile turn id.
 */
export interface AiSdkChatRequest {
  /** The conversation so far, as AI SDK UI messages (what `useChat` would send to `/api/chat`). */
  messages: UIMessage[];
  abortSignal: AbortSignal;
  turnId: string;
}

/** Options of `createAiSdkAdapter`: the app's `chat` function and where the events land. */
export interface AiSdkAdapterOptions extends AiSdkMappingOptions {
  /**
   * Runs the agent for the conversation: on a server, `streamText({ ..., messages: await
   * convertToModelMessages(messages), abortSignal }).toUIMessageStream()`; in a browser,
   * `fetch('/api/chat', { method: 'POST', body: JSON.stringify({ messages }), signal: abortSignal })`.
   */
  chat(request: AiSdkChatRequest): UIMessageChunkSource | Promise<UIMessageChunkSource>;
  sessionId?: string;
  threadId?: string;
  runtimeId?: string;
  /** The last sequence already used in this session (a restarted server continues its order). */
  sequence?: number;
  /**
   * Events this session emitted before (a restarted server's persisted log): `readThread` keeps
   * serving them. Pass `sequence` (their last) too, and an `idPrefix` unique to this process.
   */
  history?: readonly RuntimeEventEnvelope[];
  /** Called with every event the adapter emits (a server persists or broadcasts them). */
  onEvent?: (event: RuntimeEventEnvelope) => void;
}

/**
 * A `RuntimeProviderAdapter` over the Vercel AI SDK's UI message stream, plus spilled outputs, the
 * events emitted and the conversation sent.
 */
export interface AiSdkAdapter extends RuntimeProviderAdapter {
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
  /** The AI SDK conversation the adapter sends to `chat`. */
  messages(): readonly UIMessage[];
}

const APPROVE = new Set(['allow', 'approve', 'approved', 'yes']);
const DENY = new Set(['deny', 'reject', 'rejected', 'no']);

class AiSdkTurn extends ActiveTurn {
  /** Answers given, by approval id: the turn resumes when every pending approval has one. */
  readonly answers = new Map<string, boolean>();

  constructor(readonly mapper: ChunkMapper) {
    super(mapper.turnId);
  }
}

/** Marks each tool part whose approval was answered, as `addToolApprovalResponse` does in `useChat`. */
function answerApprovals(message: UIMessage | undefined, answers: Map<string, boolean>): void {
  for (const part of message?.parts ?? []) {
    const tool = part as { state?: string; approval?: { id: string; approved?: boolean } };
    if (tool.state === 'approval-requested' && tool.approval !== undefined && answers.has(tool.approval.id)) {
      tool.state = 'approval-responded';
      tool.approval = { ...tool.approval, approved: answers.get(tool.approval.id)! };
    }
  }
}

/**
 * A `RuntimeProviderAdapter` over the Vercel AI SDK: each turn runs `chat` and maps its
 * UIMessageChunk stream to profile events; a tool approval suspends the turn until
 * `respondAction` answers it and the resumed run acts on the answer; `cancelTurn` aborts the
 * run; `readThread` returns what the adapter recorded.
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
  const conversation: UIMessage[] = [];
  const turns = new TurnSlot<AiSdkTurn>();

  const record = (turn: AiSdkTurn, event: RuntimeEventEnvelope): RuntimeEventEnvelope => turn.observe(session.record(event));

  /** One stream run: mapped to events, and read into the conversation for the next request. */
  async function* run(turn: AiSdkTurn, source: UIMessageChunkSource): AsyncGenerator<RuntimeEventEnvelope> {
    const last = conversation[conversation.length - 1];
    const resumed = last?.role === 'assistant' ? last : undefined;
    let feed!: ReadableStreamDefaultController<UIMessageChunk>;
    const copy = new ReadableStream<UIMessageChunk>({ start: (controller) => void (feed = controller) });
    let message: UIMessage | undefined = resumed;
    const reading = (async () => {
      for await (const next of readUIMessageStream({ stream: copy, terminateOnError: false, ...(resumed !== undefined && { message: resumed }) })) message = next;
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
    if (message !== undefined) {
      if (message === resumed) return;
      if (resumed !== undefined) conversation[conversation.length - 1] = message;
      else conversation.push(message);
    }
  }

  async function* turnEvents(turn: AiSdkTurn, prompt: string): AsyncGenerator<RuntimeEventEnvelope> {
    conversation.push({ id: `${turn.turnId}:user`, role: 'user', parts: [{ type: 'text', text: prompt }] });
    yield record(turn, factory.event('turn.submitted', { turnId: turn.turnId }, { text: prompt }));
    for (;;) {
      let source: UIMessageChunkSource;
      try {
        source = await options.chat({ messages: conversation.slice(), abortSignal: turn.controller.signal, turnId: turn.turnId });
      } catch (error) {
        const out: RuntimeEventEnvelope[] = [];
        if (turn.aborted) turn.mapper.cancel(out, 'aborted');
        else turn.mapper.fail(out, 'chat_request_failed', `The chat request failed: ${error instanceof Error ? error.message : String(error)}`, 'Check the connection and send the message again.');
        for (const event of out) yield record(turn, event);
        return;
      }
      yield* run(turn, source);
      if (turn.mapper.end !== 'awaiting-approval') return;
      // Suspended: the turn waits for every pending approval's answer (or a cancel).
      if (!(await turn.untilAnswered(() => turn.mapper.pendingApprovalIds().some((id) => !turn.answers.has(id))))) {
        const out: RuntimeEventEnvelope[] = [];
        turn.mapper.cancel(out, 'cancelled while waiting for approval');
        for (const event of out) yield record(turn, event);
        return;
      }
      answerApprovals(conversation[conversation.length - 1], turn.answers);
      turn.answers.clear();
      turn.mapper.resume();
    }
  }

  return {
    startTurn(input) {
      const turn = new AiSdkTurn(new ChunkMapper({ factory, ids, turnId: ids.turn(), previewBudget: options.previewBudget, spill }));
      const snapshotPoint = () => session.record(factory.event('snapshot.updated', { turnId: turn.turnId }, { snapshotRef: `ai-sdk-thread://${sessionId}/${threadId}` }));
      return startActiveTurn(turns, turn, turnEvents(turn, input.prompt), snapshotPoint);
    },

    cancelTurn: (input) => turns.cancel(input, (turn) => turn.abort()),

    respondAction(input) {
      const turn = turns.current;
      const approvalId = ids.frameworkAction(input.actionId);
      if (turn === undefined || approvalId === undefined || !turn.mapper.pendingApprovalIds().includes(approvalId)) {
        return Promise.reject(new Error(`action ${input.actionId} is not waiting for an answer`));
      }
      const decision = input.decision.toLowerCase();
      if (!APPROVE.has(decision) && !DENY.has(decision)) {
        return Promise.reject(new Error(`the AI SDK answers a tool approval with allow or deny, not "${input.decision}"`));
      }
      // The card resolves on the runtime's fact: the resumed run acting on this approval.
      const resolved = turn.resolution(input.actionId);
      turn.mapper.answer(approvalId, input.decision);
      turn.answers.set(approvalId, APPROVE.has(decision));
      turn.wake();
      return resolved;
    },

    readThread: (input) => session.readThread(input),
    loadRef: (ref) => refs.load(ref),

    events: () => session.recorder.events(),
    messages: () => conversation,
  };
}
