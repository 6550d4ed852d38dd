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
export interface TextDeltaPayload extends JsonObject { delta?: string; text?: string }
export interface FinalTextPayload extends JsonObject { text?: string; finalText?: string; content?: string }
export interface FailurePayload extends JsonObject {
  failureCategory?: string;
  retryable?: boolean;
  recoveryHint?: string;
  message?: string;
}
export interface RunStatusPayload extends JsonObject { stage?: string; status?: string; detail?: string }
export interface ToolStartedPayload extends JsonObject {
  toolName?: string;
  name?: string;
  safeArgs?: unknown;
  inputSummary?: unknown;
  args?: unknown;
}
export interface ToolArgsPayload extends JsonObject { delta?: string; args?: unknown }
export interface ToolProgressPayload extends JsonObject { progress?: number; message?: string; delta?: string }
export interface ToolResultPayload extends JsonObject {
  preview?: string;
  outputRef?: string;
  output_ref?: string;
  durationMs?: number;
  status?: string;
}
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
export interface EvidencePayload extends JsonObject {
  status?: string;
  packRef?: string;
  replayRef?: string;
  reviewRef?: string;
  traceRef?: string;
  verificationOutcomes?: { name?: string; status?: string }[];
}
export interface RoutingPayload extends JsonObject {
  selectedModel?: string;
  candidateCount?: number;
  decisionSource?: string;
}
export interface SubagentPayload extends JsonObject { role?: string; parentTaskId?: string; title?: string; status?: string }

type Family<TPrefix extends string, TPayload extends JsonObject = JsonObject> = RuntimeEventEnvelope<`${TPrefix}${string}`, TPayload>;

/** A discriminated union per event family; narrow on `type` to reach the family's payload. */
export type SessionEvent = Family<'session.'>;
export type ThreadEvent = Family<'thread.'>;
export type TurnEvent = Family<'turn.', FailurePayload>;
export type TaskEvent = Family<'task.'>;
export type RunStatusEvent = RuntimeEventEnvelope<'run.status', RunStatusPayload>;
export type ModelDeltaEvent = RuntimeEventEnvelope<'model.delta', TextDeltaPayload>;
export type ModelCompletedEvent = RuntimeEventEnvelope<'model.completed', FinalTextPayload>;
export type ModelEvent = ModelDeltaEvent | ModelCompletedEvent | RuntimeEventEnvelope<'model.requested' | 'model.failed'>;
export type ReasoningEvent = RuntimeEventEnvelope<'reasoning.delta' | 'reasoning.summary', TextDeltaPayload>;
export type ToolEvent =
  | RuntimeEventEnvelope<'tool.started', ToolStartedPayload>
  | RuntimeEventEnvelope<'tool.args', ToolArgsPayload>
  | RuntimeEventEnvelope<'tool.progress', ToolProgressPayload>
  | RuntimeEventEnvelope<'tool.result', ToolResultPayload>
  | RuntimeEventEnvelope<'tool.failed', FailurePayload & ToolResultPayload>;
export type ActionEvent = Family<'action.', ActionPayload>;
export type ArtifactEvent = Family<'artifact.', ArtifactPayload>;
export type EvidenceEvent = Family<'evidence.', EvidencePayload>;
export type RoutingEvent = Family<'routing.', RoutingPayload>;
export type SubagentEvent = Family<'subagent.', SubagentPayload>;
export type LimitEvent = Family<'cost.'> | Family<'quota.'> | Family<'rate_limit.'> | RuntimeEventEnvelope<'limit.changed'>;
export type DiagnosticEvent = RuntimeEventEnvelope<'runtime.warning' | 'runtime.error', FailurePayload>;

export type OutputEvent = RuntimeEventEnvelope<'output.spilled' | 'output.truncated' | 'output.redacted' | 'output.expired', ToolResultPayload>;
export type ReviewEvent = Family<'review.', EvidencePayload & { verdict?: string }>;
export type QueueEvent = RuntimeEventEnvelope<'queue.changed'>;
export type SnapshotEvent = RuntimeEventEnvelope<'snapshot.updated' | 'messages.snapshot'>;
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
