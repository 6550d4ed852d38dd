// Named id types: plain strings at run time, but the names say which scope an id belongs to.
/** The runtime that produced an event (`runtimeId`): one agent runtime deployment. */
export type RuntimeId = string;
/** A session (`sessionId`): the unit a store follows; order and staleness are per session. */
export type SessionId = string;
/** A conversation thread (`threadId`) inside a session; scopes `thread.*` and every turn. */
export type ThreadId = string;
/** One user turn (`turnId`): a prompt and everything the runtime did for it. */
export type TurnId = string;
/** The id an event is deduplicated by (`eventId`); unique within a session. */
export type EventId = string;
/** A task (`taskId`) the runtime tracks across attempts; scopes `task.*`. */
export type TaskId = string;
/** One attempt's run (`runId`) of a task; scopes `task.attempt.*`. A retry gets a new one. */
export type RunId = string;
/** The runtime's own id for an attempt (`attemptId`), when it has one besides the `runId`. */
export type AttemptId = string;
/** A model or tool step inside a turn (`stepId`); required on `tool.*` events. */
export type StepId = string;
/** A message (`messageId`); without one, a turn's answer is `<turnId>:assistant`. */
export type MessageId = string;
/** A part of a message (`partId`): text, reasoning, a tool row, an action card or an artifact ref. */
export type PartId = string;
/** A tool call (`toolCallId`); required on `tool.*` events, it keys the tool row. */
export type ToolCallId = string;
/** A request for the user (`actionId`): approval, input, choice; required on `action.*` events. */
export type ActionId = string;
/** An artifact (`artifactId`): a file, document or other output with versions. */
export type ArtifactId = string;
/** An evidence record (`evidenceId`): pack, replay and review refs with a verification status. */
export type EvidenceId = string;
/** A subagent (`subagentId`) reporting inside its parent's session. */
export type SubagentId = string;
/** A tracing id (`traceId`) joining an event to the runtime's traces; shown, never interpreted. */
export type TraceId = string;
