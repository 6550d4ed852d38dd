// The read models of SPEC section 7, derived from the same facts that drive the UI. A signal that
// does not apply is omitted, never reported as a generic gap.
import type { VerificationOutcome } from '../../protocol/payloadReaders';
import type { ActionRecord, QueuedTurn, TaskAttemptRecord, ToolCallRecord } from '../records';
import type { ProjectionData } from '../state';
import { tableRows } from '../table';
import { selectLatestTurn, selectSessionStatus, selectTurnStatus, type TurnStatus } from './turnStatus';

/**
 * The thread read model of SPEC section 7, derived from the store's facts: status, active and
 * queued turns, pending actions, incidents, tool calls, last outcome.
 */
export interface ThreadReadModel {
  threadId: string | null;
  status: TurnStatus;
  stale: boolean;
  activeTurnId?: string;
  queuedTurns: readonly QueuedTurn[];
  /** The runtime reported the queue in a form the kit cannot read: `queuedTurns` is not a fact. */
  queueUnknown?: true;
  pendingActions: ActionRecord[];
  incidents: readonly Record<string, unknown>[];
  toolCalls: ToolCallRecord[];
  lastOutcome?: { turnId: string; status: TurnStatus; failureCategory?: string; recoveryHint?: string };
}

/**
 * The read model of a thread (the first one by default). Status is the latest turn's; `stale` is
 * the session's.
 */
export function selectThreadReadModel(state: ProjectionData, threadId?: string): ThreadReadModel {
  const thread = threadId === undefined ? state.threads.byId.get(state.threads.ids[0] ?? '') : state.threads.byId.get(threadId);
  const id = thread?.threadId;
  const turnIds = new Set(thread?.turnIds.toArray() ?? state.turns.ids);
  const latest = selectLatestTurn(state, id);
  let lastOutcome: ThreadReadModel['lastOutcome'];
  for (let i = state.turns.ids.length - 1; i >= 0; i--) {
    const turn = state.turns.byId.get(state.turns.ids[i]!);
    if (!turn || !turnIds.has(turn.turnId)) continue;
    if (turn.lifecycle === 'completed' || turn.lifecycle === 'failed' || turn.lifecycle === 'cancelled') {
      lastOutcome = {
        turnId: turn.turnId,
        status: turn.lifecycle,
        ...(turn.failure?.category !== undefined && { failureCategory: turn.failure.category }),
        ...(turn.failure?.recoveryHint !== undefined && { recoveryHint: turn.failure.recoveryHint }),
      };
      break;
    }
  }
  return {
    threadId: id ?? null,
    status: selectSessionStatus(state, id),
    stale: state.session.stale,
    ...(latest && { activeTurnId: latest.turnId }),
    queuedTurns: state.queue,
    ...(state.queueUnknown && { queueUnknown: true as const }),
    pendingActions: tableRows(state.actions).filter((a) => a.status === 'pending' && (id === undefined || a.threadId === undefined || a.threadId === id)),
    incidents: thread?.incidents ?? [],
    toolCalls: tableRows(state.toolCalls).filter((t) => t.turnId === undefined || turnIds.has(t.turnId)),
    ...(lastOutcome && { lastOutcome }),
  };
}

/**
 * A task's read model (SPEC section 7): objective, status, current run, attempts, dependencies,
 * progress, outputs and evidence refs.
 */
export interface TaskSnapshot {
  taskId: string;
  objective?: string;
  status: string;
  currentRun?: TaskAttemptRecord;
  attempts: readonly TaskAttemptRecord[];
  dependencies: readonly string[];
  progress?: unknown;
  outputs: string[];
  evidenceRefs: string[];
}

/** The read model of one task; undefined when the store has no such task. A missing status is `unknown`. */
export function selectTaskSnapshot(state: ProjectionData, taskId: string): TaskSnapshot | undefined {
  const task = state.tasks.byId.get(taskId);
  if (!task) return undefined;
  const currentRun = task.attempts.find((a) => a.runId === task.currentRunId);
  const outputs = tableRows(state.artifacts).filter((a) => a.taskId === taskId).map((a) => a.artifactId);
  const evidenceRefs = new Set(task.evidenceRefs);
  for (const evidence of tableRows(state.evidence)) if (evidence.correlation.taskId === taskId) evidenceRefs.add(evidence.evidenceId);
  return {
    taskId,
    ...((task.objective ?? task.title) !== undefined && { objective: task.objective ?? task.title }),
    status: task.status ?? 'unknown',
    ...(currentRun && { currentRun }),
    attempts: task.attempts,
    dependencies: task.dependencies,
    ...(task.progress !== undefined && { progress: task.progress }),
    outputs,
    evidenceRefs: [...evidenceRefs],
  };
}

/**
 * Permission and sandbox facts in one summary (SPEC section 7); absent facts are omitted, never a
 * generic gap.
 */
export interface PermissionSandboxSummary {
  mode?: string;
  pendingApprovals: string[];
  decisions?: readonly Record<string, unknown>[];
  sandboxProfile?: Record<string, unknown>;
  violations?: readonly Record<string, unknown>[];
}

/** Summarizes the permission and sandbox facts the runtime reported. */
export function selectPermissionSandboxSummary(state: ProjectionData): PermissionSandboxSummary {
  const p = state.permissions;
  return {
    ...(p.mode !== undefined && { mode: p.mode }),
    pendingApprovals: tableRows(state.actions).filter((a) => a.status === 'pending').map((a) => a.actionId),
    ...(p.decisions.length > 0 && { decisions: p.decisions }),
    ...(p.sandboxProfile !== undefined && { sandboxProfile: p.sandboxProfile }),
    ...(p.violations.length > 0 && { violations: p.violations }),
  };
}

/**
 * Routing and limits in one summary (SPEC section 7): selected model, candidate count, fallback,
 * cost, quota and rate limits.
 */
export interface RoutingLimitSummary {
  selectedModel?: string;
  candidateCount?: number;
  singleCandidate?: boolean;
  decisionSource?: string;
  fallbackModel?: string;
  notPossible?: boolean;
  cost?: { estimatedUsd?: number; recordedUsd?: number; inputTokens?: number; outputTokens?: number };
  quota?: { state: 'low' | 'blocked'; detail?: string };
  rateLimit?: { at?: string; retryAfterMs?: number; detail?: string };
}

/**
 * Summarizes routing, cost, quota and rate-limit facts. A fact the runtime did not send is absent
 * (render `unknown`).
 */
export function selectRoutingLimitSummary(state: ProjectionData): RoutingLimitSummary {
  const r = state.routing;
  const c = state.costLimits;
  const cost = {
    ...(c.estimatedUsd !== undefined && { estimatedUsd: c.estimatedUsd }),
    ...(c.recordedUsd !== undefined && { recordedUsd: c.recordedUsd }),
    ...(c.inputTokens !== undefined && { inputTokens: c.inputTokens }),
    ...(c.outputTokens !== undefined && { outputTokens: c.outputTokens }),
  };
  return {
    ...(r?.selectedModel !== undefined && { selectedModel: r.selectedModel }),
    ...(r?.candidateCount !== undefined && { candidateCount: r.candidateCount, singleCandidate: r.candidateCount === 1 }),
    ...(r?.decisionSource !== undefined && { decisionSource: r.decisionSource }),
    ...(r?.fallbackModel !== undefined && { fallbackModel: r.fallbackModel }),
    ...(r?.notPossible && { notPossible: true }),
    ...(Object.keys(cost).length > 0 && { cost }),
    ...(c.quota !== undefined && { quota: c.quota }),
    ...(c.rateLimit !== undefined && { rateLimit: c.rateLimit }),
  };
}

/** One evidence record as the evidence summary lists it, with its verification state. */
export interface EvidenceSummaryItem {
  evidenceId: string;
  status: string;
  verdict?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  verificationOutcomes: readonly VerificationOutcome[];
}

/**
 * A gap that applies to this session (e.g. a failed tool without evidence); signals that do not
 * apply are omitted.
 */
export interface EvidenceGap {
  code: 'failed_verification' | 'failed_tool_without_evidence';
  refId: string;
}

/** The evidence summary (SPEC section 7): pack/replay/review refs, verification outcomes, disputes and only the gaps that apply. */
export interface EvidenceSummary {
  items: EvidenceSummaryItem[];
  /** Only gaps that apply: a failed verification, a failed tool that no evidence covers. */
  gaps: EvidenceGap[];
}

/** Summarizes evidence across the session; `disputed` when evidence and a review (or an outcome) conflict. */
export function selectEvidenceSummary(state: ProjectionData): EvidenceSummary {
  const items: EvidenceSummaryItem[] = [];
  const gaps: EvidenceGap[] = [];
  for (const e of tableRows(state.evidence)) {
    items.push({
      evidenceId: e.evidenceId,
      status: e.disputed ? 'disputed' : (e.status ?? 'unknown'),
      ...(e.verdict !== undefined && { verdict: e.verdict }),
      ...(e.packRef !== undefined && { packRef: e.packRef }),
      ...(e.replayRef !== undefined && { replayRef: e.replayRef }),
      ...(e.reviewRef !== undefined && { reviewRef: e.reviewRef }),
      verificationOutcomes: e.verificationOutcomes,
    });
    if (e.verificationOutcomes.some((o) => o.status === 'failed')) gaps.push({ code: 'failed_verification', refId: e.evidenceId });
  }
  if (items.length > 0) {
    for (const tool of tableRows(state.toolCalls)) {
      if (tool.status === 'failed' && tool.evidenceIds.length === 0) gaps.push({ code: 'failed_tool_without_evidence', refId: tool.toolCallId });
    }
  }
  return { items, gaps };
}
