import type { BaseEvent, Message } from '@ag-ui/core';
import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import { redactSecrets } from '../../protocol/redactSecrets';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { GatedTools } from '../core/gatedTools';
import { idleMapperOptions } from '../core/idleMapperOptions';
import { keepShape } from '../../store/keepShape';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';
import { cutWhole } from '../../protocol/cutWhole';

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

/**
 * How the AG-UI run ended, for the adapter that drives the turn: `awaiting-input` when it finished
 * with interrupts to answer or tool calls left for the app (frontend tools).
 */
export type AgUiRunEnd = 'completed' | 'failed' | 'cancelled' | 'awaiting-input' | 'open';

/** An interrupt the run ended with (AG-UI 1.0 `Interrupt`), as the mapper keeps it until it is answered. */
export interface AgUiPendingInterrupt {
  interruptId: string;
  actionId: string;
  toolCallId?: string;
}

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
 * The user and assistant text messages of an AG-UI conversation (a `MESSAGES_SNAPSHOT`, or the
 * agent's `messages` an app restored), in order, as a `messages.snapshot` lists them; a message
 * still streaming (`open`) is not final, and a subagent's messages stay off the main conversation.
 */
export function conversationMessages(messages: readonly Message[], open: ReadonlyMap<string, unknown> = new Map()): JsonObject[] {
  const listed: JsonObject[] = [];
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    if (typeof (message as { subagentRunId?: unknown }).subagentRunId === 'string') continue;
    const text = messageText(message);
    if (text === undefined) continue;
    listed.push({ messageId: message.id, role: message.role, text, final: !open.has(message.id) });
  }
  return listed;
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
  /** Tool calls that got a TOOL_CALL_RESULT (or an output the app added). */
  private readonly answeredTools = new Set<string>();
  /** Interrupts the last run ended with, by interrupt id, until a resumed run takes the answers. */
  private readonly interrupts = new Map<string, AgUiPendingInterrupt>();
  /** Answers sent with the next run, by interrupt id: resolved when that run starts. */
  private readonly answers = new Map<string, string>();
  /** Tool calls the run left for the app (frontend tools). */
  private awaiting: string[] = [];
  private readonly gated = new GatedTools();
  private selectedModel: string | undefined;
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
    out.push(this.gated.stamp(this.factory.event(type, ids, payload)));
  }

  /** The interrupts still waiting for an answer, in the order the run raised them. */
  pendingInterrupts(): AgUiPendingInterrupt[] {
    return [...this.interrupts.values()];
  }

  /** The interrupt behind an action id (how `respondAction` answers it). */
  interruptOf(actionId: string): AgUiPendingInterrupt | undefined {
    return [...this.interrupts.values()].find((pending) => pending.actionId === actionId);
  }

  /** The tool calls the run left for the app to answer (`addToolOutput`), in order. */
  awaitingToolCalls(): string[] {
    return this.awaiting.filter((toolCallId) => !this.answeredTools.has(toolCallId));
  }

  /** The user answered an interrupt: the resumed run that takes it resolves the action. */
  answer(interruptId: string, decision: string): void {
    this.answers.set(interruptId, decision);
    const toolCallId = this.interrupts.get(interruptId)?.toolCallId;
    if (toolCallId !== undefined) this.gated.answer(toolCallId);
  }

  /** The turn goes on in a new run (answers and outputs sent with it). */
  resume(): void {
    if (this.end === 'awaiting-input') this.end = 'open';
    this.awaiting = [];
    this.gated.resume(this.factory.now());
  }

  /** The app ran a tool itself (`addToolOutput`): its result, or its failure, as the tool's fact. */
  toolOutput(toolCallId: string, outcome: { output?: unknown; errorText?: string }, out: RuntimeEventEnvelope[]): void {
    if (this.answeredTools.has(toolCallId)) return;
    this.answeredTools.add(toolCallId);
    if (outcome.errorText !== undefined) this.emit(out, 'tool.failed', this.tool(toolCallId), { failureCategory: 'tool_error', message: outcome.errorText });
    else this.emit(out, 'tool.result', this.tool(toolCallId), this.output(toolCallId, typeof outcome.output === 'string' ? outcome.output : (JSON.stringify(outcome.output) ?? 'null')));
  }

  /** A resumed run started: the agent took the answers sent with it, so their actions are resolved. */
  private resumedRun(out: RuntimeEventEnvelope[]): void {
    for (const [interruptId, decision] of this.answers) {
      const pending = this.interrupts.get(interruptId);
      if (pending === undefined) continue;
      this.interrupts.delete(interruptId);
      this.emit(out, 'action.resolved', { ...this.turn(), actionId: pending.actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, { decision });
    }
    this.answers.clear();
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  /** The ids of an event some subagent produced: its own run id is the subagent id, so the store keeps it off the main transcript. */
  private scope(event: AgUiEvent, ids: JsonObject): JsonObject {
    const subagentId = str(event.subagentRunId);
    return subagentId === undefined ? ids : { ...ids, subagentId };
  }

  /** Starts the turn once (RUN_STARTED, or the first event of a stream that skipped it). */
  begin(out: RuntimeEventEnvelope[], runId?: string): void {
    if (this.started) return;
    if (this.fixedTurnId === undefined && runId !== undefined) this.fixedTurnId = this.ids.turn(runId);
    this.started = true;
    this.emit(out, 'turn.started', this.turn(), runId === undefined ? {} : { runId });
  }

  /** Messages and tool calls a subagent produced (their first event carried its `subagentRunId`). */
  private readonly owners = new Map<string, string>();

  private subagentOf(id: string, event: AgUiEvent): void {
    const subagentId = str(event.subagentRunId);
    if (subagentId !== undefined) this.owners.set(id, subagentId);
  }

  /** A message's or tool call's ids: its turn and, when a subagent produced it, that subagent. */
  private owned(ids: JsonObject, id: string): JsonObject {
    const subagentId = this.owners.get(id);
    return subagentId === undefined ? ids : { ...ids, subagentId };
  }

  private messageIds(messageId: string): JsonObject {
    return this.owned({ turnId: this.turnId, messageId }, messageId);
  }

  /** Opens a text message: one AG-UI message is one model step with its own profile message. */
  private startMessage(messageId: string, out: RuntimeEventEnvelope[]): void {
    if (this.open.has(messageId)) return;
    this.ids.nextStep(this.turnId);
    this.open.set(messageId, '');
    if (!this.owners.has(messageId)) this.lastMessage = messageId;
    this.emit(out, 'model.requested', this.messageIds(messageId));
  }

  private delta(messageId: string, delta: string, out: RuntimeEventEnvelope[]): void {
    this.startMessage(messageId, out);
    this.open.set(messageId, this.open.get(messageId)! + delta);
    this.emit(out, 'model.delta', this.messageIds(messageId), { delta });
  }

  /** The message ends: reconciled with the whole text it streamed. */
  private endMessage(messageId: string, out: RuntimeEventEnvelope[]): void {
    const text = this.open.get(messageId);
    if (text === undefined) return;
    this.open.delete(messageId);
    this.emit(out, 'model.completed', this.messageIds(messageId), { text });
  }

  /** Each tool call's ids, fixed when it starts (its message then): one object serves every event of the call. */
  private readonly toolIds = new Map<string, JsonObject>();

  private tool(toolCallId: string, parentMessageId?: string): JsonObject {
    const cached = this.toolIds.get(toolCallId);
    if (cached !== undefined) return cached;
    const ids = this.ids.tool(toolCallId, this.turnId);
    const messageId = parentMessageId ?? (this.owners.has(toolCallId) ? undefined : this.lastMessage);
    const built = this.owned(messageId === undefined ? { ...ids } : { ...ids, messageId }, toolCallId);
    if (this.tools.has(toolCallId)) this.toolIds.set(toolCallId, built);
    return built;
  }

  /** A subagent invocation starts: on the roster with its lineage (parent subagent, the tool call that spawned it). */
  private subagentStarted(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    const subagentId = str(event.subagentRunId);
    if (subagentId === undefined) return this.diagnostic(event, 'ag_ui_unattributed_subagent', out);
    const parentToolCallId = str(event.parentToolCallId);
    this.emit(out, 'subagent.spawned', { ...this.turn(), subagentId, ...(this.factory.threadId !== undefined && { parentThreadId: this.factory.threadId }) }, {
      role: str(event.name) ?? 'subagent',
      ...(str(event.description) !== undefined && { title: str(event.description)! }),
      ...(str(event.parentSubagentRunId) !== undefined && { parentSubagentId: str(event.parentSubagentRunId)! }),
      ...(parentToolCallId !== undefined && { parentToolCallId }),
      ...(str(event.parentMessageId) !== undefined && { parentMessageId: str(event.parentMessageId)! }),
    });
  }

  /** A subagent's segment ends: completed, suspended on interrupts (still open), or failed. */
  private subagentEnded(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    const subagentId = str(event.subagentRunId);
    if (subagentId === undefined) return this.diagnostic(event, 'ag_ui_unattributed_subagent', out);
    const ids = { ...this.turn(), subagentId };
    if (event.type === 'SUBAGENT_ERROR') {
      this.emit(out, 'subagent.failed', ids, { failureCategory: str(event.code) ?? 'unknown', message: str(event.message) ?? 'The subagent reported an error.' });
    } else {
      const outcome = event.outcome as { type?: string; interruptIds?: unknown } | undefined;
      if (outcome?.type === 'suspended') {
        const interruptIds = Array.isArray(outcome.interruptIds) ? outcome.interruptIds.filter((id): id is string => typeof id === 'string') : [];
        this.emit(out, 'subagent.status', ids, { status: 'suspended', ...(interruptIds.length > 0 && { interruptIds }) });
        return;
      }
      this.emit(out, 'subagent.completed', ids, event.result === undefined ? {} : { preview: cutWhole(resultText(event.result), this.budget) });
    }
    this.emit(out, 'subagent.closed', ids);
  }

  /** Token usage the run reported (AG-UI 1.0 `usage`), one fact per provider and model; the model that answered, when one did. */
  private usage(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    const entries = Array.isArray(event.usage) ? event.usage.filter((u): u is Record<string, unknown> => typeof u === 'object' && u !== null) : [];
    const models = new Set(entries.map((u) => str(u.model)).filter((m): m is string => m !== undefined));
    if (models.size === 1) {
      const model = [...models][0]!;
      if (model !== this.selectedModel) {
        this.selectedModel = model;
        this.emit(out, 'routing.decided', this.turn(), { selectedModel: model });
      }
    }
    for (const entry of entries) {
      const counts: JsonObject = {};
      for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens', 'cacheWriteInputTokens']) {
        if (typeof entry[key] === 'number') counts[key] = entry[key] as number;
      }
      if (Object.keys(counts).length === 0) continue;
      this.emit(out, 'cost.recorded', this.turn(), { ...counts, ...(str(entry.model) !== undefined && { model: str(entry.model)! }), ...(str(entry.provider) !== undefined && { provider: str(entry.provider)! }) });
    }
  }

  private readonly toolNames = new Map<string, string>();

  private startTool(toolCallId: string, toolName: string, parentMessageId: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.tools.has(toolCallId)) return;
    this.tools.add(toolCallId);
    this.toolNames.set(toolCallId, toolName);
    this.emit(out, 'tool.started', this.tool(toolCallId, parentMessageId), { toolName });
  }

  /** Tool output: inline when small, else an `outputRef` and a capped preview (never the whole payload). */
  private output(toolCallId: string, text: string): JsonObject {
    return toolOutputPayload(toolCallId, text, this.budget, this.spill);
  }

  /** Maps one AG-UI event; the events it produces are appended to `out`. */
  map(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    const type = event.type as string;
    if (type === 'RUN_STARTED') {
      this.begin(out, str(event.runId));
      return this.resumedRun(out);
    }
    this.begin(out);
    switch (type) {
      case 'TEXT_MESSAGE_START':
        if (event.role !== undefined && event.role !== 'assistant') return this.diagnostic(event, 'ag_ui_non_assistant_message', out);
        this.subagentOf(String(event.messageId), event);
        return this.startMessage(String(event.messageId), out);
      case 'TEXT_MESSAGE_CONTENT':
        return this.delta(String(event.messageId), String(event.delta), out);
      case 'TEXT_MESSAGE_END':
        return this.endMessage(String(event.messageId), out);
      case 'SUBAGENT_STARTED':
        return this.subagentStarted(event, out);
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        return this.subagentEnded(event, out);
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
        this.emit(out, 'reasoning.delta', this.scope(event, { turnId: this.turnId, messageId: str(event.messageId) ?? this.lastMessage ?? `${this.turnId}:reasoning` }), { delta: event.delta });
        return;
      case 'REASONING_START':
      case 'REASONING_MESSAGE_START':
      case 'REASONING_MESSAGE_END':
      case 'REASONING_END':
        return;
      case 'TOOL_CALL_START':
        this.subagentOf(String(event.toolCallId), event);
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
        this.answeredTools.add(toolCallId);
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
        this.usage(event, out);
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
    this.emit(out, 'messages.snapshot', this.turn(), { messages: conversationMessages(messages ?? [], this.open) });
  }

  private finish(event: AgUiEvent, out: RuntimeEventEnvelope[]): void {
    this.closeMessages(out);
    this.usage(event, out);
    if (this.end !== 'open') return;
    const outcome = event.outcome as { type?: string; interrupts?: unknown; pendingToolCallIds?: unknown } | undefined;
    if (outcome?.type === 'cancelled') return this.cancel(out, 'the agent cancelled the run');
    if (outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts)) {
      // The run paused for the user: each interrupt is an action, answered by resuming the run.
      for (const interrupt of outcome.interrupts) this.interrupt(interrupt as Record<string, unknown>, out);
      this.end = 'awaiting-input';
      return;
    }
    // A completed run may leave tool calls for the app to answer (frontend tools): named, or every call without a result.
    const named = Array.isArray(outcome?.pendingToolCallIds) ? outcome.pendingToolCallIds.filter((id): id is string => typeof id === 'string') : undefined;
    this.awaiting = named ?? [...this.tools].filter((id) => !this.answeredTools.has(id));
    if (this.awaiting.length > 0) {
      this.end = 'awaiting-input';
      // The turn is the app's to move on (frontend tools), said as its stage.
      const names = this.awaiting.map((id) => this.toolNames.get(id) ?? id);
      this.emit(out, 'run.status', this.turn(), { stage: 'acting', detail: `Waiting for the app to run ${names.join(', ')}` });
      return;
    }
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn(), outcome?.type === undefined ? {} : { outcome: outcome.type });
  }

  /**
   * An AG-UI 1.0 interrupt as an action: its `reason` the action type, its `message` the
   * question, its `responseSchema` the form, linked to the tool call it gates (`toolCallId`).
   */
  private interrupt(interrupt: Record<string, unknown>, out: RuntimeEventEnvelope[]): void {
    const interruptId = str(interrupt.id);
    if (interruptId === undefined || this.interrupts.has(interruptId)) return;
    const actionId = this.ids.action(interruptId);
    const toolCallId = str(interrupt.toolCallId);
    const linked = toolCallId !== undefined && this.tools.has(toolCallId) ? toolCallId : undefined;
    this.interrupts.set(interruptId, { interruptId, actionId, ...(linked !== undefined && { toolCallId: linked }) });
    const schema = interrupt.responseSchema;
    const ids = linked !== undefined ? { ...this.tool(linked), actionId } : this.scope(interrupt as AgUiEvent, { ...this.turn(), actionId });
    this.emit(out, 'action.required', ids, {
      actionType: str(interrupt.reason) ?? 'interrupt',
      ...(str(interrupt.message) !== undefined && { prompt: str(interrupt.message)! }),
      ...(typeof schema === 'object' && schema !== null && !Array.isArray(schema) && { schema: schema as JsonObject }),
      ...(str(interrupt.expiresAt) !== undefined && { expiresAt: str(interrupt.expiresAt)! }),
    });
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

  /**
   * The turn was stopped: open messages stay partial (no `model.completed`: the store marks them
   * interrupted), interrupts still waiting end with the adapter's `action.cancelled`, and tool
   * calls left for the app fail as cancelled.
   */
  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end !== 'open' && this.end !== 'awaiting-input') return;
    this.open.clear();
    for (const pending of this.interrupts.values()) {
      this.emit(out, 'action.cancelled', { ...this.turn(), actionId: pending.actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, { reason: 'The turn was stopped before the agent acted on this request.' });
    }
    this.interrupts.clear();
    for (const toolCallId of this.awaitingToolCalls()) {
      this.emit(out, 'tool.failed', this.tool(toolCallId), { failureCategory: 'cancelled', retryable: true, message: 'The turn was stopped before this tool gave an output.' });
    }
    this.awaiting = [];
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

// One idle mapper (see `keepShape`).
keepShape(new AgUiEventMapper(idleMapperOptions()));
