import type { MessagePart, MessageRecord } from '../records';
import type { ProjectionData } from '../state';

/** The text of a message's parts of one kind, in order; `getPart` reads a store state or a draft. */
export function joinPartText(getPart: (partId: string) => MessagePart | undefined, message: MessageRecord, kind: 'text' | 'reasoning'): string {
  let text = '';
  for (const partId of message.partIds) {
    const part = getPart(partId);
    if (part?.kind === kind) text += part.text ?? '';
  }
  return text;
}

const joinParts = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord, kind: 'text' | 'reasoning') =>
  joinPartText((id) => state.parts.byId.get(id), message, kind);

/** The answer text of a message: its text parts in order (reasoning never counts). */
export const selectMessageText = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string => joinParts(state, message, 'text');

/** The reasoning text of a message: its reasoning parts in order. */
export const selectMessageReasoning = (state: Pick<ProjectionData, 'parts'>, message: MessageRecord): string =>
  joinParts(state, message, 'reasoning');
