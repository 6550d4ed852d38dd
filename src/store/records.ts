import type { FailureFacts, VerificationOutcome } from '../protocol/payloadReaders';
import type { JsonObject } from '../protocol/events';
import type { Declared } from '../protocol/entity';
import type { IdList } from './idList';
import type { ACTION, ARTIFACT, EVIDENCE, QUEUED_TURN, SUBAGENT, TASK, TOOL_CALL, TURN } from '../protocol/entities';

// A record's fields that a read model also states come from that entity's one declaration
// (protocol/entities.ts): the read model, the record and the shipped schema cannot drift apart.

/** The fallback vocabulary of SPEC section 5: one badge, used by every surface. */
export type FactState = 'unknown' | 'unavailable' | 'blocked' | 'stale' | 'loading' | 'needs-input' | 'failed' | 'disputed';

/**
 * Why a session is `stale`: a sequence gap that did not fill, an event that arrived after its place
 * was applied, or a dropped connection. Cleared by a snapshot (or, for `disconnected`, by resuming
 * where it broke).
 */
export type StaleReason = 'sequence_gap' | 'late_event' | 'disconnected';

/**
 * Facts about the followed session: its ids, whether it is `stale` and why, and the cursor a resume
 * starts after.
 */
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

/**
 * A thread: its turns in order, the active turn, and incidents a snapshot reported (they
 * accumulate, never wiped).
 */
export interface ThreadRecord {
  threadId: string;
  /** Status as a snapshot or a thread event reported it. */
  status?: string;
  activeTurnId?: string;
  /** The thread's turns in order (an `IdList`: it grows in O(1) per turn). */
  turnIds: IdList;
  incidents: readonly JsonObject[];
  parentThreadId?: string;
}

/**
 * Where a turn is, from `turn.*` events or a snapshot. `unknown` when no fact says (a turn known
 * only by id); an ended turn never goes back.
 */
export type TurnLifecycle = 'submitted' | 'running' | 'completed' | 'failed' | 'cancelled' | 'unknown';

/** What stops a turn (rendered `blocked`): a quota, routing, permission, sandbox, policy or task fact. */
export type BlockReason = 'quota' | 'routing' | 'permission' | 'sandbox' | 'policy' | 'task';

/**
 * A turn: lifecycle, times, current `run.status` stage, failure facts, and the ids of its messages,
 * actions, tool calls and runs.
 */
export interface TurnRecord extends Omit<Declared<typeof TURN>, 'turnId' | 'runId'> {
  turnId: string;
  threadId?: string;
  lifecycle: TurnLifecycle;
  /** Latest `run.status` stage (routing, preparing, streaming, retrying ...) and its detail. */
  stage?: string;
  stageDetail?: string;
  stageSince?: string;
  failure?: FailureFacts;
  blocked?: { reason: BlockReason; detail?: string };
  runIds: readonly string[];
  /** The turn's messages in order of first appearance (an `IdList`: it grows in O(1) per message). */
  messageIds: IdList;
  actionIds: readonly string[];
  /** The turn's tool calls in order of first appearance (an `IdList`, as `messageIds`). */
  toolCallIds: IdList;
  /** The message new parts attach to when an event names none. */
  currentMessageId?: string;
}

/**
 * What a message part shows: answer text, reasoning, or a reference to a tool row, action card or
 * artifact card.
 */
export type PartKind = 'text' | 'reasoning' | 'tool' | 'action' | 'artifact';

/**
 * One part of a message, in event order (SPEC section 4.3): text or reasoning, or a reference to
 * another fact by `refId`.
 */
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
  /** Streamed reasoning: the timestamp of its first event. Absent for summaries (not timed). */
  startedAt?: string;
  /** Streamed reasoning: the timestamp of the event that ended it (the answer started, the step or turn ended). */
  endedAt?: string;
}

/** `interrupted`: the turn was cancelled while this message streamed; its text is partial. */
export type MessageStatus = 'streaming' | 'completed' | 'failed' | 'interrupted';

/**
 * A message: its role, status, parts in event order, and whether a final-text fact reconciled it
 * (`final`).
 */
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

/**
 * A tool call: name, safe input, status, progress, capped output preview with the full output
 * behind `outputRef`, failure facts, and linked artifacts/evidence.
 */
export interface ToolCallRecord extends Omit<Declared<typeof TOOL_CALL>, 'toolCallId' | 'status' | 'argsText'> {
  toolCallId: string;
  stepId?: string;
  messageId?: string;
  subagentId?: string;
  /** Streamed argument text, appended per delta and parsed only when read. */
  argsText: string;
  status: ToolStatus;
  progressMessage?: string;
  outputTruncated: boolean;
  /** What an output.* fact said of the output: moved behind its ref, cut, redacted or expired. */
  outputState?: 'spilled' | 'truncated' | 'redacted' | 'expired';
  startedAt?: string;
  endedAt?: string;
  failure?: FailureFacts;
  artifactIds: readonly string[];
  evidenceIds: readonly string[];
}

/**
 * Where a request for the user is. Only the runtime's `action.*` events (or a snapshot) move it;
 * the UI's in-flight answer is the separate `responding` overlay.
 */
export type ActionStatus = 'pending' | 'resolved' | 'cancelled' | 'expired';

/**
 * A request for the user (approval, input, choice): prompt, severity, input schema, deadline,
 * status and the decision the runtime recorded.
 */
export interface ActionRecord extends Omit<Declared<typeof ACTION>, 'actionId' | 'status'> {
  actionId: string;
  /** The message whose parts show this request inline (absent for requests known only from a snapshot). */
  messageId?: string;
  threadId?: string;
  toolCallId?: string;
  decisionKind?: string;
  schema?: JsonObject;
  scope?: unknown;
  expiresAt?: string;
  toolName?: string;
  status: ActionStatus;
  /** Who answered, as the resolution said (`user`, `policy` ...). */
  respondedBy?: string;
  /** The note that came with the answer (a deny's reason, a policy's why), as the resolution said. */
  note?: string;
  requestedAt?: string;
  resolvedAt?: string;
}

/** Where an artifact export is, from `artifact.export.*` events. */
export type ExportState = 'exporting' | 'exported' | 'failed';

/**
 * What the runtime said about one version of an artifact: the content and refs the event that
 * declared it carried (and any that arrived while it was the current version). A version picker
 * shows each version's own content and diff from these, never the current version's.
 */
export interface ArtifactVersionFacts {
  versionId: string;
  preview?: string;
  previewRef?: string;
  readRef?: string;
  diffRef?: string;
}

/**
 * An artifact: kind, status, title, versions and the refs its card loads on demand. A missing
 * `kind` or `status` renders `unknown`.
 */
export interface ArtifactRecord extends Omit<Declared<typeof ARTIFACT>, 'artifactId'> {
  artifactId: string;
  versionIds: readonly string[];
  /** Each version's own content and refs, in the order the versions appeared (absent when hydrated from a read model). */
  versions?: readonly ArtifactVersionFacts[];
  previewRef?: string;
  preview?: string;
  readRef?: string;
  diffRef?: string;
  exportState?: ExportState;
  exportRef?: string;
  mimeType?: string;
  taskId?: string;
  subagentId?: string;
  error?: string;
  updatedAt?: string;
}

/**
 * Evidence: verification status, pack/replay/review/trace refs, outcomes and review verdict;
 * `disputed` when evidence and review conflict.
 */
export interface EvidenceRecord extends Omit<Declared<typeof EVIDENCE>, 'evidenceId'> {
  evidenceId: string;
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

/**
 * One attempt of a task (a `runId`): status, failure and times. A retry adds an attempt, never
 * overwrites one.
 */
export interface TaskAttemptRecord {
  runId: string;
  attemptId?: string;
  status: string;
  failure?: FailureFacts;
  startedAt?: string;
  endedAt?: string;
}

/** A task: objective, status, attempts in run order, dependencies, progress and evidence refs. */
export interface TaskRecord extends Omit<Declared<typeof TASK>, 'taskId' | 'evidenceRefs'> {
  taskId: string;
  parentTaskId?: string;
  attempts: readonly TaskAttemptRecord[];
  dependencies: readonly string[];
  progress?: unknown;
  evidenceRefs: readonly string[];
  subagentId?: string;
}

/**
 * A subagent in the roster: role, lineage (parent task/thread/turn), status (`unknown` until
 * stated) and what it produced.
 */
export interface SubagentRecord extends Omit<Declared<typeof SUBAGENT>, 'subagentId' | 'status'> {
  subagentId: string;
  title?: string;
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

/** A turn queued behind the active one, as `queue.changed` or a snapshot listed it. */
export type QueuedTurn = Declared<typeof QUEUED_TURN>;

/**
 * The runtime's routing decision: selected model, candidate count, who decided, fallback;
 * `notPossible` when routing stopped the turn.
 */
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

/**
 * Cost, token, rate-limit and quota facts as the runtime reported them (a blocked quota renders
 * `blocked`).
 */
export interface CostLimitFacts {
  estimatedUsd?: number;
  recordedUsd?: number;
  inputTokens?: number;
  outputTokens?: number;
  rateLimit?: { at?: string; retryAfterMs?: number; detail?: string };
  /**
   * The latest quota fact; a blocked quota may say when it resets (`resetsAt`, ISO time) and where
   * the plan can be raised (`upgradeUrl`): the ways out the UI offers, only when given.
   */
  quota?: { state: 'low' | 'blocked'; at?: string; detail?: string; resetsAt?: string; upgradeUrl?: string };
  limits?: JsonObject;
}

/** Permission mode, decisions, sandbox profile and violations as the runtime reported them. */
export interface PermissionFacts {
  mode?: string;
  decisions: readonly JsonObject[];
  sandboxProfile?: JsonObject;
  violations: readonly JsonObject[];
}

/** How serious a diagnostic is: `error` (kept out of the facts or broke the order), `warning`, `info`. */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/**
 * Something the store kept out of the facts or noticed (an invalid event, a gap, a snapshot
 * conflict), with the code, the event and line it concerns.
 */
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

/** What a process-archive entry records (its `refId` is the id of that fact). */
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
