import type { JsonObject } from './events';

/** A turn as a snapshot or read model reports it. */
export interface TurnSnapshot {
  turnId: string;
  status: string;
  taskId?: string;
  runId?: string;
  startedAt?: string;
  completedAt?: string;
}

/** A pending request (action) as a read model reports it. */
export interface PendingRequestSnapshot extends JsonObject {
  actionId?: string;
  requestId?: string;
  actionType?: string;
  prompt?: string;
  severity?: string;
  status?: string;
}

/** Thread state as the runtime's ThreadReadModel (or a session snapshot's thread) reports it. */
export interface ThreadReadModelSnapshot extends JsonObject {
  threadId: string;
  status: string;
  activeTurnId?: string;
  turns?: TurnSnapshot[];
  pendingRequests?: PendingRequestSnapshot[];
  queuedTurns?: JsonObject[];
  incidents?: JsonObject[];
  toolCalls?: JsonObject[];
  evidenceSummary?: JsonObject;
  messages?: JsonObject[];
  /** Where to resume the stream: the last applied sequence (or `{ sequence, eventId }`). */
  cursor?: number | { sequence?: number; eventId?: string };
}

/** One attempt of a task as a snapshot lists it: its `runId`, the runtime's `attemptId`, its status. */
export interface TaskAttemptSnapshot {
  runId: string;
  attemptId?: string;
  status: string;
}

/**
 * A task as a session snapshot lists it (Lime profile): status, objective, current run, attempts,
 * evidence refs.
 */
export interface TaskSnapshotDocument extends JsonObject {
  taskId: string;
  status: string;
  objective?: string;
  title?: string;
  currentRunId?: string;
  attempts?: TaskAttemptSnapshot[];
  evidenceRefs?: string[];
}

/** The session snapshot of the Lime profile (`agentruntime-lime-profile-snapshot.schema.json`). */
export interface SessionSnapshot extends JsonObject {
  schemaVersion: string;
  runtimeId?: string;
  sessionId: string;
  updatedAt?: string;
  threads: ThreadReadModelSnapshot[];
  tasks?: TaskSnapshotDocument[];
  taskSummary?: JsonObject;
  routingLimitSummary?: JsonObject;
  telemetrySummary?: JsonObject;
  evidenceRefs?: string[];
  cursor?: number | { sequence?: number; eventId?: string };
}

/**
 * What a parsed JSON document is (from `classifyDocument`): an event, a session snapshot, a thread
 * read model, an evidence (benchmark) pack, or `unknown`.
 */
export type RuntimeDocumentKind = 'event' | 'session-snapshot' | 'thread-read-model' | 'benchmark-pack' | 'unknown';

/** Tells what a parsed JSON document is, from its shape. */
export function classifyDocument(value: unknown): RuntimeDocumentKind {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'unknown';
  const doc = value as JsonObject;
  if (typeof doc.type === 'string') return 'event';
  if (Array.isArray(doc.threads)) return 'session-snapshot';
  if (typeof doc.threadId === 'string' && (Array.isArray(doc.turns) || Array.isArray(doc.pendingRequests) || Array.isArray(doc.messages)))
    return 'thread-read-model';
  if (typeof doc.benchmark === 'object' && doc.benchmark !== null && 'runtimeCorrelation' in doc) return 'benchmark-pack';
  return 'unknown';
}
