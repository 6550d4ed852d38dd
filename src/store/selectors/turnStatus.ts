import type { ProjectionData } from '../state';
import type { ActionRecord, TurnRecord } from '../records';

/**
 * A turn's (or the session's) displayed status, derived from facts: `needs-input` when a pending
 * action waits, `blocked` when a blocking fact stops it, `unknown` when no fact says.
 */
export type TurnStatus = 'idle' | 'submitted' | 'running' | 'needs-input' | 'blocked' | 'completed' | 'failed' | 'cancelled' | 'unknown';

/**
 * A turn's status from its facts: an ended turn says how it ended; an open turn waiting on a
 * pending action needs input; a blocking fact (quota, routing, sandbox, policy) blocks it.
 */
export function selectTurnStatus(state: Pick<ProjectionData, 'actions'>, turn: TurnRecord): TurnStatus {
  if (turn.lifecycle === 'completed' || turn.lifecycle === 'failed' || turn.lifecycle === 'cancelled') return turn.lifecycle;
  for (const actionId of turn.actionIds) {
    if (state.actions.byId.get(actionId)?.status === 'pending') return 'needs-input';
  }
  if (turn.blocked) return 'blocked';
  return turn.lifecycle;
}

/**
 * The turn's actions that are still pending. A turn reported completed with one of these is a
 * contradiction between facts (see `flagPendingActionsAtCompletion`); `getAction` reads a state
 * (`state.actions.byId.get`) or a draft (`(id) => draft.get('actions', id)`).
 */
export function pendingActionIdsOf(turn: Pick<TurnRecord, 'actionIds'>, getAction: (actionId: string) => ActionRecord | undefined): string[] {
  return turn.actionIds.filter((actionId) => getAction(actionId)?.status === 'pending');
}

/** The latest turn of the session (or of one thread), or undefined before the first turn. */
export function selectLatestTurn(state: Pick<ProjectionData, 'turns' | 'threads'>, threadId?: string): TurnRecord | undefined {
  const last = threadId === undefined ? state.turns.ids[state.turns.ids.length - 1] : state.threads.byId.get(threadId)?.turnIds.at(-1);
  return last === undefined ? undefined : state.turns.byId.get(last);
}

/** Status of the latest turn, `idle` before any turn. */
export function selectSessionStatus(state: Pick<ProjectionData, 'turns' | 'threads' | 'actions'>, threadId?: string): TurnStatus {
  const turn = selectLatestTurn(state, threadId);
  return turn ? selectTurnStatus(state, turn) : 'idle';
}
