import type { OutputEvent, RuntimeEventEnvelope, ToolEvent } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import {
  readArgsDelta,
  readArtifact,
  readFailure,
  readSafeArgs,
  readToolName,
  readToolOutput,
  readToolProgress,
} from '../../protocol/payloadReaders';
import type { ToolCallRecord } from '../records';
import { capPreview, type ApplyContext } from './context';
import { ensureTurn } from './lifecycle';
import { appendPart, ensureMessage, isSubagentScoped } from './messages';
import { linkArtifact } from './artifacts';
import { diagnoseReusedToolCallId, draftToolCalls, reusedToolCallKey, toolCallKey } from '../toolCallKey';
import { NO_IDS } from '../noIds';
import { appendedText, flattenText } from '../flatText';

/** The table key of a tool event's call (see toolCallKey), with the record when the store holds it. */
function toolCallOf(ctx: ApplyContext, toolCallId: string, turnId: string | undefined): { key: string; record: ToolCallRecord | undefined } {
  const first = ctx.draft.get('toolCalls', toolCallId);
  if (first === undefined || turnId === undefined || first.turnId === undefined || first.turnId === turnId) return { key: toolCallId, record: first };
  const key = reusedToolCallKey(toolCallId, turnId);
  return { key, record: ctx.draft.get('toolCalls', key) };
}

function ensureToolCall(ctx: ApplyContext, event: RuntimeEventEnvelope): { key: string; record: ToolCallRecord } | undefined {
  const toolCallId = event.toolCallId;
  if (typeof toolCallId !== 'string') return undefined;
  const found = toolCallOf(ctx, toolCallId, event.turnId);
  if (found.record !== undefined) return found as { key: string; record: ToolCallRecord };
  const key = found.key;
  if (key !== toolCallId) diagnoseReusedToolCallId(ctx, toolCallId, event.turnId, event.eventId);
  const record: ToolCallRecord = {
    toolCallId,
    stepId: event.stepId,
    turnId: event.turnId,
    subagentId: typeof event.subagentId === 'string' ? event.subagentId : undefined,
    argsText: '',
    status: 'running',
    outputTruncated: false,
    startedAt: event.timestamp,
    artifactIds: NO_IDS,
    evidenceIds: NO_IDS,
  };
  // The tool row takes its place in the message's parts, in event order.
  const message = ensureMessage(ctx, event);
  record.messageId = message.messageId;
  appendPart(ctx, event, message, 'tool', { refId: key });
  if (!isSubagentScoped(event)) {
    const turn = ensureTurn(ctx, event);
    // Appended to the batch's copy of the list: copying it per tool call is quadratic in a long turn.
    if (turn) ctx.draft.ownAndAppend('turns', turn.turnId, turn, 'toolCallIds', key);
  }
  // Made in this batch: the event's own fields go straight into it.
  ctx.draft.putOwn('toolCalls', key, record);
  ctx.draft.record('tool', key, event, readToolName(event));
  return { key, record };
}

/** Args may stream as JSON text fragments or arrive whole; fragments are appended, never re-parsed here. */
function appendArgs(own: ToolCallRecord, event: RuntimeEventEnvelope): void {
  const delta = readArgsDelta(event);
  if (delta !== undefined) {
    own.argsText = appendedText(own.argsText, delta);
    return;
  }
  const args = event.payload.args;
  if (args !== undefined) own.argsText = typeof args === 'string' ? args : JSON.stringify(args);
}

/** A result's (or failure's) output facts: the capped preview, the ref, the duration (stated or measured). */
function applyOutput(ctx: ApplyContext, own: ToolCallRecord, event: RuntimeEventEnvelope): void {
  const output = readToolOutput(event);
  if (output.preview !== undefined) {
    const capped = capPreview(output.preview, ctx.options.previewBudget);
    own.outputPreview = capped.text;
    own.outputTruncated = capped.truncated;
  }
  if (output.outputRef !== undefined) own.outputRef = output.outputRef;
  if (output.durationMs !== undefined) own.durationMs = output.durationMs;
  else if (own.startedAt && event.timestamp) {
    const measured = Date.parse(event.timestamp) - Date.parse(own.startedAt);
    if (Number.isFinite(measured) && measured >= 0) own.durationMs = measured;
  }
}

/** A tool event naming an artifact creates the artifact card, linked to this tool step. */
function linkToolArtifact(ctx: ApplyContext, record: ToolCallRecord, event: RuntimeEventEnvelope): void {
  const artifactId = event.artifactId;
  if (artifactId === undefined) return;
  const facts = isPlainObject(event.payload.artifact) ? readArtifact({ ...event, payload: event.payload.artifact }) : {};
  linkArtifact(ctx, event, artifactId, record.toolCallId, facts);
}

/**
 * A tool ends once, whichever door says so (a snapshot's merge keeps the same rule): a later end
 * that disagrees is reported and not applied.
 */
function endedOtherwise(ctx: ApplyContext, record: ToolCallRecord, event: RuntimeEventEnvelope, status: 'succeeded' | 'failed'): boolean {
  if (record.status === status || (record.status !== 'succeeded' && record.status !== 'failed')) return false;
  const succeeded = record.status === 'succeeded';
  ctx.draft.diagnose({
    code: succeeded ? 'tool_failed_after_result' : 'tool_result_after_failure',
    message: succeeded
      ? `tool ${record.toolCallId} already succeeded; a later failure does not overwrite the result`
      : `tool ${record.toolCallId} already failed; a later result does not overwrite the failure`,
    eventId: event.eventId,
    type: event.type,
  });
  return true;
}


export function applyToolEvent(ctx: ApplyContext, event: ToolEvent): void {
  const found = ensureToolCall(ctx, event);
  if (!found) return;
  const { key, record } = found;
  if ((event.type === 'tool.result' || event.type === 'tool.failed') && endedOtherwise(ctx, record, event, event.type === 'tool.result' ? 'succeeded' : 'failed')) return;
  // The batch's own copy, changed in place: no patch object per event (a tool streams many).
  const own = ctx.draft.own('toolCalls', key, record);
  switch (event.type) {
    case 'tool.started': {
      const name = readToolName(event);
      const safeArgs = readSafeArgs(event);
      if (name !== undefined) own.name = name;
      if (safeArgs !== undefined) own.safeArgs = safeArgs;
      break;
    }
    case 'tool.args':
      appendArgs(own, event);
      break;
    case 'tool.progress': {
      const progress = readToolProgress(event);
      if (progress.progress !== undefined) own.progress = progress.progress;
      if (progress.message !== undefined) own.progressMessage = progress.message;
      if (progress.outputDelta !== undefined && !own.outputTruncated) {
        const capped = capPreview(appendedText(own.outputPreview ?? '', progress.outputDelta), ctx.options.previewBudget);
        own.outputPreview = capped.text;
        own.outputTruncated = capped.truncated;
      }
      break;
    }
    case 'tool.result':
    case 'tool.failed':
      applyOutput(ctx, own, event);
      // Its args are complete: one flat copy (see appendedText).
      own.argsText = flattenText(own.argsText);
      own.status = event.type === 'tool.result' ? 'succeeded' : 'failed';
      own.endedAt = event.timestamp;
      if (event.type === 'tool.failed') own.failure = readFailure(event);
      break;
  }
  // A start, args or progress states what a snapshot left unknown: the tool is running.
  if (own.status === 'unknown') own.status = 'running';
  if (own.name === undefined) {
    const name = readToolName(event);
    if (name !== undefined) own.name = name;
  }
  // The artifact a tool event names was resolved at the boundary (top-level, payload or nested).
  if (event.artifactId !== undefined) linkToolArtifact(ctx, own, event);
}

const OUTPUT_STATES: ReadonlySet<string> = new Set(['spilled', 'truncated', 'redacted', 'expired']);

/** output.* facts: a spilled/truncated/redacted/expired output updates its tool row when it names one. */
export function applyOutputEvent(ctx: ApplyContext, event: OutputEvent): boolean {
  const toolCallId = event.toolCallId;
  const key = typeof toolCallId === 'string' ? toolCallKey(draftToolCalls(ctx), toolCallId, event.turnId) : undefined;
  const record = key === undefined ? undefined : ctx.draft.get('toolCalls', key);
  if (!record || key === undefined) return false;
  const output = readToolOutput(event);
  const state = event.type.slice('output.'.length);
  const patch: Partial<ToolCallRecord> = OUTPUT_STATES.has(state) ? { outputState: state as ToolCallRecord['outputState'] } : {};
  if (output.outputRef !== undefined) patch.outputRef = output.outputRef;
  if (output.preview !== undefined) {
    const capped = capPreview(output.preview, ctx.options.previewBudget);
    patch.outputPreview = capped.text;
    patch.outputTruncated = capped.truncated || record.outputTruncated;
  }
  if (event.type === 'output.spilled' || event.type === 'output.truncated') patch.outputTruncated = true;
  ctx.draft.put('toolCalls', key, { ...record, ...patch });
  return true;
}
