// Named id types: plain strings at run time, but the names say which scope an id belongs to.
export type RuntimeId = string;
export type SessionId = string;
export type ThreadId = string;
export type TurnId = string;
export type EventId = string;
export type TaskId = string;
export type RunId = string;
export type AttemptId = string;
export type StepId = string;
export type MessageId = string;
export type PartId = string;
export type ToolCallId = string;
export type ActionId = string;
export type ArtifactId = string;
export type EvidenceId = string;
export type SubagentId = string;
export type TraceId = string;
