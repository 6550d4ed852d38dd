import type { ProjectionData } from '../state';

/**
 * The run of consecutive tool parts a part belongs to, in its message: the first part of a run
 * (`lead`) renders the whole run; the others render nothing. Text, reasoning or a new model step
 * between two tool parts starts a new run.
 */
export function selectToolRun(state: Pick<ProjectionData, 'parts' | 'messages'>, partId: string): { lead: boolean; toolCallIds: string[] } {
  const part = state.parts.byId.get(partId);
  const message = part ? state.messages.byId.get(part.messageId) : undefined;
  if (!part || !message || part.kind !== 'tool') return { lead: false, toolCallIds: [] };
  const at = message.partIds.indexOf(partId);
  const sameRun = (id: string | undefined) => {
    const other = id === undefined ? undefined : state.parts.byId.get(id);
    return other !== undefined && other.kind === 'tool' && other.step === part.step && other.refId !== undefined;
  };
  if (at > 0 && sameRun(message.partIds[at - 1])) return { lead: false, toolCallIds: [] };
  const toolCallIds: string[] = [];
  for (let i = at; i < message.partIds.length && sameRun(message.partIds[i]); i++) toolCallIds.push(state.parts.byId.get(message.partIds[i]!)!.refId!);
  return { lead: true, toolCallIds };
}
