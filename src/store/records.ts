import type { FailureFacts, VerificationOutcome } from '../protocol/payloadReaders';
import type { JsonObject } from '../protocol/events';

/** The fallback vocabulary of SPEC section 5: one badge, used by every surface. */
export type FactState = 'unknown' | 'unavailable' | 'blocked' | 'stale' | 'loading' | 'needs-input' | 'failed' | 'disputed';

export type StaleReason = 'sequence_gap' | 'late_event' | 'disconnected';

export interface SessionFacts {
  sessionId?: string;
  runtimeId?: string;
  schemaVersion?: string;
  stale: boolean;
  staleReason?: StaleReason;
  /** Highest sequence applied in order; the cursor a resume starts after. */
  lastSequence?: number;
  lastEventId?: string;
  lastTimestamp?: string;
  hydratedAt?: string;
  /** Facts this runtime declared it does not provide (they render `unavailable`). */
  unavailableFacts: readonly string[];
}

export interface ThreadRecord {
  threadId: string;
  /** Status as a snapshot or a thread event reported it. */
  status?: string;
  activeTurnId?: string;
  turnIds: readonly string[];
  incidents: readonly JsonObject[];
  parentThreadId?: string;
}

export type TurnLifecycle = 'submitted' | 'running' | 'completed' | 'failed' | 'cancelled' | 'unknown';

export type BlockReason = 'quota' | 'routing' | 'permission' | 'sandbox' | 'policy' | 'task';

export interface TurnRecord {
  turnId: string;
  threadId?: string;
  lifecycle: TurnLifecycle;
  submittedAt?: string;
  startedAt?: string;
  endedAt?: string;
  /** Latest `run.status` stage (routing, preparing, streaming, retrying ...) and its detail. */
  stage?: string;
  stageDetail?: string;
  stageSince?: string;
  failure?: FailureFacts;
  blocked?: { reason: BlockReason; detail?: string };
  taskId?: string;
  runIds: readonly string[];
  messageIds: readonly string[];
  actionIds: readonly string[];
  toolCallIds: readonly string[];
  /** The message new parts attach to when an event names none. */
  currentMessageId?: string;
}

export type PartKind = 'text' | 'reasoning' | 'tool' | 'action' | 'artifact';

export interface MessagePart {
  partId: string;
  messageId: string;
  kind: PartKind;
  /** Text of a text or reasoning part. */
  text?: string;
  /** The referenced fact for tool, action and artifact parts. */
  refId?: string;
  /** A reasoning part is done when the answer starts or the message completes. */
  done: boolean;
  /** The model step of the message this part was streamed in (absent: the first). */
  step?: number;
}

/** `interrupted`: the turn was cancelled while this message streamed; its text is partial. */
export type MessageStatus = 'streaming' | 'completed' | 'failed' | 'interrupted';

export interface MessageRecord {
  messageId: string;
  turnId?: string;
  threadId?: string;
  role: 'user' | 'assistant';
  partIds: readonly string[];
  status: MessageStatus;
  /** True once a final-text fact (model.completed or a snapshot) reconciled the answer. */
  final: boolean;
  /**
   * The model step now streaming (absent: the first). A turn's implicit message spans every step
   * of the turn (text, tool, text ...); each step's final text reconciles only that step's text.
   */
  step?: number;
  /** The next part number (part ids are never reused, even after a part is dropped). */
  nextPart?: number;
  failure?: FailureFacts;
  subagentId?: string;
}

/** `unknown`: the tool is known (e.g. listed by a snapshot) but no status was stated for it. */
export type ToolStatus = 'unknown' | 'running' | 'succeeded' | 'failed';

export interface ToolCallRecord {
  toolCallId: string;
  stepId?: string;
  turnId?: string;
  messageId?: string;
  subagentId?: string;
  name?: string;
  safeArgs?: unknown;
  /** Streamed argument text, appended per delta and parsed only when read. */
  argsText: string;
  status: ToolStatus;
  progress?: number;
  progressMessage?: string;
  /** Output preview, capped at the preview budget; the whole output is behind `outputRef`. */
  outputPreview?: string;
  outputTruncated: boolean;
  outputRef?: string;
  /** What an output.* fact said of the output: moved behind its ref, cut, redacted or expired. */
  outputState?: 'spilled' | 'truncated' | 'redacted' | 'expired';
  durationMs?: number;
  startedAt?: string;
  endedAt?: string;
  failure?: FailureFacts;
  artifactIds: readonly string[];
  evidenceIds: readonly string[];
}

export type ActionStatus = 'pending' | 'resolved' | 'cancelled' | 'expired';

export interface ActionRecord {
  actionId: string;
  turnId?: string;
  /** The message whose parts show this request inline (absent for requests known only from a snapshot). */
  messageId?: string;
  threadId?: string;
  toolCallId?: string;
  actionType?: string;
  prompt?: string;
  severity?: string;
  decisionKind?: string;
  schema?: JsonObject;
  scope?: unknown;
  expiresAt?: string;
  toolName?: string;
  status: ActionStatus;
  decision?: string;
  /** Who answered, as the resolution said (`user`, `policy` ...). */
  respondedBy?: string;
  requestedAt?: string;
  resolvedAt?: string;
}

export type ExportState = 'exporting' | 'exported' | 'failed';

export interface ArtifactRecord {
  artifactId: string;
  kind?: string;
  status?: string;
  title?: string;
  versionIds: readonly string[];
  currentVersionId?: string;
  previewRef?: string;
  preview?: string;
  readRef?: string;
  diffRef?: string;
  exportState?: ExportState;
  exportRef?: string;
  mimeType?: string;
  toolCallId?: string;
  turnId?: string;
  taskId?: string;
  subagentId?: string;
  error?: string;
  updatedAt?: string;
}

export interface EvidenceRecord {
  evidenceId: string;
  status?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  traceRef?: string;
  exportRef?: string;
  verdict?: string;
  verificationOutcomes: readonly VerificationOutcome[];
  disputed: boolean;
  correlation: { sessionId?: string; threadId?: string; turnId?: string; taskId?: string; runId?: string };
  toolCallId?: string;
  subagentId?: string;
  updatedAt?: string;
}

export interface TaskAttemptRecord {
  runId: string;
  attemptId?: string;
  status: string;
  failure?: FailureFacts;
  startedAt?: string;
  endedAt?: string;
}

export interface TaskRecord {
  taskId: string;
  status?: string;
  title?: string;
  objective?: string;
  parentTaskId?: string;
  currentRunId?: string;
  attempts: readonly TaskAttemptRecord[];
  dependencies: readonly string[];
  progress?: unknown;
  evidenceRefs: readonly string[];
  threadId?: string;
  turnId?: string;
  subagentId?: string;
}

export interface SubagentRecord {
  subagentId: string;
  role?: string;
  title?: string;
  parentTaskId?: string;
  parentThreadId?: string;
  parentTurnId?: string;
  taskId?: string;
  status: string;
  /** The subagent's own summary of its work, when it reported one. */
  summary?: string;
  closed: boolean;
  messageIds: readonly string[];
  artifactIds: readonly string[];
  evidenceIds: readonly string[];
}

export interface QueuedTurn {
  queueId?: string;
  turnId?: string;
  preview?: string;
}

export interface RoutingFacts {
  selectedModel?: string;
  candidateCount?: number;
  decisionSource?: string;
  fallbackModel?: string;
  reason?: string;
  notPossible: boolean;
  turnId?: string;
  taskProfile?: JsonObject;
}

export interface CostLimitFacts {
  estimatedUsd?: number;
  recordedUsd?: number;
  inputTokens?: number;
  outputTokens?: number;
  rateLimit?: { at?: string; retryAfterMs?: number; detail?: string };
  quota?: { state: 'low' | 'blocked'; at?: string; detail?: string };
  limits?: JsonObject;
}

export interface PermissionFacts {
  mode?: string;
  decisions: readonly JsonObject[];
  sandboxProfile?: JsonObject;
  violations: readonly JsonObject[];
}

export type DiagnosticSeverity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  id: string;
  code: string;
  severity: DiagnosticSeverity;
  message: string;
  eventId?: string;
  type?: string;
  field?: string;
  line?: number;
  /** The raw event with secret-looking keys redacted, for the diagnostics surface. */
  raw?: unknown;
}

export type TimelineKind =
  | 'tool'
  | 'action'
  | 'artifact'
  | 'evidence'
  | 'task'
  | 'subagent'
  | 'routing'
  | 'limit'
  | 'diagnostic'
  | 'process';

/** One entry of the process archive: points at the fact it records (by kind and id). */
export interface TimelineEntry {
  entryId: string;
  kind: TimelineKind;
  refId: string;
  type: string;
  turnId?: string;
  at?: string;
  label?: string;
}
