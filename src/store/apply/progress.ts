import type { RuntimeEventEnvelope } from '../../protocol/events';
import { readRouting, readRunStage } from '../../protocol/payloadReaders';
import type { ApplyContext } from './context';
import { updateTurn } from './lifecycle';

/**
 * True when the event shows the runtime working on its turn again: a stage other than blocked, a
 * model step or text, reasoning, a tool's work, or a routing decision that picked a model. A limit
 * change alone is not progress: the runtime has not yet gone on.
 */
function isProgress(event: RuntimeEventEnvelope): boolean {
  switch (event.type) {
    case 'run.status':
      return readRunStage(event) !== 'blocked';
    case 'turn.started':
    case 'model.requested':
    case 'model.delta':
    case 'model.completed':
    case 'reasoning.delta':
    case 'reasoning.summary':
    case 'tool.started':
    case 'tool.args':
    case 'tool.progress':
    case 'tool.result':
    case 'tool.failed':
      return true;
    case 'routing.decided':
    case 'routing.fallback.applied': {
      const routing = readRouting(event);
      return routing.selectedModel !== undefined || routing.fallbackModel !== undefined;
    }
    default:
      return false;
  }
}

/**
 * `blocked` is the latest blocking fact not yet followed by progress (SPEC section 5): a quota,
 * sandbox, routing or policy block clears when the runtime goes on with the turn.
 */
export function clearBlockOnProgress(ctx: ApplyContext, event: RuntimeEventEnvelope): void {
  const turnId = event.turnId;
  const blocked = ctx.draft.scalar('blockedTurns');
  // Size first: nearly always empty, and a look-up hashes the event's new id string (per event).
  if (turnId === undefined || blocked.size === 0 || !blocked.has(turnId) || !isProgress(event)) return;
  const turn = ctx.draft.get('turns', turnId);
  if (turn?.blocked !== undefined) updateTurn(ctx, turn, { blocked: undefined });
}
