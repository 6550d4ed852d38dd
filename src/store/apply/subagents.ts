import type { RuntimeEventEnvelope, SubagentEvent } from '../../protocol/events';
import { readParentTaskId, readRole, readString, readTitle } from '../../protocol/payloadReaders';
import type { SubagentRecord } from '../records';
import type { ApplyContext } from './context';
import { NO_IDS } from '../noIds';

const STATUS_BY_TYPE: Readonly<Record<string, string>> = {
  'subagent.spawned': 'running',
  'subagent.completed': 'completed',
  'subagent.failed': 'failed',
};

/**
 * Subagents form a roster with lineage (parent task and thread). `closed` ends the roster entry
 * without overwriting how it ended (completed or failed).
 */
export function applySubagentEvent(ctx: ApplyContext, event: SubagentEvent): void {
  const subagentId = readString(event.subagentId);
  if (subagentId === undefined) return;
  const existing = ctx.draft.get('subagents', subagentId);
  const record: SubagentRecord = existing
    ? { ...existing }
    : { subagentId, status: 'unknown', closed: false, messageIds: NO_IDS, artifactIds: NO_IDS, evidenceIds: NO_IDS };
  if (!existing) ctx.draft.record('subagent', subagentId, event, readRole(event));
  const role = readRole(event);
  const title = readTitle(event);
  const parentTaskId = readParentTaskId(event);
  const parentThreadId = readString(event.parentThreadId) ?? readString(event.payload.parentThreadId);
  if (role !== undefined) record.role = role;
  if (title !== undefined) record.title = title;
  if (parentTaskId !== undefined) record.parentTaskId = parentTaskId;
  record.parentThreadId = record.parentThreadId ?? parentThreadId ?? event.threadId;
  record.parentTurnId = record.parentTurnId ?? event.turnId;
  record.taskId = record.taskId ?? event.taskId;
  // What the subagent reported it did, in its own words (`subagent.completed`'s summary).
  const summary = readString(event.payload.summary);
  if (summary !== undefined) record.summary = summary;
  if (event.type === 'subagent.closed') record.closed = true;
  else if (event.type === 'subagent.status') record.status = readString(event.payload.status) ?? record.status;
  else if (STATUS_BY_TYPE[event.type] !== undefined && !(record.status === 'completed' || record.status === 'failed')) {
    record.status = STATUS_BY_TYPE[event.type]!;
  }
  ctx.draft.put('subagents', subagentId, record);
}
