import type { BaseEvent, Message } from '@ag-ui/core';
import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import { redactSecrets } from '../../protocol/redactSecrets';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';

export { DEFAULT_PREVIEW_BUDGET };

/**
 * Options of the AG-UI event mapper for one run: the envelope factory and id map it shares with the
 * adapter, the turn, and how large outputs are spilled.
 */
export interface AgUiMapperOptions {
  factory: EnvelopeFactory;
  ids: CorrelationMap;
  /** The profile turn; when absent, the first RUN_STARTED's runId names it. */
  turnId?: string;
  previewBudget?: number;
  /** Keeps a tool output too large to inline, and returns the ref it can be loaded from. */
  spill?: SpillOutput;
}

/** How the AG-UI run ended, for the adapter that drives the turn. */
export type AgUiRunEnd = 'completed' | 'failed' | 'cancelled' | 'interrupted' | 'open';

/** An AG-UI event as it arrives: the typed union, read field by field (the wire may carry more). */
type AgUiEvent = BaseEvent & Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Diagnostics-only AG-UI events: kept with their (redacted) raw content, never turned into facts. */
const DIAGNOSTIC_CODES: Readonly<Record<string, string>> = {
  STATE_SNAPSHOT: 'ag_ui_state_snapshot',
  STATE_DELTA: 'ag_ui_state_delta',
  RAW: 'ag_ui_raw',
  CUSTOM: 'ag_ui_custom',
  ACTIVITY_SNAPSHOT: 'ag_ui_activity',
  ACTIVITY_DELTA: 'ag_ui_activity',
  REASONING_ENCRYPTED_VALUE: 'ag_ui_reasoning_encrypted',
  SUBAGENT_STARTED: 'ag_ui_subagent',
  SUBAGENT_FINISHED: 'ag_ui_subagent',
  SUBAGENT_ERROR: 'ag_ui_subagent',
};

/** AG-UI tool result content: a string, or content parts whose text parts are the readable output. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const texts = content.map((part) => (part !== null && typeof part === 'object' && str((part as Record<string, unknown>).text)) || undefined);
    if (texts.every((t) => t !== undefined)) return texts.join('');
  }
  return JSON.stringify(content) ?? 'null';
}

/** An AG-UI message's text, when its content is text (user and assistant messages). */
function messageText(message: Message): string | undefined {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const texts = content.filter((p): p is { type: 'text'; text: string } => p?.type === 'text' && typeof p.text === 'string');
    return texts.length === 0 ? undefined : texts.map((p) => p.text).join('');
  }
  return undefined;
}

/**
 * Maps the AG-UI events of one run to profile events. Every fact comes from an AG-UI event:
 * what the protocol does not say is not emitted (the UI renders it `unknown`).
 */
export class AgUiEventMapper {
  private readonly factory: EnvelopeFactory;
  private readonly ids: CorrelationMap;
  private fixedTurnId: string | undefined;
  private readonly budget: number;
  private readonly spill: AgUiMapperOptions['spill'];
  private started = false;
  /** Open text messages (AG-UI messageId, which is also the profile messageId) and their text so far. */
  private readonly open = new Map<string, string>();
  private readonly tools = new Set<string>();
  /** The last assistant message: a tool call without `parentMessageId` belongs to it. */
  private lastMessage: string | undefined;
  end: AgUiRunEnd = 'open';

  constructor(options: AgUiMapperOptions) {
    this.factory = options.factory;
    this.ids = options.ids;
    this.fixedTurnId = options.turnId;
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
    this.spill = options.spill;
  }

  get turnId(): string {
    this.fixedTurnId ??= this.ids.turn();
    return this.fixedTurnId;
  }

  private emit(out: RuntimeEventEnvelope[], type: string, ids: JsonObject, payload: JsonObject = {}): void {
    out.push(this.factory.event(type, ids, payload));
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  /** Starts the turn once (RUN_STARTED, or the first event of a stream that skipped it). */
  begin(out: RuntimeEventEnvelope[], runId?: string): void {
    if (this.started) return;
    if (this.fixedTurnId === undefined && runId !== undefined) this.fixedTurnId = this.ids.turn(runId);
    this.started = true;
    this.emit(out, 'turn.started', this.turn(), runId === undefined ? {} : { runId });
  }

  /** Opens a text message: one AG-UI message is one model step with its own profile message. */
  private startMessage(messageId: string, out: RuntimeEventEnvelope[]): void {
    if (this.open.has(messageId)) return;
    this.ids.nextStep(this.turnId);
    this.open.set(messageId, '');
    this.lastMessage = messageId;
    this.emit(out, 'model.requested', { turnId: this.turnId, messageId });
  }

  private delta(messageId: string, delta: string, out: RuntimeEventEnvelope[]): void {
    this.startMessage(messageId, out);
    this.open.set(messageId, this.open.get(messageId)! + delta);
    this.emit(out, 'model.delta', { turnId: this.turnId, messageId }, { delta });
  }

  /** The message ends: reconciled with the whole text it streamed. */
  private endMessage(messageId: string, out: RuntimeEventEnvelope[]): void {
    const text = this.open.get(messageId);
    if (text === undefined) return;
    this.open.delete(messageId);
    this.emit(out, 'model.completed', { turnId: this.turnId, messageId }, { text });
  }

  private tool(toolCallId: string, parentMessageId?: string): JsonObject {
    const ids = this.ids.tool(toolCallId, this.turnId);
    const messageId = parentMessageId ?? this.lastMessage;
    return messageId === undefined ? { ...ids } : { ...ids, messageId };
  }

  private startTool(toolCallId: string, toolName: string, parentMessageId: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.tools.has(toolCallId)) return;
    this.tools.add(toolCallId);
    this.emit(out, 'tool.started', this.tool(toolCallId, parentMessageId), { toolName });
  }

  /** Tool output: inline when small, else an `outputRef` and a capped preview (never the whole payload). */
  private output(toolCallId: string, text: string): JsonObject {
    return toolOutputPayload(toolCallId, text, this.budget, this.spill);
  }

  /** Maps one AG-UI event; the events it produces are appended to `out`. */
  map(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    const type = event.type as string;
    if (type === 'RUN_STARTED') return this.begin(out, str(event.runId));
    this.begin(out);
    switch (type) {
      case 'TEXT_MESSAGE_START':
        if (event.role !== undefined && event.role !== 'assistant') return this.diagnostic(event, 'ag_ui_non_assistant_message', out);
        return this.startMessage(String(event.messageId), out);
      case 'TEXT_MESSAGE_CONTENT':
        return this.delta(String(event.messageId), String(event.delta), out);
      case 'TEXT_MESSAGE_END':
        return this.endMessage(String(event.messageId), out);
      case 'TEXT_MESSAGE_CHUNK': {
        // A chunk continues the open message unless it names another one (AG-UI's chunk rule).
        const messageId = str(event.messageId) ?? this.lastMessage;
        if (messageId === undefined) return this.diagnostic(event, 'ag_ui_unattributed_chunk', out);
        if (str(event.messageId) !== undefined && this.lastMessage !== undefined && messageId !== this.lastMessage) this.endMessage(this.lastMessage, out);
        this.startMessage(messageId, out);
        if (typeof event.delta === 'string') this.delta(messageId, event.delta, out);
        return;
      }
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CHUNK':
        if (typeof event.delta !== 'string' || event.delta === '') return;
        this.emit(out, 'reasoning.delta', { turnId: this.turnId, messageId: str(event.messageId) ?? this.lastMessage ?? `${this.turnId}:reasoning` }, { delta: event.delta });
        return;
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_END':
        return;
      case 'TOOL_CALL_START':
        return this.startTool(String(event.toolCallId), String(event.toolCallName), str(event.parentMessageId), out);
      case 'TOOL_CALL_ARGS':
        this.emit(out, 'tool.args', this.tool(String(event.toolCallId)), { delta: String(event.delta) });
        return;
      case 'TOOL_CALL_CHUNK': {
        const toolCallId = str(event.toolCallId) ?? [...this.tools].pop();
        if (toolCallId === undefined) return this.diagnostic(event, 'ag_ui_unattributed_chunk', out);
        if (!this.tools.has(toolCallId)) {
          const name = str(event.toolCallName);
          if (name === undefined) return this.diagnostic(event, 'ag_ui_unattributed_chunk', out);
          this.startTool(toolCallId, name, str(event.parentMessageId), out);
        }
        if (typeof event.delta === 'string') this.emit(out, 'tool.args', this.tool(toolCallId), { delta: event.delta });
        return;
      }
      case 'TOOL_CALL_END':
        // The arguments are complete; the result (if the agent runs the tool) comes as TOOL_CALL_RESULT.
        return;
      case 'TOOL_CALL_RESULT': {
        const toolCallId = String(event.toolCallId);
        this.emit(out, 'tool.result', this.tool(toolCallId), this.output(toolCallId, resultText(event.content)));
        return;
      }
      case 'STEP_STARTED':
      case 'STEP_FINISHED':
        return this.step(type, String(event.stepName), out);
      case 'MESSAGES_SNAPSHOT':
        return this.snapshot(event.messages as Message[], out);
      case 'RUN_FINISHED':
        return this.finish(event, out);
      case 'RUN_ERROR':
        // The category is the agent's own error code; without one it is unknown, never guessed.
        return this.fail(out, str(event.code) ?? 'unknown', str(event.message) ?? 'The AG-UI run reported an error.');
      default:
        return this.diagnostic(event, DIAGNOSTIC_CODES[type] ?? 'ag_ui_unmapped_event', out);
    }
  }

  /**
   * AG-UI steps are named units of work with a start and an end; the profile's `task.*` records
   * keep exactly that (a lifecycle per id), whereas `run.status` is one stage of the whole turn
   * and would lose a finished step when the next starts. The task id is the step name in this
   * turn, so a step that runs again reopens its own task.
   */
  private step(type: 'STEP_STARTED' | 'STEP_FINISHED', stepName: string, out: RuntimeEventEnvelope[]): void {
    const taskId = `${this.turnId}:step:${stepName}`;
    this.emit(out, type === 'STEP_STARTED' ? 'task.started' : 'task.completed', { turnId: this.turnId, taskId }, { title: stepName });
  }

  /** The agent's whole conversation: the kit hydrates its user and assistant text messages. */
  private snapshot(messages: Message[], out: RuntimeEventEnvelope[]): void {
    const listed: JsonObject[] = [];
    for (const message of messages ?? []) {
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      const text = messageText(message);
      if (text === undefined) continue;
      listed.push({ messageId: message.id, role: message.role, text, final: !this.open.has(message.id) });
    }
    this.emit(out, 'messages.snapshot', this.turn(), { messages: listed });
  }

  private finish(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    this.closeMessages(out);
    if (this.end !== 'open') return;
    const outcome = (event.outcome as { type?: string } | undefined)?.type;
    if (outcome === 'cancelled') return this.cancel(out, 'the agent cancelled the run');
    if (outcome === 'interrupt') {
      // AG-UI interrupts have no standard answer shape the kit can render as an approval: kept
      // as a diagnostic, and the turn is left waiting rather than reported completed.
      this.end = 'interrupted';
      return this.diagnostic(event, 'ag_ui_interrupt', out);
    }
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn(), outcome === undefined ? {} : { outcome });
  }

  private closeMessages(out: RuntimeEventEnvelope[]): void {
    for (const messageId of [...this.open.keys()]) this.endMessage(messageId, out);
  }

  /** The turn failed: open messages fail with it. A recovery hint is added only when the caller knows one. */
  fail(out: RuntimeEventEnvelope[], failureCategory: string, message: string, recoveryHint?: string): void {
    if (this.end !== 'open') return;
    const failure: JsonObject = { failureCategory, message, ...(recoveryHint !== undefined && { recoveryHint }) };
    for (const messageId of this.open.keys()) this.emit(out, 'model.failed', { turnId: this.turnId, messageId }, failure);
    this.open.clear();
    this.end = 'failed';
    this.emit(out, 'turn.failed', this.turn(), failure);
  }

  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end !== 'open') return;
    this.closeMessages(out);
    this.end = 'cancelled';
    this.emit(out, 'turn.cancelled', this.turn(), reason === undefined ? {} : { reason });
  }

  /** The stream ended without RUN_FINISHED or RUN_ERROR (a cut connection): the turn did not complete. */
  cut(out: RuntimeEventEnvelope[], error?: unknown): void {
    if (this.end !== 'open') return;
    this.begin(out);
    const detail = error instanceof Error ? error.message : error === undefined ? 'the stream ended before RUN_FINISHED' : String(error);
    this.fail(out, 'stream_interrupted', `The AG-UI stream broke: ${detail}`, 'Send the message again; the answer so far is kept.');
  }

  /** An AG-UI event without a profile counterpart: a diagnostic with its redacted raw content. */
  private diagnostic(event: AgUiEvent, code: string, out: RuntimeEventEnvelope[]): void {
    this.emit(out, 'runtime.warning', this.turn(), {
      code,
      message: `AG-UI ${String(event.type)} event kept as raw diagnostics`,
      raw: redactSecrets(JSON.parse(JSON.stringify(event)) as unknown),
    });
  }
}
