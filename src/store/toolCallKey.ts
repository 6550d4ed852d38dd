// Where a tool call's record lives in the `toolCalls` table. A call is one per (turn, toolCallId):
// tool events carry their turn (SPEC section 2: tool.* is scoped by threadId + turnId and by
// stepId + toolCallId), and a restarted mock or a buggy adapter may reuse an id in a later turn.
// The first turn to use an id keys its record by the id itself, so an app finds a call by the id
// it saw (`<ToolCall toolCallId="…">`); a later turn's reuse gets its own key. Two lookups at most.
import type { ApplyContext } from './apply/context';
import type { ToolCallRecord } from './records';

/** Reads a tool call record by its table key (a draft's `get` or a state table's `byId.get`). */
export type ToolCallLookup = (key: string) => ToolCallRecord | undefined;

/** A draft's tool call table as a lookup by key. */
export function draftToolCalls(ctx: ApplyContext): ToolCallLookup {
  return (key) => ctx.draft.get('toolCalls', key);
}

/** The table key of a `toolCallId` a later turn reused: `toolCallId@turnId`. */
export function reusedToolCallKey(toolCallId: string, turnId: string): string {
  return `${toolCallId}@${turnId}`;
}

/**
 * The table key for the call `toolCallId` of `turnId`: the id itself when no call holds it yet,
 * or the one holding it is of the same turn (or either turn is unknown); else the reused key.
 */
export function toolCallKey(get: ToolCallLookup, toolCallId: string, turnId: string | undefined): string {
  const first = get(toolCallId);
  if (first === undefined || turnId === undefined || first.turnId === undefined || first.turnId === turnId) return toolCallId;
  return reusedToolCallKey(toolCallId, turnId);
}

/** The record of the call `toolCallId` of `turnId`, when the store has it. */
export function findToolCall(get: ToolCallLookup, toolCallId: string, turnId: string | undefined): ToolCallRecord | undefined {
  return get(toolCallKey(get, toolCallId, turnId));
}

/** A later turn reused a call's id: a runtime fault, said when that turn's own record is created. */
export function diagnoseReusedToolCallId(ctx: ApplyContext, toolCallId: string, turnId: string | undefined, eventId?: string): void {
  const firstTurnId = ctx.draft.get('toolCalls', toolCallId)?.turnId;
  ctx.draft.diagnose({
    code: 'tool_call_id_reused',
    message: `tool call ${toolCallId} of turn ${turnId} reuses an id first seen in turn ${firstTurnId}; it is shown as its own call in its own turn`,
    ...(eventId !== undefined && { eventId }),
  });
}
