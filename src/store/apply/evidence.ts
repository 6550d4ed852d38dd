import type { RuntimeEventEnvelope } from '../../protocol/events';
import { readEvidence, readString, type EvidenceFacts } from '../../protocol/payloadReaders';
import type { EvidenceRecord } from '../records';
import type { ApplyContext } from './context';

const APPROVING_VERDICTS = new Set(['passed', 'approved', 'accepted', 'pass']);
const FAILING_OUTCOMES = new Set(['failed', 'error', 'fail']);

function evidenceIdOf(event: RuntimeEventEnvelope): string | undefined {
  return readString(event.evidenceId) ?? readString(event.payload.evidenceId);
}

export function ensureEvidence(ctx: ApplyContext, evidenceId: string, event: RuntimeEventEnvelope | undefined): EvidenceRecord {
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
    const tool = ctx.draft.get('toolCalls', record.toolCallId);
    if (tool && !tool.evidenceIds.includes(evidenceId)) {
      ctx.draft.put('toolCalls', tool.toolCallId, { ...tool, evidenceIds: [...tool.evidenceIds, evidenceId] });
    }
  }
  if (record.subagentId !== undefined) {
    const subagent = ctx.draft.get('subagents', record.subagentId);
    if (subagent && !subagent.evidenceIds.includes(evidenceId)) ctx.draft.appendTo('subagents', subagent.subagentId, 'evidenceIds', evidenceId);
  }
  return record;
}

/**
 * Disputed is a conflict between facts: the runtime says so, or a review approves what a
 * verification outcome failed. It is never inferred from prose.
 */
function isDisputed(record: EvidenceRecord): boolean {
  if (record.status === 'disputed' || record.verdict === 'disputed') return true;
  const approved = record.verdict !== undefined && APPROVING_VERDICTS.has(record.verdict);
  return approved && record.verificationOutcomes.some((o) => FAILING_OUTCOMES.has(o.status));
}

export function mergeEvidence(ctx: ApplyContext, record: EvidenceRecord, facts: EvidenceFacts, event: RuntimeEventEnvelope | undefined): void {
  const next: EvidenceRecord = { ...record, updatedAt: event?.timestamp ?? record.updatedAt };
  for (const key of ['status', 'packRef', 'replayRef', 'reviewRef', 'traceRef', 'exportRef', 'verdict'] as const) {
    if (facts[key] !== undefined) next[key] = facts[key];
  }
  if (facts.verificationOutcomes !== undefined) next.verificationOutcomes = facts.verificationOutcomes;
  const disputed = isDisputed(next);
  if (disputed && !record.disputed) {
    ctx.draft.diagnose({
      code: 'evidence_disputed',
      message: `evidence ${record.evidenceId}: the review verdict conflicts with a verification outcome`,
      eventId: event?.eventId,
      type: event?.type,
    });
  }
  next.disputed = disputed;
  ctx.draft.put('evidence', record.evidenceId, next);
}

export function applyEvidenceEvent(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
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
