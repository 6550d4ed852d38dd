import type { UIMessageChunk } from 'ai';
import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { artifactKindOf } from '../core/artifactKind';
import { GatedTools } from '../core/gatedTools';
import { idleMapperOptions } from '../core/idleMapperOptions';
import { keepShape } from '../../store/keepShape';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';
import { cutWhole } from '../../protocol/cutWhole';

export { DEFAULT_PREVIEW_BUDGET };

/**
 * Options of the AI SDK chunk mapper for one turn: the envelope factory and id map shared with the
 * adapter, the turn, and how large outputs are spilled.
 */
export interface ChunkMapperOptions {
  factory: EnvelopeFactory;
  ids: CorrelationMap;
  turnId: string;
  previewBudget?: number;
  /** Keeps a tool output too large to inline, and returns the ref it can be loaded from. */
  spill?: SpillOutput;
  /**
   * Receives the stream's `data-*` parts (the app's own data, transient ones included), as
   * `useChat({ onData })` does. The kit has no fact for app data: without a handler a data part is
   * kept as a diagnostic.
   */
  onData?: (part: AiSdkDataPart) => void;
}

/** A `data-*` part of the stream: the app's own typed data (`writer.write({ type: 'data-weather', data })`). */
export interface AiSdkDataPart {
  type: `data-${string}`;
  id?: string;
  data: unknown;
  transient?: boolean;
}

/**
 * How a stream run ended, for the adapter that drives the turn: `awaiting-input` when the run
 * stopped for the user (tool approvals) or the app (tools without `execute`, whose output the app
 * gives with `addToolOutput`).
 */
export type RunEnd = 'completed' | 'failed' | 'cancelled' | 'awaiting-input' | 'open';

/** A tool call the run left for the app to run (a tool without `execute`): what `onToolCall` receives. */
export interface AiSdkToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The text parts of a message (a steering message's parts). */
function partsText(parts: readonly { type: string; text?: string }[]): string {
  return parts.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}

/** A preliminary output as a progress line: its own `message`/`status`/`text` when it has one, else its JSON, capped. */
function progressText(output: unknown, budget: number): string {
  const fields = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  const named = [fields.message, fields.status, fields.text].find(isText);
  const text = isText(output) ? output : (named ?? JSON.stringify(output) ?? 'null');
  return cutWhole(text, Math.min(budget, 500));
}

/**
 * Maps the UIMessageChunks of one turn (one stream, or several when an approval resumes it) to
 * profile events. Every fact comes from a chunk: what the stream does not say is not emitted.
 */
export class ChunkMapper {
  private readonly factory: EnvelopeFactory;
  private readonly ids: CorrelationMap;
  readonly turnId: string;
  private readonly budget: number;
  private readonly spill: SpillOutput | undefined;
  private started = false;
  private stepOpen = false;
  private stepMessage: string | undefined;
  /** The step message's ids, built once per step: every delta of the step carries the same object. */
  private stepIds: JsonObject = {};
  private stepText = '';
  /** Tool call id → the message of the step it started in (its later events stay there). */
  private readonly toolMessages = new Map<string, string>();
  /** Approval id → tool call id, while the runtime has not acted on the answer. */
  private readonly pendingApprovals = new Map<string, string>();
  private readonly decisions = new Map<string, { decision: string; reason?: string }>();
  /** Approval ids the SDK decided itself (a `toolApproval` policy): resolved by policy, never by the user. */
  private readonly automatic = new Set<string>();
  /** Tool calls whose input is complete and whose output has not come (yet), in order. */
  private readonly openTools = new Map<string, AiSdkToolCall>();
  private readonly gated = new GatedTools();
  private readonly onData: ChunkMapperOptions['onData'];
  end: RunEnd = 'open';

  constructor(options: ChunkMapperOptions) {
    this.factory = options.factory;
    this.ids = options.ids;
    this.turnId = options.turnId;
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
    this.spill = options.spill;
    this.onData = options.onData;
  }

  /** The decision the user sent for an approval (and the note that goes with it), so its resolution reports what was chosen. */
  answer(approvalId: string, decision: string, reason?: string): void {
    this.decisions.set(approvalId, { decision, ...(reason !== undefined && { reason }) });
    const toolCallId = this.pendingApprovals.get(approvalId);
    if (toolCallId !== undefined) this.gated.answer(toolCallId);
  }

  /** The run stopped for the user or the app: approvals to answer, or tools to run. */
  get awaitingInput(): boolean {
    return this.pendingApprovals.size > 0 || this.end === 'awaiting-input';
  }

  /** The turn resumes in a new stream run (answers given, outputs added). */
  resume(): void {
    if (this.end === 'awaiting-input') this.end = 'open';
    this.gated.resume(this.factory.now());
  }

  /** The approval ids still waiting for the runtime to act on an answer. */
  pendingApprovalIds(): string[] {
    return [...this.pendingApprovals.keys()];
  }

  /** The tool calls the run left for the app (no output, no approval pending), in the order they came. */
  awaitingToolCalls(): AiSdkToolCall[] {
    const gated = new Set(this.pendingApprovals.values());
    return [...this.openTools.values()].filter((call) => !gated.has(call.toolCallId));
  }

  /** The app ran a tool itself (`addToolOutput`): its result, or its failure, as the tool's fact. */
  toolOutput(toolCallId: string, outcome: { output?: unknown; errorText?: string }, out: RuntimeEventEnvelope[]): void {
    if (!this.openTools.delete(toolCallId)) return;
    if (outcome.errorText !== undefined) this.emit(out, 'tool.failed', this.tool(toolCallId), { failureCategory: 'tool_error', message: outcome.errorText });
    else this.emit(out, 'tool.result', this.tool(toolCallId), this.output(toolCallId, outcome.output));
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  private emit(out: RuntimeEventEnvelope[], type: string, ids: JsonObject, payload: JsonObject = {}): void {
    out.push(this.gated.stamp(this.factory.event(type, ids, payload)));
  }

  /** The step's message: opened (`model.requested`) on its first text, reasoning or tool call. */
  private message(out: RuntimeEventEnvelope[]): string {
    if (this.stepMessage === undefined) {
      if (!this.stepOpen) this.startStep();
      this.stepMessage = this.ids.messageId(this.turnId);
      this.stepIds = { turnId: this.turnId, messageId: this.stepMessage };
      this.emit(out, 'model.requested', this.stepIds);
    }
    return this.stepMessage;
  }

  private startStep(): void {
    this.ids.nextStep(this.turnId);
    this.stepOpen = true;
    this.stepMessage = undefined;
    this.stepText = '';
  }

  /** The step ends: its message is reconciled with the whole text it streamed. */
  private finishStep(out: RuntimeEventEnvelope[]): void {
    if (this.stepMessage !== undefined) {
      this.emit(out, 'model.completed', { turnId: this.turnId, messageId: this.stepMessage }, { text: this.stepText });
    }
    this.stepOpen = false;
    this.stepMessage = undefined;
    this.stepText = '';
  }

  /** Each tool call's ids, built once: the envelope copies them, so one object serves every event of the call. */
  private readonly toolIds = new Map<string, JsonObject>();

  /** A tool's ids: turn, step, tool call, and the message of the step it started in. */
  private tool(toolCallId: string): JsonObject {
    const cached = this.toolIds.get(toolCallId);
    if (cached !== undefined) return cached;
    const ids = this.ids.tool(toolCallId, this.turnId);
    const messageId = this.toolMessages.get(toolCallId);
    if (messageId === undefined) return { ...ids };
    const built: JsonObject = { ...ids, messageId };
    this.toolIds.set(toolCallId, built);
    return built;
  }

  /** Starts a tool call in the current step's message. */
  private startTool(toolCallId: string, out: RuntimeEventEnvelope[]): boolean {
    if (this.toolMessages.has(toolCallId)) return false;
    this.toolMessages.set(toolCallId, this.message(out));
    return true;
  }

  /** Starts the turn: the first chunk of the first run. */
  begin(out: RuntimeEventEnvelope[]): void {
    if (this.started) return;
    this.started = true;
    this.emit(out, 'turn.started', this.turn());
  }

  /** Maps one chunk; the events it produces are appended to `out` (no allocation when there are none). */
  map(chunk: UIMessageChunk, out: RuntimeEventEnvelope[]): void {
    switch (chunk.type) {
      case 'text-delta':
        this.message(out);
        this.stepText += chunk.delta;
        this.emit(out, 'model.delta', this.stepIds, { delta: chunk.delta });
        return;
      case 'reasoning-delta':
        this.message(out);
        this.emit(out, 'reasoning.delta', this.stepIds, { delta: chunk.delta });
        return;
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
        return;
      case 'start':
        this.begin(out);
        this.metadata(chunk.messageMetadata, out);
        return;
      case 'start-step':
        this.begin(out);
        if (this.stepOpen) this.finishStep(out);
        this.startStep();
        return;
      case 'finish-step':
        this.finishStep(out);
        return;
      case 'reset-step':
        // The SDK drops the step's parts to retry it: its message starts over.
        this.stepText = '';
        return;
      case 'tool-input-start':
        this.toolNames.set(chunk.toolCallId, chunk.toolName);
        this.startTool(chunk.toolCallId, out);
        this.emit(out, 'tool.started', this.tool(chunk.toolCallId), { toolName: chunk.toolName, ...(chunk.title !== undefined && { title: chunk.title }) });
        return;
      case 'tool-input-delta':
        this.emit(out, 'tool.args', this.tool(chunk.toolCallId), { delta: chunk.inputTextDelta });
        return;
      case 'tool-input-available':
        this.toolNames.set(chunk.toolCallId, chunk.toolName);
        if (chunk.providerExecuted !== true) this.openTools.set(chunk.toolCallId, { toolCallId: chunk.toolCallId, toolName: chunk.toolName, input: chunk.input });
        if (this.startTool(chunk.toolCallId, out)) {
          this.emit(out, 'tool.started', this.tool(chunk.toolCallId), { toolName: chunk.toolName, safeArgs: chunk.input as JsonObject });
        } else {
          this.emit(out, 'tool.args', this.tool(chunk.toolCallId), { args: chunk.input as JsonObject });
        }
        return;
      case 'tool-input-error':
        this.openTools.delete(chunk.toolCallId);
        this.startedTool(chunk.toolCallId, chunk.toolName, out);
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'invalid_input', message: chunk.errorText });
        return;
      case 'tool-approval-request': {
        const actionId = this.ids.action(chunk.approvalId);
        this.pendingApprovals.set(chunk.approvalId, chunk.toolCallId);
        if (chunk.isAutomatic === true) this.automatic.add(chunk.approvalId);
        const ids = this.tool(chunk.toolCallId);
        this.emit(out, 'action.required', { ...ids, actionId }, {
          actionType: 'tool_approval',
          decisionKind: 'allow_or_deny',
          ...(this.toolNames.get(chunk.toolCallId) !== undefined && { toolName: this.toolNames.get(chunk.toolCallId)! }),
          ...(chunk.reason !== undefined && { prompt: chunk.reason }),
          ...(chunk.isAutomatic === true && { automatic: true }),
        });
        return;
      }
      case 'tool-approval-response':
        // The SDK's own answer: a `toolApproval` policy decided (isAutomatic), never the user.
        this.resolve(chunk.approvalId, chunk.approved ? 'allow' : 'deny', out, chunk.reason);
        return;
      case 'tool-output-available':
        this.resolveFor(chunk.toolCallId, out);
        if (chunk.preliminary === true) {
          // A generator `execute` yields its status so far: progress, not the tool's result.
          this.emit(out, 'tool.progress', this.tool(chunk.toolCallId), { message: progressText(chunk.output, this.budget) });
          return;
        }
        this.openTools.delete(chunk.toolCallId);
        this.emit(out, 'tool.result', this.tool(chunk.toolCallId), this.output(chunk.toolCallId, chunk.output));
        return;
      case 'tool-output-error':
        this.resolveFor(chunk.toolCallId, out);
        this.openTools.delete(chunk.toolCallId);
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'tool_error', message: chunk.errorText });
        return;
      case 'tool-output-denied':
        this.resolveFor(chunk.toolCallId, out, 'deny');
        this.openTools.delete(chunk.toolCallId);
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'denied', retryable: false, message: 'The tool call was denied; it did not run.' });
        return;
      case 'steering-message':
        // A message the user sent while the run worked, taken in at this step boundary: it
        // stands in the conversation before the step that answers it.
        this.emit(out, 'messages.snapshot', this.turn(), {
          messages: [{ messageId: chunk.id, turnId: this.turnId, role: 'user', text: partsText(chunk.parts), final: true }],
        });
        return;
      case 'source-url':
        // A source the provider attached to the answer (grounding): a link card in the step's
        // message, never a claim about what the text says.
        this.emit(out, 'artifact.changed', { turnId: this.turnId, messageId: this.message(out), artifactId: `${this.turnId}:source:${chunk.sourceId}` }, {
          title: chunk.title ?? chunk.url,
          readRef: chunk.url,
          sourceUri: chunk.url,
          role: 'source',
        });
        return;
      case 'source-document':
        this.emit(out, 'artifact.changed', { turnId: this.turnId, messageId: this.message(out), artifactId: `${this.turnId}:source:${chunk.sourceId}` }, {
          title: chunk.title,
          mimeType: chunk.mediaType,
          ...(chunk.filename !== undefined && { filename: chunk.filename }),
          ...(artifactKindOf(chunk.mediaType) !== undefined && { kind: artifactKindOf(chunk.mediaType)! }),
          role: 'source',
        });
        return;
      case 'file': {
        // A file the model generated: its URL (often a data URL) is where it reads from.
        this.files += 1;
        const kind = artifactKindOf(chunk.mediaType);
        this.emit(out, 'artifact.changed', { turnId: this.turnId, messageId: this.message(out), artifactId: `${this.turnId}:file:${this.files}` }, {
          mimeType: chunk.mediaType,
          readRef: chunk.url,
          ...(kind !== undefined && { kind }),
        });
        return;
      }
      case 'message-metadata':
        this.metadata(chunk.messageMetadata, out);
        return;
      case 'error':
        this.fail(out, 'stream_error', chunk.errorText, 'The model stream reported an error: send the message again.');
        return;
      case 'abort':
        this.cancel(out, chunk.reason);
        return;
      case 'finish':
        this.metadata(chunk.messageMetadata, out);
        this.finish(chunk.finishReason, out);
        return;
      default:
        this.raw(chunk, out);
    }
  }

  private readonly toolNames = new Map<string, string>();
  private files = 0;

  private startedTool(toolCallId: string, toolName: string, out: RuntimeEventEnvelope[]): void {
    if (!this.startTool(toolCallId, out)) return;
    this.emit(out, 'tool.started', this.tool(toolCallId), { toolName });
  }

  /** Tool output: inline when small, else an `outputRef` and a capped preview (never the whole payload). */
  private output(toolCallId: string, output: unknown): JsonObject {
    const text = isText(output) ? output : (JSON.stringify(output) ?? 'null');
    return toolOutputPayload(toolCallId, text, this.budget, this.spill);
  }

  /**
   * The runtime acted on an approval: resolved with the user's decision and note, or, for one the
   * SDK decided itself (`isAutomatic`), by policy with the policy's reason.
   */
  private resolve(approvalId: string, decision: string, out: RuntimeEventEnvelope[], reason?: string): void {
    const toolCallId = this.pendingApprovals.get(approvalId);
    if (toolCallId === undefined) return;
    this.pendingApprovals.delete(approvalId);
    const ids = { turnId: this.turnId, actionId: this.ids.action(approvalId), toolCallId };
    if (this.automatic.has(approvalId)) {
      this.emit(out, 'action.resolved', ids, { decision, respondedBy: 'policy', ...(reason !== undefined && { reason }) });
      return;
    }
    const answer = this.decisions.get(approvalId);
    this.emit(out, 'action.resolved', ids, answer === undefined ? { decision, ...(reason !== undefined && { reason }) } : { ...answer });
  }

  /** The runtime acted on a tool whose approval was pending: that is its answer to the approval. */
  private resolveFor(toolCallId: string, out: RuntimeEventEnvelope[], decision = 'allow'): void {
    if (this.pendingApprovals.size === 0) return;
    for (const [approvalId, pendingTool] of this.pendingApprovals) {
      if (pendingTool === toolCallId) this.resolve(approvalId, decision, out);
    }
  }

  /**
   * Model and usage facts from message metadata, when the app's metadata carries them: the
   * documented `{ totalUsage }` (a `finish` part's `totalUsage`) or `{ usage }`, and `{ model }`.
   */
  private metadata(metadata: unknown, out: RuntimeEventEnvelope[]): void {
    if (typeof metadata !== 'object' || metadata === null) return;
    const m = metadata as Record<string, unknown>;
    if (isText(m.model)) this.emit(out, 'routing.decided', this.turn(), { selectedModel: m.model });
    const usage = (m.totalUsage ?? m.usage) as Record<string, unknown> | undefined;
    if (typeof usage === 'object' && usage !== null && (typeof usage.inputTokens === 'number' || typeof usage.outputTokens === 'number')) {
      this.emit(out, 'cost.recorded', this.turn(), {
        ...(typeof usage.inputTokens === 'number' && { inputTokens: usage.inputTokens }),
        ...(typeof usage.outputTokens === 'number' && { outputTokens: usage.outputTokens }),
        ...(typeof usage.totalTokens === 'number' && { totalTokens: usage.totalTokens }),
      });
    }
  }

  /**
   * A chunk without a profile counterpart: a data part goes to the app's `onData`; anything else
   * (or a data part nobody handles) is kept as a diagnostic with its raw content, never rendered as a fact.
   */
  private raw(chunk: UIMessageChunk, out: RuntimeEventEnvelope[]): void {
    const data = chunk.type.startsWith('data-');
    if (data && this.onData !== undefined) return this.onData(chunk as AiSdkDataPart);
    const kind = data ? 'ai_sdk_data_part' : 'ai_sdk_unmapped_chunk';
    this.emit(out, 'runtime.warning', this.turn(), { code: kind, message: `AI SDK ${chunk.type} chunk kept as raw diagnostics`, raw: chunk as unknown as JsonObject });
  }

  private finish(reason: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.stepOpen) this.finishStep(out);
    if (this.end !== 'open') return;
    // Stopped for approvals, or for tools the app runs itself (no `execute`): the turn waits.
    if (this.pendingApprovals.size > 0 || this.awaitingToolCalls().length > 0) {
      this.end = 'awaiting-input';
      this.waitingForApp(this.awaitingToolCalls().map((call) => call.toolName), out);
      return;
    }
    if (reason === 'error') return this.fail(out, 'model_error', 'The model finished with an error.', 'Send the message again.');
    if (reason === 'content-filter') return this.fail(out, 'content_filter', 'The provider filtered the response.', 'Rephrase the request and send it again.');
    if (reason === 'length') {
      // The model stopped at its token limit: the answer is cut, not complete.
      return this.fail(out, 'output_limit', 'The answer was cut: the model reached its output token limit.', 'Ask the model to continue, or raise the output token limit (maxOutputTokens).', true);
    }
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn(), reason === undefined ? {} : { finishReason: reason });
  }

  /** The run stopped for tools the app runs itself: the turn is the app's to move on, said as its stage. */
  private waitingForApp(toolNames: readonly string[], out: RuntimeEventEnvelope[]): void {
    if (toolNames.length === 0) return;
    this.emit(out, 'run.status', this.turn(), { stage: 'acting', detail: `Waiting for the app to run ${toolNames.join(', ')}` });
  }

  /** The turn failed: the open message fails with it, and the failure carries a category and a recovery hint. */
  fail(out: RuntimeEventEnvelope[], failureCategory: string, message: string, recoveryHint: string, retryable?: boolean, detail: JsonObject = {}): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    const failure = { failureCategory, message, recoveryHint, ...(retryable !== undefined && { retryable }), ...detail };
    if (this.stepMessage !== undefined) this.emit(out, 'model.failed', { turnId: this.turnId, messageId: this.stepMessage }, failure);
    this.stepOpen = false;
    this.stepMessage = undefined;
    this.end = 'failed';
    this.emit(out, 'turn.failed', this.turn(), failure);
  }

  /**
   * The turn was stopped: the step's text stays partial (no `model.completed`: the store marks it
   * interrupted), approvals still pending end with the adapter's `action.cancelled`, and tools that
   * never gave an output fail as cancelled.
   */
  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    this.stepOpen = false;
    this.stepMessage = undefined;
    for (const [approvalId, toolCallId] of this.pendingApprovals) {
      this.emit(out, 'action.cancelled', { turnId: this.turnId, actionId: this.ids.action(approvalId), toolCallId }, { reason: 'The turn was stopped before the runtime acted on this request.' });
    }
    this.pendingApprovals.clear();
    for (const toolCallId of this.openTools.keys()) {
      this.emit(out, 'tool.failed', this.tool(toolCallId), { failureCategory: 'cancelled', retryable: true, message: 'The turn was stopped before this tool gave an output.' });
    }
    this.openTools.clear();
    this.end = 'cancelled';
    this.emit(out, 'turn.cancelled', this.turn(), reason === undefined ? {} : { reason });
  }

  /** The stream ended without `finish` (a cut connection, a crashed server): the turn did not complete. */
  cut(out: RuntimeEventEnvelope[], error?: unknown): void {
    if (this.end !== 'open') return;
    const detail = error instanceof Error ? error.message : error === undefined ? 'the stream ended before finish' : String(error);
    this.fail(out, 'stream_interrupted', `The AI SDK stream broke: ${detail}`, 'Send the message again; the answer so far is kept.');
  }
}

// One idle mapper (see `keepShape`).
keepShape(new ChunkMapper(idleMapperOptions()));
