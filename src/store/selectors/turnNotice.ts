// How a turn that did not complete ends in the thread: why, and only the ways out the facts offer.
import type { FailureFacts } from '../../protocol/payloadReaders';
import type { BlockReason } from '../records';
import type { ProjectionData } from '../state';
import { selectTurnStatus } from './turnStatus';

/**
 * Why a turn did not complete, for the notice in the thread: blocked (and by what) or failed (with
 * its failure facts and when to retry).
 */
export interface TurnNoticeFacts {
  turnId: string;
  outcome: 'blocked' | 'failed';
  /** What blocks the turn (quota, routing, permission ...) and the runtime's words for it. */
  blockReason?: BlockReason;
  detail?: string;
  failure?: FailureFacts;
  /** When a rate limit said to try again (its event time plus `retryAfterMs`); absent without both facts. */
  retryAt?: string;
}

/** When the rate limit of this turn lifts, from its facts only. */
function retryAt(state: Pick<ProjectionData, 'costLimits'>): string | undefined {
  const limit = state.costLimits.rateLimit;
  if (limit?.at === undefined || limit.retryAfterMs === undefined) return undefined;
  const at = Date.parse(limit.at) + limit.retryAfterMs;
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
}

/**
 * The notice under a message whose turn is blocked or failed, on the turn's last message only (so
 * it is shown once, where the turn stopped). Undefined for every other message.
 */
export function selectTurnNotice(state: ProjectionData, messageId: string): TurnNoticeFacts | undefined {
  const message = state.messages.byId.get(messageId);
  const turn = message?.turnId === undefined ? undefined : state.turns.byId.get(message.turnId);
  if (!turn || turn.messageIds.at(-1) !== messageId) return undefined;
  const status = selectTurnStatus(state, turn);
  if (status === 'blocked') {
    return {
      turnId: turn.turnId,
      outcome: 'blocked',
      blockReason: turn.blocked?.reason,
      detail: turn.blocked?.detail,
      retryAt: turn.blocked?.reason === 'quota' ? undefined : retryAt(state),
    };
  }
  if (status === 'failed') return { turnId: turn.turnId, outcome: 'failed', failure: turn.failure };
  return undefined;
}
