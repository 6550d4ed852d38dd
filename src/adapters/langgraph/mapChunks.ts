import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import { redactSecrets } from '../../protocol/redactSecrets';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { GatedTools } from '../core/gatedTools';
import { idleMapperOptions } from '../core/idleMapperOptions';
import { keepShape } from '../../store/keepShape';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';
import { classifyGraphError, streamInterrupted, type LangGraphFailure } from './failures';
import { isMessage, messagesOf, readMessage, type MessageView, type UsageView } from './readMessage';
import { readChunk } from './streamChunks';
import { cutWhole } from '../../protocol/cutWhole';

export { DEFAULT_PREVIEW_BUDGET } from '../core/toolOutput';

/**
 * Options of the LangGraph chunk mapper for one turn: the envelope factory and id map shared with
 * the adapter, the turn, and how large outputs are spilled.
 */
export interface LangGraphMapperOptions {
  factory: EnvelopeFactory;
  ids: CorrelationMap;
  turnId: string;
  previewBudget?: number;
  /** Keeps a tool output too large to inline, and returns the ref it can be loaded from. */
  spill?: SpillOutput;
  /**
   * LangGraph message ids to profile message ids, shared by every turn of a thread: a node that
   * returns earlier messages again does not repeat them, and `readThread` names checkpoint
   * messages as the events did.
   */
  messageIds?: Map<string, string>;
}

/** How a stream run ended, for the adapter that drives the turn. */
export type LangGraphRunEnd = 'open' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

interface StreamedMessage {
  messageId: string;
  node?: string;
  text: string;
  usage?: UsageView;
  completed: boolean;
  /** tool_call_chunks name their call only on the first piece; later pieces carry its index. */
  toolIndex: Map<number, string>;
}

interface ToolState {
  messageId?: string;
  name?: string;
  done: boolean;
}

interface PendingInterrupt {
  interruptId?: string;
  toolCallId?: string;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A JSON copy of a framework value with secrets redacted, for diagnostics and action requests. */
function rawOf(value: unknown): JsonObject | string {
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
  } catch {
    json = String(value);
  }
  const redacted = redactSecrets(json) as unknown;
  return isObject(redacted) || typeof redacted === 'string' ? (redacted as JsonObject | string) : { value: redacted as JsonObject };
}

/** The description of a LangChain HITL request's one action (`actionRequests[0].description`), its question. */
function requestDescription(fields: Loose): string | undefined {
  const requests = Array.isArray(fields.actionRequests) ? fields.actionRequests : Array.isArray(fields.action_requests) ? fields.action_requests : [];
  return requests.length === 1 && isObject(requests[0]) ? str(requests[0].description) : undefined;
}

function usagePayload(usage: UsageView): JsonObject {
  return { ...usage } as JsonObject;
}

function addUsage(a: UsageView | undefined, b: UsageView): UsageView {
  if (a === undefined) return { ...b };
  const sum = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : x + y);
  const out: UsageView = {};
  const input = sum(a.inputTokens, b.inputTokens);
  const output = sum(a.outputTokens, b.outputTokens);
  const total = sum(a.totalTokens, b.totalTokens);
  if (input !== undefined) out.inputTokens = input;
  if (output !== undefined) out.outputTokens = output;
  if (total !== undefined) out.totalTokens = total;
  return out;
}

/**
 * Maps the chunks of one turn's `graph.stream(..., { streamMode: ['messages', 'updates', 'custom'] })`
 * (one stream, or several when an interrupt resumes the turn) to profile events. Every fact comes
 * from a chunk: a node's update completes its task and its messages, AIMessageChunks stream text
 * and tool calls, ToolMessages give tool results, `__interrupt__` asks for an action.
 */
export class LangGraphChunkMapper {
  private readonly factory: EnvelopeFactory;
  private readonly ids: CorrelationMap;
  readonly turnId: string;
  private readonly budget: number;
  private readonly spill?: SpillOutput;
  private readonly messageIds: Map<string, string>;
  private started = false;
  private readonly messages = new Map<string, StreamedMessage>();
  private readonly tools = new Map<string, ToolState>();
  /** The task of each node that is running now (started, no update yet). */
  private readonly tasks = new Map<string, string>();
  private readonly nodeRuns = new Map<string, number>();
  private readonly pending = new Map<string, PendingInterrupt>();
  private readonly decisions = new Map<string, string>();
  private readonly warnedModes = new Set<string>();
  private readonly gated = new GatedTools();
  private interrupts = 0;
  /** Set when a resumed run starts: its first update tells which answers the graph took. */
  private resumed = false;
  end: LangGraphRunEnd = 'open';

  constructor(options: LangGraphMapperOptions) {
    this.factory = options.factory;
    this.ids = options.ids;
    this.turnId = options.turnId;
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
    this.spill = options.spill;
    this.messageIds = options.messageIds ?? new Map();
  }

  private emit(out: RuntimeEventEnvelope[], type: string, ids: JsonObject, payload: JsonObject = {}): void {
    out.push(this.gated.stamp(this.factory.event(type, ids, payload)));
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  /** Starts the turn: the graph's stream exists, so the run has started. */
  begin(out: RuntimeEventEnvelope[]): void {
    if (this.started) return;
    this.started = true;
    this.emit(out, 'turn.started', this.turn());
  }

  // ---- actions (interrupts) ----

  /** The action ids still waiting for the graph to act on an answer. */
  pendingActionIds(): string[] {
    return [...this.pending.keys()];
  }

  /** The LangGraph interrupt id behind an action (absent for an interrupt that had none). */
  interruptIdOf(actionId: string): string | undefined {
    return this.pending.get(actionId)?.interruptId;
  }

  /** Whether the user already answered this action (a second answer sends nothing). */
  answered(actionId: string): boolean {
    return this.decisions.has(actionId);
  }

  /** The decision the user sent, so the resolution reports what was chosen. */
  answer(actionId: string, decision: string): void {
    this.decisions.set(actionId, decision);
    const toolCallId = this.pending.get(actionId)?.toolCallId;
    if (toolCallId !== undefined) this.gated.answer(toolCallId);
  }

  /** The turn resumes in a new stream run (a `Command({ resume })`): the gated tools run from here. */
  resume(): void {
    if (this.end === 'interrupted') this.end = 'open';
    this.resumed = true;
    this.gated.resume(this.factory.now());
  }

  /**
   * The tool call an interrupt gates: the one its request names (`toolCallId`), else the only tool
   * call of this turn still waiting for its result (an `interrupt()` inside a tool, or a review
   * node before the tools run), else the only open one named by a LangChain HITL request
   * (`actionRequests[].name`). Several candidates: none is guessed.
   */
  private gatedTool(fields: Record<string, unknown>): string | undefined {
    const named = str(fields.toolCallId) ?? str(fields.tool_call_id);
    if (named !== undefined) return this.tools.has(named) ? named : undefined;
    const open = [...this.tools].filter(([, tool]) => !tool.done);
    if (open.length === 1) return open[0]![0];
    const requests = Array.isArray(fields.actionRequests) ? fields.actionRequests : Array.isArray(fields.action_requests) ? fields.action_requests : [];
    const names = requests.filter(isObject).map((request) => str(request.name));
    if (names.length !== 1 || names[0] === undefined) return undefined;
    const byName = open.filter(([, tool]) => tool.name === names[0]);
    return byName.length === 1 ? byName[0]![0] : undefined;
  }

  private interrupt(value: unknown, out: RuntimeEventEnvelope[]): void {
    const raised = Array.isArray(value) ? value.filter(isObject) : [];
    for (const item of raised) {
      const interruptId = str(item.id);
      // Raised again by the resumed run: the same request is still waiting.
      if (interruptId !== undefined && [...this.pending.values()].some((p) => p.interruptId === interruptId)) continue;
      this.interrupts += 1;
      // Interrupt ids hash a checkpoint namespace (random per run): the action id is the turn's own count.
      const actionId = this.ids.action(`${this.turnId}-interrupt-${this.interrupts}`);
      const request = item.value;
      const fields = isObject(request) ? request : {};
      const linked = this.gatedTool(fields);
      const prompt = typeof request === 'string' ? request : (str(fields.prompt) ?? str(fields.question) ?? str(fields.description) ?? requestDescription(fields));
      const schema = isObject(item.response_schema) ? item.response_schema : undefined;
      this.pending.set(actionId, { ...(interruptId !== undefined && { interruptId }), ...(linked !== undefined && { toolCallId: linked }) });
      this.emit(out, 'action.required', linked !== undefined ? { ...this.toolIds(linked), actionId } : { ...this.turn(), actionId }, {
        actionType: str(fields.actionType) ?? 'interrupt',
        ...(prompt !== undefined && { prompt }),
        ...(str(fields.decisionKind) !== undefined && { decisionKind: str(fields.decisionKind)! }),
        ...(str(fields.severity) !== undefined && { severity: str(fields.severity)! }),
        ...(schema !== undefined && { schema: schema as JsonObject }),
        request: rawOf(request),
      });
    }
  }

  private resolve(actionId: string, out: RuntimeEventEnvelope[]): void {
    const pending = this.pending.get(actionId);
    if (pending === undefined) return;
    this.pending.delete(actionId);
    const decision = this.decisions.get(actionId);
    this.emit(out, 'action.resolved', { ...this.turn(), actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, decision === undefined ? {} : { decision });
  }

  /** The resumed run acted: every answered request it did not raise again is resolved. */
  private resolveTaken(out: RuntimeEventEnvelope[], raisedAgain: ReadonlySet<string> = new Set()): void {
    if (!this.resumed) return;
    this.resumed = false;
    for (const [actionId, pending] of [...this.pending]) {
      if (pending.interruptId !== undefined && raisedAgain.has(pending.interruptId)) continue;
      this.resolve(actionId, out);
    }
  }

  // ---- tasks (node executions) ----

  private taskStarted(node: string, step: number | undefined, out: RuntimeEventEnvelope[]): string {
    const running = this.tasks.get(node);
    if (running !== undefined) return running;
    const run = (this.nodeRuns.get(node) ?? 0) + 1;
    this.nodeRuns.set(node, run);
    const taskId = `${this.turnId}:node:${node}:${run}`;
    this.tasks.set(node, taskId);
    this.emit(out, 'task.started', { turnId: this.turnId, taskId }, { title: node, ...(step !== undefined && { step }) });
    return taskId;
  }

  private taskEnded(node: string, type: 'task.completed' | 'task.failed' | 'task.cancelled', out: RuntimeEventEnvelope[], payload: JsonObject = {}): void {
    const taskId = this.tasks.get(node) ?? this.taskStarted(node, undefined, out);
    this.tasks.delete(node);
    this.emit(out, type, { turnId: this.turnId, taskId }, { title: node, ...payload });
  }

  /** The one node running now, when exactly one is: where a run error happened. */
  runningNode(): string | undefined {
    return this.tasks.size === 1 ? [...this.tasks.keys()][0] : undefined;
  }

  // ---- messages ----

  /** The profile message of a LangGraph message: one model step each, opened with `model.requested`. */
  private open(key: string, node: string | undefined, out: RuntimeEventEnvelope[]): StreamedMessage {
    let message = this.messages.get(key);
    if (message === undefined) {
      this.ids.nextStep(this.turnId);
      const messageId = this.ids.messageId(this.turnId);
      message = { messageId, text: '', completed: false, toolIndex: new Map(), ...(node !== undefined && { node }) };
      this.messages.set(key, message);
      this.messageIds.set(key, messageId);
      this.emit(out, 'model.requested', { turnId: this.turnId, messageId });
    }
    return message;
  }

  /** A message an earlier turn reported (a node returned it again): not this turn's fact. */
  private earlier(key: string | undefined): boolean {
    return key !== undefined && !this.messages.has(key) && this.messageIds.has(key);
  }

  private streamed(view: MessageView, key: string, node: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.earlier(key)) return;
    const message = this.open(key, node, out);
    if (message.completed) return;
    const ids = { turnId: this.turnId, messageId: message.messageId };
    if (view.reasoning !== '') this.emit(out, 'reasoning.delta', ids, { delta: view.reasoning });
    if (view.text !== '') {
      message.text += view.text;
      this.emit(out, 'model.delta', ids, { delta: view.text });
    }
    for (const piece of view.toolCallChunks) {
      const index = piece.index ?? 0;
      if (piece.id !== undefined) message.toolIndex.set(index, piece.id);
      const toolCallId = piece.id ?? message.toolIndex.get(index);
      // A piece of a call whose id never came: the whole message's tool_calls report it.
      if (toolCallId === undefined) continue;
      this.toolStarted(toolCallId, piece.name, message.messageId, undefined, out);
      if (piece.args !== undefined && piece.args !== '') this.emit(out, 'tool.args', this.toolIds(toolCallId), { delta: piece.args });
    }
    if (view.usage !== undefined) message.usage = addUsage(message.usage, view.usage);
  }

  /** A whole AI message (a node's update, or a model that did not stream): reconciles its step. */
  private whole(view: MessageView, key: string, node: string | undefined, out: RuntimeEventEnvelope[]): void {
    if (this.earlier(key) || this.messages.get(key)?.completed === true) return;
    const fresh = !this.messages.has(key);
    const message = this.open(key, node, out);
    if (fresh && view.reasoning !== '') this.emit(out, 'reasoning.delta', { turnId: this.turnId, messageId: message.messageId }, { delta: view.reasoning });
    for (const call of view.toolCalls) {
      if (!this.toolStarted(call.id, call.name, message.messageId, call.args, out)) this.emit(out, 'tool.args', this.toolIds(call.id), { args: call.args as JsonObject });
    }
    for (const bad of view.invalidToolCalls) {
      this.toolStarted(bad.id, bad.name, message.messageId, undefined, out);
      this.toolDone(bad.id);
      this.emit(out, 'tool.failed', this.toolIds(bad.id), {
        failureCategory: 'invalid_input',
        message: bad.error ?? 'The model sent tool arguments that are not valid JSON.',
      });
    }
    this.complete(message, view.text, view.usage, out);
  }

  private complete(message: StreamedMessage, text: string, usage: UsageView | undefined, out: RuntimeEventEnvelope[]): void {
    message.completed = true;
    this.emit(out, 'model.completed', { turnId: this.turnId, messageId: message.messageId }, { text });
    // Usage only where the model reported it (usage_metadata): never estimated.
    const reported = usage ?? message.usage;
    if (reported !== undefined) this.emit(out, 'cost.recorded', this.turn(), usagePayload(reported));
  }

  /** Messages a node streamed but did not return: complete with what they streamed. */
  private completeStreamed(node: string | undefined, out: RuntimeEventEnvelope[]): void {
    for (const message of this.messages.values()) {
      if (!message.completed && (node === undefined || message.node === node)) this.complete(message, message.text, undefined, out);
    }
  }

  // ---- tools ----

  private toolIds(toolCallId: string): JsonObject {
    const ids = this.ids.tool(toolCallId, this.turnId);
    const messageId = this.tools.get(toolCallId)?.messageId;
    return messageId === undefined ? { ...ids } : { ...ids, messageId };
  }

  private toolStarted(toolCallId: string, name: string | undefined, messageId: string | undefined, args: Record<string, unknown> | undefined, out: RuntimeEventEnvelope[]): boolean {
    if (this.tools.has(toolCallId)) return false;
    this.tools.set(toolCallId, { done: false, ...(messageId !== undefined && { messageId }), ...(name !== undefined && { name }) });
    this.emit(out, 'tool.started', this.toolIds(toolCallId), {
      ...(name !== undefined && { toolName: name }),
      ...(args !== undefined && { safeArgs: args as JsonObject }),
    });
    return true;
  }

  private toolDone(toolCallId: string): void {
    const tool = this.tools.get(toolCallId);
    if (tool !== undefined) tool.done = true;
  }

  private toolMessage(view: MessageView, out: RuntimeEventEnvelope[]): void {
    const toolCallId = view.toolCallId;
    if (toolCallId === undefined || this.tools.get(toolCallId)?.done === true) return;
    // A tool message of an earlier turn, returned again by a node.
    if (!this.tools.has(toolCallId) && this.ids.knownTool(toolCallId) !== undefined) return;
    this.toolStarted(toolCallId, view.name, undefined, undefined, out);
    this.toolDone(toolCallId);
    const text = view.output ?? '';
    if (view.status === 'error') {
      this.emit(out, 'tool.failed', this.toolIds(toolCallId), { failureCategory: 'tool_error', message: cutWhole(text, this.budget) });
    } else {
      this.emit(out, 'tool.result', this.toolIds(toolCallId), toolOutputPayload(toolCallId, text, this.budget, this.spill));
    }
  }

  // ---- chunks ----

  /** Maps one `[mode, payload]` chunk; the events it produces are appended to `out`. */
  map(chunk: unknown, out: RuntimeEventEnvelope[]): void {
    const read = readChunk(chunk);
    if (read === undefined) return this.warning(out, 'langgraph_unreadable_chunk', 'A LangGraph chunk that is not [mode, payload] was kept as raw diagnostics', chunk);
    switch (read.mode) {
      case 'messages':
        return this.onMessage(read.payload, out);
      case 'updates':
        return this.onUpdates(read.payload, out);
      case 'custom':
        return this.onCustom(read.payload, out);
      case 'values':
        // Whole-state snapshots: `readThread` serves the checkpoint instead.
        return;
      default:
        if (this.warnedModes.has(read.mode)) return;
        this.warnedModes.add(read.mode);
        return this.warning(out, 'langgraph_unmapped_mode', `LangGraph stream mode "${read.mode}" is not mapped; its chunks are ignored`, { mode: read.mode });
    }
  }

  private onMessage(payload: unknown, out: RuntimeEventEnvelope[]): void {
    if (!Array.isArray(payload) || !isMessage(payload[0])) return this.warning(out, 'langgraph_unreadable_chunk', 'A LangGraph messages chunk without a message was kept as raw diagnostics', payload);
    const metadata = isObject(payload[1]) ? payload[1] : {};
    const node = str(metadata.langgraph_node);
    const step = num(metadata.langgraph_step);
    const view = readMessage(payload[0]);
    if (view.kind !== 'ai' && view.kind !== 'tool') return; // the graph's input, echoed back
    // A message the node returned (LangGraph names it after the node): the node ran to its end,
    // past its interrupt(), so a resumed run took the answers. A model's message is no such proof:
    // a resumed node runs again from its start, model calls before interrupt() included.
    if (node !== undefined && metadata.name === node) this.resolveTaken(out);
    if (node !== undefined) this.taskStarted(node, step, out);
    if (view.kind === 'tool') return this.toolMessage(view, out);
    const key = view.id ?? `${node ?? 'graph'}:${step ?? 0}`;
    if (view.chunk) this.streamed(view, key, node, out);
    else this.whole(view, key, node, out);
  }

  private onUpdates(payload: unknown, out: RuntimeEventEnvelope[]): void {
    if (!isObject(payload)) return this.warning(out, 'langgraph_unreadable_chunk', 'A LangGraph updates chunk that is not an object was kept as raw diagnostics', payload);
    const raised = Array.isArray(payload.__interrupt__) ? payload.__interrupt__.filter(isObject).flatMap((i) => (typeof i.id === 'string' ? [i.id] : [])) : [];
    this.resolveTaken(out, new Set(raised));
    for (const [node, update] of Object.entries(payload)) {
      if (node === '__interrupt__') this.interrupt(update, out);
      else if (node !== '__metadata__') this.nodeUpdate(node, update, out);
    }
  }

  /** A node finished: its update completes its messages, reports its tool results, and ends its task. */
  private nodeUpdate(node: string, update: unknown, out: RuntimeEventEnvelope[]): void {
    this.taskStarted(node, undefined, out);
    for (const message of messagesOf(update)) {
      const view = readMessage(message);
      if (view.kind === 'ai') this.whole(view, view.id ?? `${node}:update`, node, out);
      else if (view.kind === 'tool') this.toolMessage(view, out);
    }
    this.completeStreamed(node, out);
    this.taskEnded(node, 'task.completed', out);
  }

  /** A custom write: a tool's progress when it names a running tool call, else a diagnostic. */
  private onCustom(payload: unknown, out: RuntimeEventEnvelope[]): void {
    const fields = isObject(payload) ? payload : {};
    const toolCallId = str(fields.toolCallId) ?? str(fields.tool_call_id);
    const tool = toolCallId === undefined ? undefined : this.tools.get(toolCallId);
    if (toolCallId === undefined || tool === undefined || tool.done) {
      return this.warning(out, 'langgraph_custom', 'A LangGraph custom stream write kept as raw diagnostics', payload);
    }
    const progress = num(fields.progress);
    const message = str(fields.message);
    const delta = str(fields.delta);
    this.emit(out, 'tool.progress', this.toolIds(toolCallId), {
      ...(progress !== undefined && { progress }),
      ...(message !== undefined && { message }),
      ...(delta !== undefined && { delta }),
    });
  }

  /** A chunk without a profile counterpart: kept as a diagnostic with its redacted raw content, never as a fact. */
  private warning(out: RuntimeEventEnvelope[], code: string, message: string, raw: unknown): void {
    this.emit(out, 'runtime.warning', this.turn(), { code, message, raw: rawOf(raw) });
  }

  // ---- turn end ----

  /** The stream ended without an error: completed, suspended on an interrupt, or cut short. */
  finish(out: RuntimeEventEnvelope[]): void {
    if (this.end !== 'open') return;
    // A resumed run that finished without raising its requests again took the answers.
    this.resolveTaken(out);
    if (this.pending.size > 0) {
      this.completeStreamed(undefined, out);
      this.end = 'interrupted';
      return;
    }
    const running = [...this.tasks.keys()];
    const open = [...this.messages.values()].some((m) => !m.completed);
    if (running.length > 0 || open) {
      return this.fail(out, streamInterrupted(`it ended while ${running.length > 0 ? `node "${running.join('", "')}" was still running` : 'a message was still streaming'}`));
    }
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn());
  }

  /** The run threw: typed from the error's class and code. */
  error(out: RuntimeEventEnvelope[], error: unknown): void {
    this.fail(out, classifyGraphError(error, this.runningNode()));
  }

  /** The turn failed: open messages and the one running node fail with it. */
  fail(out: RuntimeEventEnvelope[], failure: LangGraphFailure): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    for (const message of this.messages.values()) {
      if (message.completed) continue;
      message.completed = true;
      this.emit(out, 'model.failed', { turnId: this.turnId, messageId: message.messageId }, failure);
    }
    const node = this.runningNode();
    if (node !== undefined) this.taskEnded(node, 'task.failed', out, { failureCategory: failure.failureCategory, message: failure.message });
    this.end = 'failed';
    this.emit(out, 'turn.failed', this.turn(), failure);
  }

  /**
   * The turn was stopped: streamed messages stay partial (no `model.completed`: the store marks
   * them interrupted), interrupts still pending end with the adapter's `action.cancelled`, and
   * running nodes are cancelled.
   */
  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    for (const message of this.messages.values()) message.completed = true;
    for (const [actionId, pending] of this.pending) {
      this.emit(out, 'action.cancelled', { ...this.turn(), actionId, ...(pending.toolCallId !== undefined && { toolCallId: pending.toolCallId }) }, { reason: 'The turn was stopped before the graph acted on this request.' });
    }
    this.pending.clear();
    for (const node of [...this.tasks.keys()]) this.taskEnded(node, 'task.cancelled', out);
    this.end = 'cancelled';
    this.emit(out, 'turn.cancelled', this.turn(), reason === undefined ? {} : { reason });
  }

  /** The profile id the thread's events gave a LangGraph message (for `readThread`). */
  messageIdOf(langGraphId: string): string | undefined {
    return this.messageIds.get(langGraphId);
  }
}

// One idle mapper (see `keepShape`).
keepShape(new LangGraphChunkMapper(idleMapperOptions()));
