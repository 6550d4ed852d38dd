import type { ComponentType } from 'react';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { RuntimeState } from '../store/createRuntimeStore';
import { selectToolRun } from '../store/selectors/toolFacts';
import type { ConversationComponents, ToolComponentProps } from './conversationComponents';
import { ToolCall, ToolRun, type ToolCallProps } from './ToolCall';

type ToolSlots = NonNullable<ConversationComponents['Tool']>;

const customFor = (slot: ToolSlots, name: string | undefined): ComponentType<ToolComponentProps> | undefined =>
  (name !== undefined ? slot.byName?.[name] : undefined) ?? slot.Fallback;

/** The run of consecutive tool parts a part belongs to: the lead part's calls. */
function runAround(state: RuntimeState, partId: string): string[] {
  const part = state.parts.byId.get(partId);
  const message = part ? state.messages.byId.get(part.messageId) : undefined;
  if (!part || !message) return [];
  let at = message.partIds.indexOf(partId);
  while (at > 0 && !selectToolRun(state, message.partIds[at]!).lead) at -= 1;
  return at < 0 ? [] : selectToolRun(state, message.partIds[at]!).toolCallIds;
}

export interface ToolSlotProps extends Pick<ToolCallProps, 'onOpenOutput' | 'onOpenEvidence' | 'onRetry' | 'labels' | 'now'> {
  partId: string;
  toolCallId: string;
  slot: ToolSlots;
}

/**
 * A tool part when the app gave tool components: the app's component for this tool's name (or
 * its fallback); the calls of the run that have none render as the kit's run, once, at the first
 * of them, so no call shows twice.
 */
export function ToolSlot({ partId, toolCallId, slot, ...handlers }: ToolSlotProps) {
  const tool = useRuntimeSelector((s) => s.toolCalls.byId.get(toolCallId));
  // The calls of this run the kit renders (those without an app component), in order.
  const kitCalls = useRuntimeSelector(
    (s) => runAround(s, partId).filter((id) => customFor(slot, s.toolCalls.byId.get(id)?.name) === undefined),
    shallowEqual,
  );
  const Custom = tool ? customFor(slot, tool.name) : undefined;
  if (tool && Custom) return <Custom toolCallId={toolCallId} tool={tool} Default={ToolCall} {...handlers} />;
  if (kitCalls[0] !== toolCallId) return null;
  if (kitCalls.length === 1) return <ToolCall toolCallId={toolCallId} {...handlers} />;
  return <ToolRun toolCallIds={kitCalls} {...handlers} />;
}
