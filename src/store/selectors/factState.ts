import type { TimelineEntry } from '../records';
import type { ProjectionData } from '../state';

/** The one-line state of the fact a timeline entry points at (the fact itself is expanded elsewhere). */
export function factState(state: ProjectionData, entry: Pick<TimelineEntry, 'kind' | 'refId'>): string | undefined {
  switch (entry.kind) {
    case 'tool':
      return state.toolCalls.byId.get(entry.refId)?.status;
    case 'action':
      return state.actions.byId.get(entry.refId)?.status;
    case 'artifact':
      return state.artifacts.byId.get(entry.refId)?.status;
    case 'evidence': {
      const e = state.evidence.byId.get(entry.refId);
      return e?.disputed ? 'disputed' : e?.status;
    }
    case 'task':
      return state.tasks.byId.get(entry.refId)?.status;
    case 'subagent':
      return state.subagents.byId.get(entry.refId)?.status;
    default:
      return undefined;
  }
}
