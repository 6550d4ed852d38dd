// Tolerant payload readers: the one place that knows which field names a runtime may use for a
// fact (SPEC section 2, "Payload fields the kit reads"). A reader returns undefined when the fact
// is absent; callers render that as `unknown`, never as a guess.
import type { RuntimeEventEnvelope } from './events';
import { isPlainObject } from './eventFieldRules';
import type { Failure } from './entities';

type Event = RuntimeEventEnvelope;

export const readString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const readNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const readBoolean = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** The objects of a list (other items dropped); undefined when the field is not a list. */
export const readObjects = (v: unknown): Record<string, unknown>[] | undefined => (Array.isArray(v) ? v.filter(isPlainObject) : undefined);
/** The non-empty strings of a list; undefined when the field is not a list. */
export const readStrings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((item): item is string => typeof item === 'string' && item !== '') : undefined;
export const readObject = (v: unknown): Record<string, unknown> | undefined => (isPlainObject(v) ? v : undefined);

/** The first of the values that is a string. Fixed parameters: a rest array was allocated per call, and readers run per event. */
function firstString(a: unknown, b?: unknown, c?: unknown, d?: unknown, e?: unknown): string | undefined {
  if (typeof a === 'string') return a;
  if (typeof b === 'string') return b;
  if (typeof c === 'string') return c;
  if (typeof d === 'string') return d;
  return typeof e === 'string' ? e : undefined;
}

export const readTextDelta = (e: Event): string | undefined => firstString(e.payload.delta, e.payload.text);

export const readFinalText = (e: Event): string | undefined =>
  firstString(e.payload.text, e.payload.finalText, e.payload.content);

/** Text a user submitted with a turn, when the runtime echoes it (it may only send an inputRef). */
export const readSubmittedText = (e: Event): string | undefined =>
  firstString(e.payload.text, e.payload.prompt, e.payload.input);

export const readToolName = (e: Event): string | undefined => firstString(e.payload.toolName, e.payload.name);

export function readSafeArgs(e: Event): unknown {
  const p = e.payload;
  return p.safeArgs ?? p.inputSummary ?? p.args;
}

/** A streamed fragment of tool arguments (JSON text), as opposed to a whole args object. */
export const readArgsDelta = (e: Event): string | undefined => firstString(e.payload.delta, e.payload.argsDelta);

export interface ToolOutputFacts {
  preview?: string;
  outputRef?: string;
  durationMs?: number;
  sizeBytes?: number;
}

export function readToolOutput(e: Event): ToolOutputFacts {
  const p = e.payload;
  return {
    preview: firstString(p.preview, p.outputPreview),
    outputRef: firstString(p.outputRef, p.output_ref, e.outputRef),
    durationMs: readNumber(p.durationMs),
    sizeBytes: readNumber(p.sizeBytes ?? p.size),
  };
}

export interface ToolProgressFacts {
  progress?: number;
  message?: string;
  outputDelta?: string;
}

export function readToolProgress(e: Event): ToolProgressFacts {
  const p = e.payload;
  return {
    progress: readNumber(p.progress),
    message: readString(p.message),
    outputDelta: firstString(p.delta, p.outputDelta),
  };
}

/** A typed failure as events and read models state it: the `FAILURE` declaration (protocol/entities.ts). */
export type FailureFacts = Failure;

export function readFailure(e: Event): FailureFacts {
  const p = e.payload;
  const error = isPlainObject(p.error) ? p.error : undefined;
  return {
    category: firstString(p.failureCategory, p.category, error?.category, p.code),
    retryable: readBoolean(p.retryable ?? error?.retryable),
    recoveryHint: firstString(p.recoveryHint, error?.recoveryHint),
    message: firstString(p.message, error?.message, typeof p.error === 'string' ? p.error : undefined),
  };
}

export interface ActionFacts {
  actionType?: string;
  prompt?: string;
  severity?: string;
  decisionKind?: string;
  schema?: Record<string, unknown>;
  scope?: unknown;
  expiresAt?: string;
  toolName?: string;
}

export function readAction(e: Event): ActionFacts {
  const p = e.payload;
  return {
    actionType: firstString(p.actionType, p.type),
    prompt: firstString(p.prompt, p.message, p.title),
    severity: readString(p.severity),
    decisionKind: readString(p.decisionKind),
    schema: isPlainObject(p.schema) ? p.schema : undefined,
    scope: p.scope,
    expiresAt: readString(p.expiresAt),
    toolName: readString(p.toolName),
  };
}

/** How an action ended, from `action.resolved` (or its cancelled/expired forms). */
export function readActionResolution(e: Event): { decision?: string; respondedBy?: string; note?: string; outcome: 'resolved' | 'cancelled' | 'expired' } {
  const p = e.payload;
  const response = isPlainObject(p.response) ? p.response : undefined;
  const decision = firstString(p.decision, response?.decision, p.result);
  // Who answered (`user`, `policy` ...): the resolved card says "by you" only on this fact.
  const respondedBy = firstString(p.respondedBy, response?.respondedBy);
  // The note that came with the answer (a deny's reason, a policy's why), as the runtime recorded it.
  const note = firstString(p.note, p.reason, response?.note, response?.reason);
  const status = firstString(p.status, p.outcome);
  const outcome = e.type === 'action.cancelled' || status === 'cancelled' ? 'cancelled' : e.type === 'action.expired' || status === 'expired' ? 'expired' : 'resolved';
  return { decision, respondedBy, note, outcome };
}

export interface ArtifactFacts {
  kind?: string;
  status?: string;
  title?: string;
  versionId?: string;
  previewRef?: string;
  preview?: string;
  readRef?: string;
  diffRef?: string;
  exportRef?: string;
  exportStatus?: string;
  mimeType?: string;
  sizeBytes?: number;
}

export function readArtifact(e: Event): ArtifactFacts {
  const p = e.payload;
  const nested = isPlainObject(p.artifact) ? p.artifact : {};
  return {
    kind: firstString(p.kind, p.artifactKind, nested.kind, e.artifactKind),
    status: firstString(p.status, p.artifactStatus, nested.status, e.artifactStatus),
    title: firstString(p.title, nested.title),
    versionId: firstString(p.versionId, nested.versionId, e.artifactVersionId),
    previewRef: firstString(p.previewRef, nested.previewRef),
    preview: firstString(p.preview, nested.preview, e.artifactPreview),
    readRef: firstString(p.readRef, nested.readRef, e.artifactReadRef),
    diffRef: firstString(p.diffRef, nested.diffRef, e.artifactDiffRef),
    exportRef: firstString(p.exportRef, nested.exportRef),
    exportStatus: readString(p.exportStatus),
    mimeType: firstString(p.mimeType, nested.mimeType),
    sizeBytes: readNumber(p.sizeBytes ?? nested.sizeBytes),
  };
}

/** The artifact id an event links to: top-level, in the payload, or in a nested artifact object. */
export function readArtifactId(e: Event): string | undefined {
  const p = e.payload;
  const nested = isPlainObject(p.artifact) ? p.artifact : undefined;
  return firstString(e.artifactId, p.artifactId, nested?.artifactId, nested?.id);
}

export interface VerificationOutcome {
  name: string;
  status: string;
}

export interface EvidenceFacts {
  status?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  traceRef?: string;
  exportRef?: string;
  verdict?: string;
  verificationOutcomes?: VerificationOutcome[];
}

export function readVerificationOutcomes(value: unknown): VerificationOutcome[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const outcomes: VerificationOutcome[] = [];
  for (const item of value) {
    if (!isPlainObject(item)) continue;
    outcomes.push({ name: readString(item.name) ?? 'unnamed', status: readString(item.status) ?? 'unknown' });
  }
  return outcomes;
}

export function readEvidence(e: Event): EvidenceFacts {
  const p = e.payload;
  return {
    status: readString(p.status),
    packRef: firstString(p.packRef, p.evidencePackRef, e.evidencePackRef),
    replayRef: firstString(p.replayRef, e.replayRef),
    reviewRef: firstString(p.reviewRef, e.reviewRef),
    traceRef: firstString(p.traceRef, e.traceId),
    exportRef: firstString(p.exportRef),
    verdict: firstString(p.verdict, p.decision),
    verificationOutcomes: readVerificationOutcomes(p.verificationOutcomes),
  };
}

export const readRunStage = (e: Event): string | undefined => firstString(e.payload.stage, e.payload.status, e.phase);
export const readRunDetail = (e: Event): string | undefined => firstString(e.payload.detail, e.payload.message);

export interface RoutingFacts {
  selectedModel?: string;
  candidateCount?: number;
  decisionSource?: string;
  fallbackModel?: string;
  reason?: string;
}

export function readRouting(e: Event): RoutingFacts {
  const p = e.payload;
  return {
    selectedModel: firstString(p.selectedModel, p.model),
    candidateCount: readNumber(p.candidateCount),
    decisionSource: readString(p.decisionSource),
    fallbackModel: firstString(p.fallbackModel, p.toModel),
    reason: firstString(p.reason, p.capabilityGap),
  };
}

export interface CostFacts {
  amountUsd?: number;
  inputTokens?: number;
  outputTokens?: number;
}

export function readCost(e: Event): CostFacts {
  const p = e.payload;
  return {
    amountUsd: readNumber(p.costUsd ?? p.amountUsd ?? p.usd),
    inputTokens: readNumber(p.inputTokens),
    outputTokens: readNumber(p.outputTokens),
  };
}

export const readRole = (e: Event): string | undefined => firstString(e.payload.role, e.agentRole);
export const readParentTaskId = (e: Event): string | undefined => firstString(e.payload.parentTaskId, e.parentTaskId);
export const readTitle = (e: Event): string | undefined => firstString(e.payload.title, e.payload.objective);
