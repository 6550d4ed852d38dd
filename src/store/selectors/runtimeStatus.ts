// What the status header shows, derived from facts only; components render it, never compute it.
import type { FailureFacts } from '../../protocol/payloadReaders';
import type { ProjectionData } from '../state';
import { selectLatestTurn, selectTurnStatus } from './turnStatus';

/** The stage shown, in the order of a turn: accepted, routing, preparing, streaming ... completed. */
export type DisplayStage =
  | 'idle'
  | 'submitted'
  | 'routing'
  | 'preparing'
  | 'planning'
  | 'acting'
  | 'streaming'
  | 'running'
  | 'waiting'
  | 'blocked'
  | 'retrying'
  | 'cancelled'
  | 'failed'
  | 'completed'
  | 'unknown';

const RUN_STAGES = new Set(['routing', 'preparing', 'planning', 'acting', 'streaming', 'retrying']);

/** Milliseconds between two ISO timestamps, or undefined when either is missing or invalid. */
function between(start: string | undefined, end: string | undefined): number | undefined {
  if (!start || !end) return undefined;
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The facts the runtime status header shows: stage, turn, detail, elapsed time, routing (model,
 * candidates, who decided), what blocks it, the failure and staleness; absent facts render as
 * badges.
 */
export interface RuntimeStatusFacts {
  stage: DisplayStage;
  turnId?: string;
  detail?: string;
  elapsedMs?: number;
  model?: string;
  candidateCount?: number;
  decisionSource?: string;
  blockedReason?: string;
  failure?: Pick<FailureFacts, 'category' | 'retryable' | 'recoveryHint' | 'message'>;
  stale: boolean;
  /** History is still loading in order (`historyPrefix`): the session's stage is not known yet. */
  loading?: boolean;
}

/** What the status header shows, from facts only (elapsed time is event time, not the wall clock). */
export function selectRuntimeStatus(state: ProjectionData): RuntimeStatusFacts {
  const stale = state.session.stale;
  // The latest turn of a history applied so far is not the session's latest.
  if (state.historyPrefix) return { stale, stage: 'unknown', loading: true };
  const turn = selectLatestTurn(state);
  const routing = state.routing;
  const base = {
    stale,
    model: routing?.selectedModel,
    candidateCount: routing?.candidateCount,
    decisionSource: routing?.decisionSource,
  };
  if (!turn) return { ...base, stage: 'idle' };
  const status = selectTurnStatus(state, turn);
  const ended = status === 'completed' || status === 'failed' || status === 'cancelled';
  const elapsedMs = between(turn.submittedAt ?? turn.startedAt, ended ? turn.endedAt : state.session.lastTimestamp);
  let stage: DisplayStage;
  if (status === 'needs-input') stage = 'waiting';
  else if (status === 'running') stage = turn.stage && RUN_STAGES.has(turn.stage) ? (turn.stage as DisplayStage) : 'running';
  else if (status === 'idle') stage = 'idle';
  else stage = status;
  return {
    ...base,
    stage,
    turnId: turn.turnId,
    detail: status === 'running' ? turn.stageDetail : undefined,
    elapsedMs,
    blockedReason: status === 'blocked' ? (turn.blocked?.detail ?? turn.blocked?.reason) : undefined,
    failure: status === 'failed' ? turn.failure : undefined,
  };
}
