import type { UIMessageChunk } from 'ai';
import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';

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
}

/** How a stream run ended, for the adapter that drives the turn. */
export type RunEnd = 'completed' | 'failed' | 'cancelled' | 'awaiting-approval' | 'open';

const isText = (value: unknown): value is string => typeof value === 'string';

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
  private stepText = '';
  /** Tool call id → the message of the step it started in (its later events stay there). */
  private readonly toolMessages = new Map<string, string>();
  /** Approval id → tool call id, while the runtime has not acted on the answer. */
  private readonly pendingApprovals = new Map<string, string>();
  private readonly decisions = new Map<string, string>();
  end: RunEnd = 'open';

  constructor(options: ChunkMapperOptions) {
    this.factory = options.factory;
    this.ids = options.ids;
    this.turnId = options.turnId;
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
    this.spill = options.spill;
  }

  /** The decision the user sent for an approval, so its resolution reports what was chosen. */
  answer(approvalId: string, decision: string): void {
    this.decisions.set(approvalId, decision);
  }

  get awaitingApproval(): boolean {
    return this.pendingApprovals.size > 0;
  }

  /** The approved turn resumes in a new stream run. */
  resume(): void {
    if (this.end === 'awaiting-approval') this.end = 'open';
  }

  /** The approval ids still waiting for the runtime to act on an answer. */
  pendingApprovalIds(): string[] {
    return [...this.pendingApprovals.keys()];
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  private emit(out: RuntimeEventEnvelope[], type: string, ids: JsonObject, payload: JsonObject = {}): void {
    out.push(this.factory.event(type, ids, payload));
  }

  /** The step's message: opened (`model.requested`) on its first text, reasoning or tool call. */
  private message(out: RuntimeEventEnvelope[]): string {
    if (this.stepMessage === undefined) {
      if (!this.stepOpen) this.startStep();
      this.stepMessage = this.ids.messageId(this.turnId);
      this.emit(out, 'model.requested', { turnId: this.turnId, messageId: this.stepMessage });
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

  /** A tool's ids: turn, step, tool call, and the message of the step it started in. */
  private tool(toolCallId: string): JsonObject {
    const ids = this.ids.tool(toolCallId, this.turnId);
    const messageId = this.toolMessages.get(toolCallId);
    return messageId === undefined ? { ...ids } : { ...ids, messageId };
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
      case 'text-delta': {
        const messageId = this.message(out);
        this.stepText += chunk.delta;
        this.emit(out, 'model.delta', { turnId: this.turnId, messageId }, { delta: chunk.delta });
        return;
      }
      case 'reasoning-delta':
        this.emit(out, 'reasoning.delta', { turnId: this.turnId, messageId: this.message(out) }, { delta: chunk.delta });
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
        this.startTool(chunk.toolCallId, out);
        this.emit(out, 'tool.started', this.tool(chunk.toolCallId), { toolName: chunk.toolName, ...(chunk.title !== undefined && { title: chunk.title }) });
        return;
      case 'tool-input-delta':
        this.emit(out, 'tool.args', this.tool(chunk.toolCallId), { delta: chunk.inputTextDelta });
        return;
      case 'tool-input-available':
        if (this.startTool(chunk.toolCallId, out)) {
          this.emit(out, 'tool.started', this.tool(chunk.toolCallId), { toolName: chunk.toolName, safeArgs: chunk.input as JsonObject });
        } else {
          this.emit(out, 'tool.args', this.tool(chunk.toolCallId), { args: chunk.input as JsonObject });
        }
        return;
      case 'tool-input-error':
        this.startedTool(chunk.toolCallId, chunk.toolName, out);
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'invalid_input', message: chunk.errorText });
        return;
      case 'tool-approval-request': {
        const actionId = this.ids.action(chunk.approvalId);
        this.pendingApprovals.set(chunk.approvalId, chunk.toolCallId);
        const ids = this.tool(chunk.toolCallId);
        this.emit(out, 'action.required', { ...ids, actionId }, {
          actionType: 'tool_approval',
          decisionKind: 'allow_or_deny',
          ...(chunk.reason !== undefined && { prompt: chunk.reason }),
        });
        return;
      }
      case 'tool-approval-response':
        this.resolve(chunk.approvalId, chunk.approved ? 'allow' : 'deny', out);
        return;
      case 'tool-output-available':
        this.resolveFor(chunk.toolCallId, out);
        if (chunk.preliminary === true) this.emit(out, 'tool.progress', this.tool(chunk.toolCallId), this.output(chunk.toolCallId, chunk.output));
        else this.emit(out, 'tool.result', this.tool(chunk.toolCallId), this.output(chunk.toolCallId, chunk.output));
        return;
      case 'tool-output-error':
        this.resolveFor(chunk.toolCallId, out);
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'tool_error', message: chunk.errorText });
        return;
      case 'tool-output-denied':
        this.resolveFor(chunk.toolCallId, out, 'deny');
        this.emit(out, 'tool.failed', this.tool(chunk.toolCallId), { failureCategory: 'denied', retryable: false, message: 'The tool call was denied; it did not run.' });
        return;
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

  private startedTool(toolCallId: string, toolName: string, out: RuntimeEventEnvelope[]): void {
    if (!this.startTool(toolCallId, out)) return;
    this.emit(out, 'tool.started', this.tool(toolCallId), { toolName });
  }

  /** Tool output: inline when small, else an `outputRef` and a capped preview (never the whole payload). */
  private output(toolCallId: string, output: unknown): JsonObject {
    const text = isText(output) ? output : (JSON.stringify(output) ?? 'null');
    return toolOutputPayload(toolCallId, text, this.budget, this.spill);
  }

  private resolve(approvalId: string, decision: string, out: RuntimeEventEnvelope[]): void {
    const toolCallId = this.pendingApprovals.get(approvalId);
    if (toolCallId === undefined) return;
    this.pendingApprovals.delete(approvalId);
    this.emit(out, 'action.resolved', { turnId: this.turnId, actionId: this.ids.action(approvalId), toolCallId }, { decision: this.decisions.get(approvalId) ?? decision });
  }

  /** The runtime acted on a tool whose approval was pending: that is its answer to the approval. */
  private resolveFor(toolCallId: string, out: RuntimeEventEnvelope[], decision = 'allow'): void {
    if (this.pendingApprovals.size === 0) return;
    for (const [approvalId, pendingTool] of this.pendingApprovals) {
      if (pendingTool === toolCallId) this.resolve(approvalId, decision, out);
    }
  }

  /** Model and usage facts from message metadata, when the app's metadata carries them. */
  private metadata(metadata: unknown, out: RuntimeEventEnvelope[]): void {
    if (typeof metadata !== 'object' || metadata === null) return;
    const m = metadata as Record<string, unknown>;
    if (isText(m.model)) this.emit(out, 'routing.decided', this.turn(), { selectedModel: m.model });
    const usage = m.usage as Record<string, unknown> | undefined;
    if (typeof usage === 'object' && usage !== null && (typeof usage.inputTokens === 'number' || typeof usage.outputTokens === 'number')) {
      this.emit(out, 'cost.recorded', this.turn(), {
        ...(typeof usage.inputTokens === 'number' && { inputTokens: usage.inputTokens }),
        ...(typeof usage.outputTokens === 'number' && { outputTokens: usage.outputTokens }),
        ...(typeof usage.totalTokens === 'number' && { totalTokens: usage.totalTokens }),
      });
    }
  }

  /** A chunk without a profile counterpart: kept as a diagnostic with its raw content, never rendered as a fact. */
  private raw(chunk: UIMessageChunk, out: RuntimeEventEnvelope[]): void {
    const kind = chunk.type.startsWith('data-') ? 'ai_sdk_data_part' : 'ai_sdk_unmapped_chunk';
    this.emit(out, 'runtime.warning', this.turn(), { code: kind, message: `AI SDK ${chunk.type} chunk kept as raw diagnostics`, raw: chunk as unknown as JsonObject });
  }

  private finish(reason: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.stepOpen) this.finishStep(out);
    if (this.end !== 'open') return;
    if (this.pendingApprovals.size > 0) {
      this.end = 'awaiting-approval';
      return;
    }
    if (reason === 'error') return this.fail(out, 'model_error', 'The model finished with an error.', 'Send the message again.');
    if (reason === 'content-filter') return this.fail(out, 'content_filter', 'The provider filtered the response.', 'Rephrase the request and send it again.');
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn(), reason === undefined ? {} : { finishReason: reason });
  }

  /** The turn failed: the open message fails with it, and the failure carries a category and a recovery hint. */
  fail(out: RuntimeEventEnvelope[], failureCategory: string, message: string, recoveryHint: string): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    const failure = { failureCategory, message, recoveryHint };
    if (this.stepMessage !== undefined) this.emit(out, 'model.failed', { turnId: this.turnId, messageId: this.stepMessage }, failure);
    this.stepOpen = false;
    this.stepMessage = undefined;
    this.end = 'failed';
    this.emit(out, 'turn.failed', this.turn(), failure);
  }

  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    if (this.stepOpen) this.finishStep(out);
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
