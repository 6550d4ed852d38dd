import type {
  RunHandoffCallItem,
  RunHandoffOutputItem,
  RunItemStreamEvent,
  RunStreamEvent,
  RunToolApprovalItem,
  RunToolCallItem,
  RunToolCallOutputItem,
} from '@openai/agents';
import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { EnvelopeFactory } from '../core/envelopeFactory';
import type { CorrelationMap } from '../core/correlationMap';
import { GatedTools } from '../core/gatedTools';
import { idleMapperOptions } from '../core/idleMapperOptions';
import { keepShape } from '../../store/keepShape';
import { DEFAULT_PREVIEW_BUDGET, toolOutputPayload, type SpillOutput } from '../core/toolOutput';
import type { RunFailure } from './runFailure';

export { DEFAULT_PREVIEW_BUDGET };

/**
 * Options of the OpenAI Agents run-event mapper for one turn: the envelope factory and id map
 * shared with the adapter, the turn, and how large outputs are spilled.
 */
export interface RunEventMapperOptions {
  factory: EnvelopeFactory;
  ids: CorrelationMap;
  turnId: string;
  previewBudget?: number;
  /** Keeps a tool output too large to inline, and returns the ref it can be loaded from. */
  spill?: SpillOutput;
}

/** How the runs of a turn ended so far, for the adapter that drives the turn. */
export type RunEnd = 'open' | 'awaiting-approval' | 'completed' | 'failed' | 'cancelled';

/** What the mapper reads of a streamed run once its stream ended (a `StreamedRunResult`). */
export interface RunOutcome {
  cancelled?: boolean;
  error?: unknown;
  interruptions?: readonly unknown[];
  finalOutput?: unknown;
}

type RawModelData = Extract<RunStreamEvent, { type: 'raw_model_stream_event' }>['data'];
type ResponseDone = Extract<RawModelData, { type: 'response_done' }>['response'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'));

/** The text of a function-call result as the model receives it: a string, or its text parts. */
function resultText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isRecord(output) && typeof output.text === 'string') return output.text;
  if (Array.isArray(output)) return output.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
  return asText(output);
}

/** A call's JSON arguments as an object when they parse to one, else the text the model sent. */
function parseArgs(args: unknown): JsonObject | string | undefined {
  if (typeof args !== 'string') return isRecord(args) ? (args as JsonObject) : undefined;
  try {
    const parsed: unknown = JSON.parse(args);
    return isRecord(parsed) && !Array.isArray(parsed) ? (parsed as JsonObject) : args;
  } catch {
    return args;
  }
}

/** The streamed reasoning text of a raw provider event: OpenAI Responses reasoning deltas, or a chat-completions chunk's `delta.reasoning` (what the SDK's own models read). */
function reasoningDelta(event: unknown): string | undefined {
  if (!isRecord(event)) return undefined;
  if ((event.type === 'response.reasoning_summary_text.delta' || event.type === 'response.reasoning_text.delta') && typeof event.delta === 'string') return event.delta;
  const choices = event.choices;
  if (Array.isArray(choices) && isRecord(choices[0]) && isRecord(choices[0].delta) && typeof choices[0].delta.reasoning === 'string') return choices[0].delta.reasoning;
  return undefined;
}

/** The whole answer text of a model response: its assistant messages' `output_text` parts. */
function responseText(response: ResponseDone): string {
  let text = '';
  for (const item of response.output) {
    if (item.type !== 'message') continue;
    for (const part of item.content) if (part.type === 'output_text') text += part.text;
  }
  return text;
}

function responseReasoning(response: ResponseDone): string {
  return response.output
    .filter((item) => item.type === 'reasoning')
    .flatMap((item) => item.content.map((part) => part.text))
    .join('\n');
}

/**
 * Maps the stream events of one turn's runs (one streamed run, or several when an approval
 * resumes it) to profile events. Model responses are steps: one message each, reconciled by the
 * response's whole text. Run items are tool, approval and handoff facts. What the SDK does not
 * say is not emitted.
 */
export class RunEventMapper {
  end: RunEnd = 'open';
  private readonly factory: EnvelopeFactory;
  private readonly ids: CorrelationMap;
  readonly turnId: string;
  private readonly budget: number;
  private readonly spill: RunEventMapperOptions['spill'];
  private started = false;
  private stepOpen = false;
  private stepMessage: string | undefined;
  private stepReasoned = false;
  private selectedModel: string | undefined;
  /** Tool calls started and not yet answered, with the message of the step they started in. */
  private readonly openTools = new Map<string, string | undefined>();
  private readonly toolMessages = new Map<string, string | undefined>();
  /** Approvals waiting for the runtime, by tool call id. */
  private readonly pendingApprovals = new Map<string, RunToolApprovalItem>();
  private readonly decisions = new Map<string, { decision: string; message?: string }>();
  private readonly gated = new GatedTools();
  /** The agent a handoff made current in this turn: its roster entry. */
  private subagent: { subagentId: string; name: string } | undefined;

  constructor(options: RunEventMapperOptions) {
    this.factory = options.factory;
    this.ids = options.ids;
    this.turnId = options.turnId;
    this.budget = options.previewBudget ?? DEFAULT_PREVIEW_BUDGET;
    this.spill = options.spill;
  }

  private emit(out: RuntimeEventEnvelope[], type: string, ids: JsonObject, payload: JsonObject = {}): void {
    out.push(this.gated.stamp(this.factory.event(type, ids, payload)));
  }

  private turn(): JsonObject {
    return { turnId: this.turnId };
  }

  /** Starts the turn with the agent that runs it (`result.currentAgent` of the first run). */
  begin(out: RuntimeEventEnvelope[], agentName?: string): void {
    if (this.started) return;
    this.started = true;
    this.emit(out, 'turn.started', this.turn());
    if (agentName !== undefined) this.agentRunning(out, agentName);
  }

  private agentRunning(out: RuntimeEventEnvelope[], agentName: string): void {
    this.emit(out, 'run.status', this.turn(), { stage: 'running', detail: agentName, agentName });
  }

  /** The approval items still waiting for the runtime to act on an answer. */
  pendingApprovalItems(): RunToolApprovalItem[] {
    return [...this.pendingApprovals.values()];
  }

  /** The decision the user sent (and the rejection's message), so the resolution reports what was chosen. */
  answer(callId: string, decision: string, message?: string): void {
    this.decisions.set(callId, { decision, ...(message !== undefined && { message }) });
    this.gated.answer(callId);
  }

  /** The approved turn resumes in a new run: the approved calls run from here. */
  resume(): void {
    if (this.end === 'awaiting-approval') this.end = 'open';
    this.gated.resume(this.factory.now());
  }

  /** A model response starts: the next step, with its own message. */
  private openStep(out: RuntimeEventEnvelope[]): string {
    if (!this.stepOpen) {
      this.ids.nextStep(this.turnId);
      this.stepOpen = true;
      this.stepReasoned = false;
      this.stepMessage = this.ids.messageId(this.turnId);
      this.emit(out, 'model.requested', { turnId: this.turnId, messageId: this.stepMessage });
    }
    return this.stepMessage!;
  }

  map(event: RunStreamEvent, out: RuntimeEventEnvelope[]): void {
    this.begin(out);
    switch (event.type) {
      case 'raw_model_stream_event':
        return this.raw(event.data, out);
      case 'agent_updated_stream_event':
        return this.agentRunning(out, event.agent.name);
      case 'run_item_stream_event':
        return this.item(event, out);
    }
  }

  private raw(data: RawModelData, out: RuntimeEventEnvelope[]): void {
    switch (data.type) {
      case 'response_started':
        this.openStep(out);
        return;
      case 'output_text_delta':
        this.emit(out, 'model.delta', { turnId: this.turnId, messageId: this.openStep(out) }, { delta: data.delta });
        return;
      case 'response_done':
        return this.responseDone(data.response, out);
      case 'model': {
        const delta = reasoningDelta(data.event);
        if (delta === undefined) return;
        this.stepReasoned = true;
        this.emit(out, 'reasoning.delta', { turnId: this.turnId, messageId: this.openStep(out) }, { delta });
      }
    }
  }

  /** The response is complete: its whole text reconciles the step's message; its model and usage are facts. */
  private responseDone(response: ResponseDone, out: RuntimeEventEnvelope[]): void {
    const messageId = this.openStep(out);
    const reasoning = responseReasoning(response);
    // Reasoning the provider did not stream arrives whole, as a summary.
    if (!this.stepReasoned && reasoning !== '') this.emit(out, 'reasoning.summary', { turnId: this.turnId, messageId }, { text: reasoning });
    this.emit(out, 'model.completed', { turnId: this.turnId, messageId }, { text: responseText(response) });
    this.stepOpen = false;
    const model = isRecord(response.providerData) ? response.providerData.model : undefined;
    if (typeof model === 'string' && model !== this.selectedModel) {
      this.selectedModel = model;
      this.emit(out, 'routing.decided', this.turn(), { selectedModel: model });
    }
    const { inputTokens, outputTokens, totalTokens } = response.usage;
    // A model that reports no usage leaves the SDK's zeros: not a fact about cost.
    if (inputTokens > 0 || outputTokens > 0 || totalTokens > 0) this.emit(out, 'cost.recorded', this.turn(), { inputTokens, outputTokens, totalTokens });
  }

  private tool(callId: string): JsonObject {
    const ids = this.ids.tool(callId, this.turnId);
    const messageId = this.toolMessages.get(callId);
    return messageId === undefined ? { ...ids } : { ...ids, messageId };
  }

  /** A tool call the model made, in the message of the step that made it. */
  private startTool(callId: string, toolName: string, args: unknown, out: RuntimeEventEnvelope[], extra: JsonObject = {}): void {
    if (this.toolMessages.has(callId)) return;
    this.toolMessages.set(callId, this.stepMessage);
    this.openTools.set(callId, this.stepMessage);
    this.emit(out, 'tool.started', this.tool(callId), { toolName, ...extra });
    const parsed = parseArgs(args);
    if (parsed !== undefined) this.emit(out, 'tool.args', this.tool(callId), { args: parsed });
  }

  private item(event: RunItemStreamEvent, out: RuntimeEventEnvelope[]): void {
    switch (event.name) {
      case 'tool_called': {
        const item = event.item as RunToolCallItem;
        const callId = item.callId ?? (item.rawItem as { id?: string }).id;
        if (callId === undefined) return this.unmapped(event, out);
        return this.startTool(callId, item.toolName ?? item.rawItem.type, (item.rawItem as { arguments?: unknown }).arguments, out);
      }
      case 'tool_approval_requested':
        return this.approvalRequested(event.item as RunToolApprovalItem, out);
      case 'tool_output':
        return this.toolOutput(event.item as RunToolCallOutputItem, out);
      case 'handoff_requested': {
        // The SDK makes a handoff a function call of the current agent (transfer_to_<agent>).
        const item = event.item as RunHandoffCallItem;
        return this.startTool(item.rawItem.callId, item.rawItem.name, item.rawItem.arguments, out, { handoff: true, agentName: item.agent.name });
      }
      case 'handoff_occurred':
        return this.handoff(event.item as RunHandoffOutputItem, out);
      case 'compaction_item_created':
        this.emit(out, 'context.compaction.completed', this.turn(), { agentName: (event.item as { agent?: { name?: string } }).agent?.name ?? null });
        return;
      case 'message_output_created':
      case 'reasoning_item_created':
        // Already reported from the model response that carried them (model.completed, reasoning).
        return;
      default:
        return this.unmapped(event, out);
    }
  }

  private approvalRequested(item: RunToolApprovalItem, out: RuntimeEventEnvelope[]): void {
    const raw = item.rawItem as { callId?: string; id?: string; arguments?: unknown };
    const callId = raw.callId ?? raw.id;
    if (callId === undefined) return;
    const toolName = item.name ?? item.rawItem.type;
    this.startTool(callId, toolName, raw.arguments, out);
    this.pendingApprovals.set(callId, item);
    this.emit(out, 'action.required', { ...this.tool(callId), actionId: this.ids.action(callId) }, {
      actionType: 'tool_approval',
      decisionKind: 'allow_or_deny',
      toolName,
      agentName: item.agent.name,
    });
  }

  private toolOutput(item: RunToolCallOutputItem, out: RuntimeEventEnvelope[]): void {
    const callId = (item.rawItem as { callId?: string }).callId ?? (item.rawItem as { id?: string }).id;
    if (callId === undefined) return;
    if (!this.toolMessages.has(callId)) this.startTool(callId, (item.rawItem as { name?: string }).name ?? item.rawItem.type, undefined, out);
    this.openTools.delete(callId);
    const decision = this.resolve(callId, out);
    // A function the user denied is not run: the SDK answers the model with a rejection instead.
    if (decision !== undefined && !isApproval(decision.decision) && item.executionStatus !== 'executed') {
      this.emit(out, 'tool.failed', this.tool(callId), { failureCategory: 'denied', retryable: false, message: resultText(item.output) });
      return;
    }
    this.emit(out, 'tool.result', this.tool(callId), this.output(callId, item.output));
  }

  /** The runtime acted on an answered approval (the resumed run produced the call's output): resolved. */
  private resolve(callId: string, out: RuntimeEventEnvelope[]): { decision: string; message?: string } | undefined {
    if (!this.pendingApprovals.has(callId)) return undefined;
    this.pendingApprovals.delete(callId);
    const answer = this.decisions.get(callId) ?? { decision: 'allow' };
    this.emit(out, 'action.resolved', { turnId: this.turnId, actionId: this.ids.action(callId), toolCallId: callId }, { ...answer });
    return answer;
  }

  /** Control moved to another agent: the transfer call's result, and the new agent on the roster with its lineage. */
  private handoff(item: RunHandoffOutputItem, out: RuntimeEventEnvelope[]): void {
    const callId = item.rawItem.callId;
    if (!this.toolMessages.has(callId)) this.startTool(callId, item.rawItem.name, undefined, out, { handoff: true });
    this.openTools.delete(callId);
    this.emit(out, 'tool.result', this.tool(callId), { preview: resultText(item.rawItem.output) });
    const parent = this.subagent;
    if (parent !== undefined) {
      this.emit(out, 'subagent.status', this.subagentIds(parent.subagentId), { status: 'handed_off', handoffTo: item.targetAgent.name });
      this.emit(out, 'subagent.closed', this.subagentIds(parent.subagentId));
    }
    const subagentId = `${this.turnId}:handoff:${callId}`;
    this.subagent = { subagentId, name: item.targetAgent.name };
    const description = item.targetAgent.handoffDescription;
    this.emit(out, 'subagent.spawned', { ...this.subagentIds(subagentId), ...(this.factory.threadId !== undefined && { parentThreadId: this.factory.threadId }) }, {
      role: item.targetAgent.name,
      ...(typeof description === 'string' && description !== '' && { title: description }),
      parentAgent: item.sourceAgent.name,
      ...(parent !== undefined && { parentSubagentId: parent.subagentId }),
      handoffCallId: callId,
    });
  }

  private subagentIds(subagentId: string): JsonObject {
    return { turnId: this.turnId, subagentId };
  }

  /** A run item without a profile counterpart: kept as a diagnostic, never rendered as a fact. */
  private unmapped(event: RunItemStreamEvent, out: RuntimeEventEnvelope[]): void {
    this.emit(out, 'runtime.warning', this.turn(), {
      code: 'openai_agents_unmapped_item',
      message: `OpenAI Agents ${event.name} item kept as a diagnostic`,
      raw: { name: event.name, itemType: event.item.type },
    });
  }

  /** Tool output: inline when small, else an `outputRef` and a capped preview (never the whole payload). */
  private output(callId: string, output: unknown): JsonObject {
    return toolOutputPayload(callId, asText(output), this.budget, this.spill);
  }

  /** The run's stream ended: it completed, stopped for approvals, was cancelled, failed, or was cut. */
  settle(outcome: RunOutcome, out: RuntimeEventEnvelope[], completed: boolean): void {
    if (this.end !== 'open') return;
    if (outcome.cancelled === true) return this.cancel(out, 'aborted');
    if (outcome.error !== undefined && outcome.error !== null) return;
    if ((outcome.interruptions?.length ?? 0) > 0) {
      if (this.pendingApprovals.size > 0) {
        this.end = 'awaiting-approval';
        return;
      }
      // The run stopped for an approval whose call carries no id: nothing can answer it.
      return this.fail(out, {
        failureCategory: 'approval_unmapped',
        message: 'The run stopped for a tool approval without a call id; the adapter cannot answer it.',
        recoveryHint: 'Answer the approval in the app that runs the agent, or give the tool a call id.',
      });
    }
    if (completed && outcome.finalOutput !== undefined) return this.complete(out);
    this.cut(out);
  }

  private complete(out: RuntimeEventEnvelope[]): void {
    this.endSubagent(out, 'subagent.completed');
    this.end = 'completed';
    this.emit(out, 'turn.completed', this.turn());
  }

  private endSubagent(out: RuntimeEventEnvelope[], type: string, payload: JsonObject = {}): void {
    if (this.subagent === undefined) return;
    this.emit(out, type, this.subagentIds(this.subagent.subagentId), payload);
    this.emit(out, 'subagent.closed', this.subagentIds(this.subagent.subagentId));
    this.subagent = undefined;
  }

  /** The turn failed: the open message and tool calls fail with it; the failure carries a category and a recovery hint. */
  fail(out: RuntimeEventEnvelope[], failure: RunFailure, failOpenTools = false): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    if (this.stepOpen && this.stepMessage !== undefined) this.emit(out, 'model.failed', { turnId: this.turnId, messageId: this.stepMessage }, failure);
    this.stepOpen = false;
    if (failOpenTools) {
      for (const callId of this.openTools.keys()) this.emit(out, 'tool.failed', this.tool(callId), { failureCategory: failure.failureCategory, message: failure.message });
      this.openTools.clear();
    }
    this.endSubagent(out, 'subagent.failed', { failureCategory: failure.failureCategory, message: failure.message });
    this.end = 'failed';
    this.emit(out, 'turn.failed', this.turn(), failure);
  }

  cancel(out: RuntimeEventEnvelope[], reason?: string): void {
    if (this.end === 'completed' || this.end === 'failed' || this.end === 'cancelled') return;
    // A response cut short by the cancel is left partial (the store marks it interrupted), never completed.
    this.stepOpen = false;
    // Approvals the run never acted on end with the adapter's own cancellation, linked to their call.
    for (const callId of this.pendingApprovals.keys()) {
      this.emit(out, 'action.cancelled', { turnId: this.turnId, actionId: this.ids.action(callId), toolCallId: callId }, { reason: 'The turn was stopped before the runtime acted on this request.' });
    }
    this.pendingApprovals.clear();
    this.endSubagent(out, 'subagent.status', { status: 'cancelled' });
    this.end = 'cancelled';
    this.emit(out, 'turn.cancelled', this.turn(), reason === undefined ? {} : { reason });
  }

  /** The stream ended without the run completing (a cut transport, a stream read without its result). */
  cut(out: RuntimeEventEnvelope[], error?: unknown): void {
    if (this.end !== 'open') return;
    const detail = error instanceof Error ? error.message : error === undefined ? 'the stream ended before the run completed' : String(error);
    this.fail(out, { failureCategory: 'stream_interrupted', message: `The OpenAI Agents stream broke: ${detail}`, recoveryHint: 'Send the message again; the answer so far is kept.' });
  }
}

const APPROVALS = new Set(['allow', 'approve', 'approved', 'yes']);
const DENIALS = new Set(['deny', 'reject', 'rejected', 'no']);

/** Whether a decision approves a tool call (the words `respondAction` accepts). */
export const isApproval = (decision: string): boolean => APPROVALS.has(decision.toLowerCase());
/** Whether a decision is one the SDK can express: approve or reject. */
export const isToolDecision = (decision: string): boolean => APPROVALS.has(decision.toLowerCase()) || DENIALS.has(decision.toLowerCase());

// One idle mapper (see `keepShape`).
keepShape(new RunEventMapper(idleMapperOptions()));
