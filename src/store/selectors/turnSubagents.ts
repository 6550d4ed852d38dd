import type { ProjectionData } from '../state';

/**
 * The subagents a turn spawned, for the end of that turn's last message (shown once, where the
 * turn's work is summarized). Empty for every other message.
 */
export function selectTurnSubagents(state: Pick<ProjectionData, 'messages' | 'turns' | 'subagents'>, messageId: string): string[] {
  const message = state.messages.byId.get(messageId);
  const turn = message?.turnId === undefined ? undefined : state.turns.byId.get(message.turnId);
  if (!turn || turn.messageIds.at(-1) !== messageId) return [];
  return state.subagents.ids.filter((id) => state.subagents.byId.get(id)?.parentTurnId === turn.turnId);
}
