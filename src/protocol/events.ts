import type {
  ActionId,
  ArtifactId,
  AttemptId,
  EventId,
  EvidenceId,
  MessageId,
  PartId,
  RunId,
  RuntimeId,
  SessionId,
  StepId,
  SubagentId,
  TaskId,
  ThreadId,
  ToolCallId,
  TraceId,
  TurnId,
} from './ids';

/** A JSON object as read from the wire: fields are `unknown` until a payload reader checks them. */
export type JsonObject = Record<string, unknown>;

/** The Lime AgentRuntime profile envelope (SPEC section 2) with its optional joins. */
// A type alias (not an interface) so an envelope still assigns to JsonObject (implicit index signature).
export type RuntimeEventEnvelope<TType extends string = string, TPayload extends JsonObject = JsonObject> = {
  type: TType;
  eventId: EventId;
  timestamp: string;
  schemaVersion?: string;
  runtimeId?: RuntimeId;
  sessionId?: SessionId;
  threadId?: ThreadId;
  turnId?: TurnId;
  sequence?: number;
  payload: TPayload;
  taskId?: TaskId;
  runId?: RunId;
  attemptId?: AttemptId;
  stepId?: StepId;
  messageId?: MessageId;
  partId?: PartId;
  toolCallId?: ToolCallId;
  actionId?: ActionId;
  artifactId?: ArtifactId;
  evidenceId?: EvidenceId;
  subagentId?: SubagentId;
  parentSessionId?: SessionId;
  parentThreadId?: ThreadId;
  traceId?: TraceId;
  /** The type as received, when an alias was normalized to the canonical name. */
  originalType?: string;
  // The rest of the profile's optional top-level fields (schema/runtime-event.schema.json). No index
  // signature: a misspelled field in an event literal is a compile error, not a silent extra.
  parentTaskId?: TaskId;
  rootTaskId?: TaskId;
  requestId?: string;
  processId?: string;
  channelId?: string;
  jobId?: string;
  jobItemId?: string;
  outputRef?: string;
  modelRequestId?: string;
  queueId?: string;
  spanId?: string;
  nativeStatus?: string;
  status?: string;
  phase?: string;
  statusReason?: string;
  refs?: JsonObject;
  benchmark?: JsonObject;
  trajectory?: JsonObject;
  reward?: JsonObject;
  comparison?: JsonObject;
  task?: JsonObject;
  taskAttempt?: JsonObject;
  taskRelationship?: JsonObject;
  taskGraph?: JsonObject;
  taskProgress?: JsonObject;
  taskAcceptance?: JsonObject;
  worker?: JsonObject;
  deliveryState?: JsonObject;
  permissionDecision?: JsonObject;
  sandboxProfile?: JsonObject;
  routingDecision?: JsonObject;
  candidateModelSet?: JsonObject;
  taskProfile?: JsonObject;
  limitState?: JsonObject;
  limitEvent?: JsonObject;
  costState?: JsonObject;
  hookRun?: JsonObject;
  executionEnvironment?: JsonObject;
  channel?: JsonObject;
  job?: JsonObject;
  jobItem?: JsonObject;
  output?: JsonObject;
  historyBoundary?: JsonObject;
  telemetry?: JsonObject;
  correlation?: JsonObject;
  // Envelope-level spellings some runtimes use; read tolerantly (payloadReaders), the payload's win.
  artifactKind?: string;
  artifactStatus?: string;
  artifactVersionId?: string;
  artifactPreview?: string;
  artifactReadRef?: string;
  artifactDiffRef?: string;
  evidencePackRef?: string;
  replayRef?: string;
  reviewRef?: string;
  agentRole?: string;
};

// Payloads: every field optional, because the kit reads them tolerantly (see payloadReaders).
/** `model.delta` / `reasoning.delta` payload: the text increment is `delta ?? text`. */
export interface TextDeltaPayload extends JsonObject { delta?: string; text?: string }
/**
 * `model.completed` payload: the final text is `text ?? finalText ?? content`; it replaces the
 * streamed text.
 */
export interface FinalTextPayload extends JsonObject { text?: string; finalText?: string; content?: string }
/** Typed failure fields of `*.failed` and `runtime.error` events; an absent field renders `unknown`. */
export interface FailurePayload extends JsonObject {
  failureCategory?: string;
  retryable?: boolean;
  recoveryHint?: string;
  message?: string;
}
/** `run.status` payload: the stage (`stage ?? status`) and a human-readable `detail`. */
export interface RunStatusPayload extends JsonObject { stage?: string; status?: string; detail?: string }
/**
 * `tool.started` payload: name (`toolName ?? name`) and the safe input (`safeArgs ?? inputSummary
 * ?? args`, redacted before display).
 */
export interface ToolStartedPayload extends JsonObject {
  toolName?: string;
  name?: string;
  safeArgs?: unknown;
  inputSummary?: unknown;
  args?: unknown;
}
/** `tool.args` payload: streamed argument text (`delta`, appended) or whole `args`. */
export interface ToolArgsPayload extends JsonObject { delta?: string; args?: unknown }
/** `tool.progress` payload: `progress` (0..1 or a percentage), a `message`, streamed output `delta`. */
export interface ToolProgressPayload extends JsonObject { progress?: number; message?: string; delta?: string }
/**
 * `tool.result` / `tool.failed` / `output.*` payload: a capped `preview`, the full output behind
 * `outputRef`, `durationMs`.
 */
export interface ToolResultPayload extends JsonObject {
  preview?: string;
  outputRef?: string;
  output_ref?: string;
  durationMs?: number;
  status?: string;
}
/**
 * `action.*` payload: what the user is asked (`actionType`, `prompt`, `severity`, JSON `schema` for
 * input) and, once resolved, the `decision`.
 */
export interface ActionPayload extends JsonObject {
  actionType?: string;
  prompt?: string;
  severity?: string;
  decisionKind?: string;
  schema?: JsonObject;
  scope?: unknown;
  expiresAt?: string;
  decision?: string;
  status?: string;
}
/**
 * `artifact.*` payload: kind, status, title, version and the refs a card loads on demand. A missing
 * kind renders `unknown`.
 */
export interface ArtifactPayload extends JsonObject {
  kind?: string;
  status?: string;
  title?: string;
  versionId?: string;
  previewRef?: string;
  preview?: unknown;
  readRef?: string;
  diffRef?: string;
  exportRef?: string;
}
/** `evidence.*` / `review.*` payload: verification status, pack/replay/review/trace refs and outcomes. */
export interface EvidencePayload extends JsonObject {
  status?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  traceRef?: string;
  verificationOutcomes?: { name?: string; status?: string }[];
}
/** `routing.*` payload: the model the runtime selected, how many candidates it had and who decided. */
export interface RoutingPayload extends JsonObject {
  selectedModel?: string;
  candidateCount?: number;
  decisionSource?: string;
}
/** `subagent.*` payload: the subagent's role, the task it works for, a title and its status. */
export interface SubagentPayload extends JsonObject { role?: string; parentTaskId?: string; title?: string; status?: string }

type Family<TPrefix extends string, TPayload extends JsonObject = JsonObject> = RuntimeEventEnvelope<`${TPrefix}${string}`, TPayload>;

/** A discriminated union per event family; narrow on `type` to reach the family's payload. */
export type SessionEvent = Family<'session.'>;
/** `thread.*` events (scoped by `threadId`). */
export type ThreadEvent = Family<'thread.'>;
/** `turn.*` events: submitted, started, completed, failed (with failure fields), cancelled. */
export type TurnEvent = Family<'turn.', FailurePayload>;
/** `task.*` and `task.attempt.*` events (scoped by `taskId` / `runId`). */
export type TaskEvent = Family<'task.'>;
/** `run.status`: the runtime's current stage for a turn (shown outside the conversation). */
export type RunStatusEvent = RuntimeEventEnvelope<'run.status', RunStatusPayload>;
/** `model.delta` (alias `text.delta`): a text increment appended to the turn's answer. */
export type ModelDeltaEvent = RuntimeEventEnvelope<'model.delta', TextDeltaPayload>;
/** `model.completed` (alias `text.final`): the final text, which replaces what streamed. */
export type ModelCompletedEvent = RuntimeEventEnvelope<'model.completed', FinalTextPayload>;
/** Every `model.*` event: requested (a new step), delta, completed, failed. */
export type ModelEvent = ModelDeltaEvent | ModelCompletedEvent | RuntimeEventEnvelope<'model.requested' | 'model.failed'>;
/** `reasoning.delta` / `reasoning.summary`: process text, never part of the answer. */
export type ReasoningEvent = RuntimeEventEnvelope<'reasoning.delta' | 'reasoning.summary', TextDeltaPayload>;
/**
 * `tool.*` events, each with its payload (aliases `tool.completed`, `tool.output.delta` are
 * normalized to these).
 */
export type ToolEvent =
  | RuntimeEventEnvelope<'tool.started', ToolStartedPayload>
  | RuntimeEventEnvelope<'tool.args', ToolArgsPayload>
  | RuntimeEventEnvelope<'tool.progress', ToolProgressPayload>
  | RuntimeEventEnvelope<'tool.result', ToolResultPayload>
  | RuntimeEventEnvelope<'tool.failed', FailurePayload & ToolResultPayload>;
/** `action.*` events: required, updated, resolved, cancelled, expired. */
export type ActionEvent = Family<'action.', ActionPayload>;
/** `artifact.*` events: changed (the collapsed adapter form) and the specific lifecycle forms. */
export type ArtifactEvent = Family<'artifact.', ArtifactPayload>;
/** `evidence.*` events: changed, exported. */
export type EvidenceEvent = Family<'evidence.', EvidencePayload>;
/** `routing.*` events: the model the runtime chose and why. */
export type RoutingEvent = Family<'routing.', RoutingPayload>;
/** `subagent.*` events (aliases `agent.spawned` / `agent.completed`): a roster entry with lineage. */
export type SubagentEvent = Family<'subagent.', SubagentPayload>;
/** Cost, quota and rate-limit events, shown as runtime facts (a limit that stops work renders `blocked`). */
export type LimitEvent = Family<'cost.'> | Family<'quota.'> | Family<'rate_limit.'> | RuntimeEventEnvelope<'limit.changed'>;
/** `runtime.warning` / `runtime.error`: the runtime's own diagnostics, typed like failures. */
export type DiagnosticEvent = RuntimeEventEnvelope<'runtime.warning' | 'runtime.error', FailurePayload>;

/** `output.*` events: a tool output moved behind its ref, cut, redacted or expired. */
export type OutputEvent = RuntimeEventEnvelope<'output.spilled' | 'output.truncated' | 'output.redacted' | 'output.expired', ToolResultPayload>;
/** `review.*` events: a reviewer's verdict on evidence (a conflict with it renders `disputed`). */
export type ReviewEvent = Family<'review.', EvidencePayload & { verdict?: string }>;
/** `queue.changed`: the turns queued behind the active one. */
export type QueueEvent = RuntimeEventEnvelope<'queue.changed'>;
/**
 * `snapshot.updated` / `messages.snapshot`: a read model in the stream, merged like `applyReadModel`
 * (never moving facts back).
 */
export type SnapshotEvent = RuntimeEventEnvelope<'snapshot.updated' | 'messages.snapshot'>;
/** `permission.*` / `sandbox.*` events: what a policy or sandbox allows or stops (`blocked`). */
export type PermissionEvent = Family<'permission.', ActionPayload> | Family<'sandbox.'>;

/**
 * A known event, as a discriminated union: narrowing on `type` reaches the family's payload
 * (`if (e.type === 'model.delta') e.payload.delta // string | undefined`). Input of any type (an
 * alias, an unknown type, a line not yet validated) is an `AnyRuntimeEvent`.
 */
export type RuntimeEvent =
  | SessionEvent
  | ThreadEvent
  | TurnEvent
  | TaskEvent
  | RunStatusEvent
  | ModelEvent
  | ReasoningEvent
  | ToolEvent
  | OutputEvent
  | ActionEvent
  | PermissionEvent
  | ArtifactEvent
  | EvidenceEvent
  | ReviewEvent
  | RoutingEvent
  | SubagentEvent
  | LimitEvent
  | DiagnosticEvent
  | QueueEvent
  | SnapshotEvent;

/** The wide form: an envelope of any type, as received or normalized. Narrow to `RuntimeEvent` by type. */
export type AnyRuntimeEvent = RuntimeEventEnvelope;
