import type { RuntimeEventEnvelope } from '../../protocol/events';
import { isPlainObject } from '../../protocol/eventFieldRules';
import {
  readArgsDelta,
  readArtifact,
  readArtifactId,
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
import { diagnoseReusedToolCallId, draftToolCalls, toolCallKey } from '../toolCallKey';
import { NO_IDS } from '../noIds';
import { appendedText } from '../flatText';

function ensureToolCall(ctx: ApplyContext, event: RuntimeEventEnvelope): { key: string; record: ToolCallRecord } | undefined {
  const toolCallId = event.toolCallId;
  if (typeof toolCallId !== 'string') return undefined;
  const key = toolCallKey(draftToolCalls(ctx), toolCallId, event.turnId);
  const existing = ctx.draft.get('toolCalls', key);
  if (existing) return { key, record: existing };
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
    if (turn) ctx.draft.appendTo('turns', turn.turnId, 'toolCallIds', key);
  }
  ctx.draft.put('toolCalls', key, record);
  ctx.draft.record('tool', key, event, readToolName(event));
  return { key, record };
}

/** Args may stream as JSON text fragments or arrive whole; fragments are appended, never re-parsed here. */
function appendArgs(record: ToolCallRecord, event: RuntimeEventEnvelope): Partial<ToolCallRecord> {
  const delta = readArgsDelta(event);
  if (delta !== undefined) return { argsText: appendedText(record.argsText, delta) };
  const args = event.payload.args;
  if (args !== undefined) return { argsText: typeof args === 'string' ? args : JSON.stringify(args) };
  return {};
}

function outputPatch(ctx: ApplyContext, record: ToolCallRecord, event: RuntimeEventEnvelope): Partial<ToolCallRecord> {
  const output = readToolOutput(event);
  const patch: Partial<ToolCallRecord> = {};
  if (output.preview !== undefined) {
    const capped = capPreview(output.preview, ctx.options.previewBudget);
    patch.outputPreview = capped.text;
    patch.outputTruncated = capped.truncated;
  }
  if (output.outputRef !== undefined) patch.outputRef = output.outputRef;
  if (output.durationMs !== undefined) patch.durationMs = output.durationMs;
  else if (record.startedAt && event.timestamp) {
    const measured = Date.parse(event.timestamp) - Date.parse(record.startedAt);
    if (Number.isFinite(measured) && measured >= 0) patch.durationMs = measured;
  }
  return patch;
}

/** A tool event naming an artifact creates the artifact card, linked to this tool step. */
function linkToolArtifact(ctx: ApplyContext, record: ToolCallRecord, event: RuntimeEventEnvelope): void {
  const artifactId = readArtifactId(event);
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

export function applyToolEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const found = ensureToolCall(ctx, event);
  if (!found) return;
  const { key, record } = found;
  let patch: Partial<ToolCallRecord> = {};
  switch (event.type) {
    case 'tool.started': {
      const name = readToolName(event);
      const safeArgs = readSafeArgs(event);
      patch = { ...(name !== undefined && { name }), ...(safeArgs !== undefined && { safeArgs }) };
      break;
    }
    case 'tool.args':
      patch = appendArgs(record, event);
      break;
    case 'tool.progress': {
      const progress = readToolProgress(event);
      if (progress.progress !== undefined) patch.progress = progress.progress;
      if (progress.message !== undefined) patch.progressMessage = progress.message;
      if (progress.outputDelta !== undefined && !record.outputTruncated) {
        const capped = capPreview(appendedText(record.outputPreview ?? '', progress.outputDelta), ctx.options.previewBudget);
        patch.outputPreview = capped.text;
        patch.outputTruncated = capped.truncated;
      }
      break;
    }
    case 'tool.result':
    case 'tool.failed': {
      const status = event.type === 'tool.result' ? 'succeeded' : 'failed';
      if (endedOtherwise(ctx, record, event, status)) return;
      patch = { ...outputPatch(ctx, record, event), status, endedAt: event.timestamp, ...(status === 'failed' && { failure: readFailure(event) }) };
      break;
    }
  }
  // A start, args or progress states what a snapshot left unknown: the tool is running.
  if (record.status === 'unknown' && patch.status === undefined) patch.status = 'running';
  if (patch.name === undefined && record.name === undefined) {
    const name = readToolName(event);
    if (name !== undefined) patch.name = name;
  }
  const latest = ctx.draft.get('toolCalls', key) ?? record;
  ctx.draft.update('toolCalls', key, latest, patch);
  linkToolArtifact(ctx, latest, event);
}

const OUTPUT_STATES: ReadonlySet<string> = new Set(['spilled', 'truncated', 'redacted', 'expired']);

/** output.* facts: a spilled/truncated/redacted/expired output updates its tool row when it names one. */
export function applyOutputEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): boolean {
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
