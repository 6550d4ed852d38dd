import type { EvidenceEvent, ReviewEvent, RuntimeEventEnvelope } from '../../protocol/events';
import { readEvidence, readString, type EvidenceFacts } from '../../protocol/payloadReaders';
import type { EvidenceRecord } from '../records';
import type { ApplyContext, FactOrigin } from './context';
import { draftToolCalls, toolCallKey } from '../toolCallKey';

/** Statuses and verdicts that assert the evidence holds, and those that assert it does not. */
const POSITIVE = new Set(['verified', 'passed', 'pass', 'approved', 'accepted', 'succeeded']);
const NEGATIVE = new Set(['failed', 'fail', 'error', 'rejected', 'changes_requested', 'invalid']);

function evidenceIdOf(event: RuntimeEventEnvelope): string | undefined {
  // Decoded at the boundary (`resolveCorrelation`): read from one place.
  return readString(event.evidenceId);
}

export function ensureEvidence(ctx: ApplyContext, evidenceId: string, event: FactOrigin | undefined): EvidenceRecord {
  const existing = ctx.draft.get('evidence', evidenceId);
  if (existing) return existing;
  const record: EvidenceRecord = {
    evidenceId,
    verificationOutcomes: [],
    disputed: false,
    correlation: {
      sessionId: event?.sessionId,
      threadId: event?.threadId,
      turnId: event?.turnId,
      taskId: event?.taskId,
      runId: event?.runId,
    },
    toolCallId: event?.toolCallId,
    subagentId: typeof event?.subagentId === 'string' ? event.subagentId : undefined,
  };
  ctx.draft.put('evidence', evidenceId, record);
  if (event) ctx.draft.record('evidence', evidenceId, event);
  if (record.toolCallId !== undefined) {
    const key = toolCallKey(draftToolCalls(ctx), record.toolCallId, record.correlation.turnId);
    const tool = ctx.draft.get('toolCalls', key);
    if (tool && !tool.evidenceIds.includes(evidenceId)) {
      ctx.draft.put('toolCalls', key, { ...tool, evidenceIds: [...tool.evidenceIds, evidenceId] });
    }
  }
  if (record.subagentId !== undefined) {
    const subagent = ctx.draft.get('subagents', record.subagentId);
    if (subagent && !subagent.evidenceIds.includes(evidenceId)) ctx.draft.appendTo('subagents', subagent.subagentId, 'evidenceIds', evidenceId);
  }
  return record;
}

/**
 * Disputed is a conflict between facts, in either direction: the runtime says so, or what the
 * evidence status, the review verdict and the verification outcomes assert disagree (a verified
 * status with a failed outcome, a rejecting review of verified evidence, an approving review of a
 * failed outcome ...). It is never inferred from prose. Returns what conflicts, or undefined.
 */
function disputeOf(record: EvidenceRecord): string | undefined {
  if (record.status === 'disputed' || record.verdict === 'disputed') return 'the runtime reports it disputed';
  const claims: [string, string][] = [];
  if (record.status !== undefined) claims.push(['status', record.status]);
  if (record.verdict !== undefined) claims.push(['review verdict', record.verdict]);
  for (const outcome of record.verificationOutcomes) claims.push([`verification ${outcome.name}`, outcome.status]);
  const positive = claims.find(([, value]) => POSITIVE.has(value));
  const negative = claims.find(([, value]) => NEGATIVE.has(value));
  return positive && negative ? `${positive[0]} "${positive[1]}" conflicts with ${negative[0]} "${negative[1]}"` : undefined;
}

export function mergeEvidence(ctx: ApplyContext, record: EvidenceRecord, facts: EvidenceFacts, event: RuntimeEventEnvelope | undefined): void {
  const next: EvidenceRecord = { ...record, updatedAt: event?.timestamp ?? record.updatedAt };
  for (const key of ['status', 'packRef', 'replayRef', 'reviewRef', 'traceRef', 'exportRef', 'verdict'] as const) {
    if (facts[key] !== undefined) next[key] = facts[key];
  }
  if (facts.verificationOutcomes !== undefined) next.verificationOutcomes = facts.verificationOutcomes;
  const dispute = disputeOf(next);
  const disputed = dispute !== undefined;
  if (disputed && !record.disputed) {
    ctx.draft.diagnose({
      code: 'evidence_disputed',
      message: `evidence ${record.evidenceId}: ${dispute}`,
      eventId: event?.eventId,
      type: event?.type,
    });
  }
  next.disputed = disputed;
  ctx.draft.put('evidence', record.evidenceId, next);
}

export function applyEvidenceEvent(ctx: ApplyContext, event: EvidenceEvent | ReviewEvent): void {
  const evidenceId = evidenceIdOf(event);
  if (evidenceId === undefined) {
    ctx.draft.diagnose({
      code: 'missing_correlation',
      message: `${event.type} names no evidenceId; it cannot be joined to evidence`,
      eventId: event.eventId,
      type: event.type,
      field: 'evidenceId',
      raw: event,
    });
    return;
  }
  const record = ensureEvidence(ctx, evidenceId, event);
  const facts = readEvidence(event);
  if (event.type === 'evidence.exported') facts.status = facts.status ?? 'exported';
  if (event.type === 'review.requested') facts.status = facts.status ?? 'in_review';
  if (event.type === 'review.verdict') {
    // A review's status is its verdict, not the evidence's status.
    facts.verdict = facts.verdict ?? facts.status;
    facts.status = undefined;
  }
  mergeEvidence(ctx, record, facts, event);
}
