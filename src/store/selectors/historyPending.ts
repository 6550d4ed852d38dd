import type { RuntimeState } from '../createRuntimeStore';

/**
 * True while a backlog opened newest turns first still has its history to apply (`openBacklog`):
 * what is shown is the newest part, so counts are floors and requests cannot be answered yet.
 */
export const selectHistoryPending = (state: RuntimeState): boolean => state.historyPending === true;
