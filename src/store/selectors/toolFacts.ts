// Display facts of tool rows: which requests gate a call, what the row's state reads as, and which
// tool parts of a message form one run ("Ran 6 tools · 1 failed").
import type { ActionRecord, ToolCallRecord, ToolStatus } from '../records';
import type { ProjectionData } from '../state';
import { findToolCall } from '../toolCallKey';

// Which tool parts form one run: its own module (a thread's placeholder for a tool row reads it
// before the tool rows' code has loaded).
export { selectToolRun } from './toolRun';

/** A row's state as shown: the runtime's status, or `waiting` while a request gates the call. */
export type ToolDisplayStatus = ToolStatus | 'waiting';

/** The requests attached to one tool call (an approval names the call it gates by `toolCallId`). */
export function selectToolActions(state: Pick<ProjectionData, 'actions' | 'turns'>, tool: Pick<ToolCallRecord, 'toolCallId' | 'turnId'>): ActionRecord[] {
  const turn = tool.turnId === undefined ? undefined : state.turns.byId.get(tool.turnId);
  const ids = turn ? turn.actionIds : state.actions.ids;
  const found: ActionRecord[] = [];
  for (const id of ids) {
    const action = state.actions.byId.get(id);
    if (action?.toolCallId === tool.toolCallId) found.push(action);
  }
  return found;
}

/** `waiting` only while the call runs and a request for it is pending: the runtime said so, twice. */
export function toolDisplayStatus(tool: Pick<ToolCallRecord, 'status'>, actions: readonly Pick<ActionRecord, 'status'>[]): ToolDisplayStatus {
  return tool.status === 'running' && actions.some((a) => a.status === 'pending') ? 'waiting' : tool.status;
}

/**
 * True when a request is shown on the tool row it gates, so the conversation must not show it a
 * second time: the call is in the main conversation and known to the store.
 */
export function isAttachedToTool(state: Pick<ProjectionData, 'toolCalls'>, action: Pick<ActionRecord, 'toolCallId' | 'turnId'>): boolean {
  if (action.toolCallId === undefined) return false;
  // The call of the action's own turn: an id a later turn reused is that turn's call.
  const tool = findToolCall((key) => state.toolCalls.byId.get(key), action.toolCallId, action.turnId);
  return tool !== undefined && tool.messageId !== undefined && tool.subagentId === undefined;
}

/**
 * Counts for a run of tool calls' summary line ("Ran 6 tools · 1 failed"); `unknown` counts calls
 * with no stated status.
 */
export interface ToolRunSummary {
  total: number;
  failed: number;
  running: number;
  waiting: number;
  /** Calls with no stated status (e.g. listed by a snapshot): the run is not shown as settled. */
  unknown: number;
}

/** Counts for a run's summary line; a call the store does not know counts in `total` only. */
export function summarizeToolRun(state: Pick<ProjectionData, 'toolCalls' | 'actions' | 'turns'>, toolCallIds: readonly string[]): ToolRunSummary {
  const summary: ToolRunSummary = { total: toolCallIds.length, failed: 0, running: 0, waiting: 0, unknown: 0 };
  for (const id of toolCallIds) {
    const tool = state.toolCalls.byId.get(id);
    if (!tool) continue;
    const status = toolDisplayStatus(tool, selectToolActions(state, tool));
    if (status === 'failed') summary.failed++;
    else if (status === 'running') summary.running++;
    else if (status === 'waiting') summary.waiting++;
    else if (status === 'unknown') summary.unknown++;
  }
  return summary;
}
