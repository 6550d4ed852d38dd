// What an app uses: the store and the display facts it renders, opening and streaming a session,
// the React hooks and components, and every type. The building blocks (validation, the vocabulary
// and codecs, transports' parts, the connection machine, the adapter core) are on
// `agentui-kit/headless`, which holds the whole headless core.
export * from './hooks';
export * from './components';
export * from './store';
export type * from './protocol/ids';
export type * from './protocol/events';
export type { EventValidation } from './protocol/validateEvent';
export type { ValidationIssue, ValidationIssueCode, FieldProblem } from './protocol/validationIssue';
export type { SnapshotIssue } from './protocol/validateSnapshot';
export type { ReadModel } from './protocol/readModel';
export type * from './protocol/snapshots';
export type * from './protocol/providerAdapter';
export type * from './stream/types';
export { openBacklog, type BacklogInput, type BacklogOptions, type BacklogProgress, type BacklogResult } from './stream/openBacklog';
export { httpAdapter, type HttpAdapterOptions } from './stream/httpAdapter';
export { sseSource, type SseSourceOptions } from './stream/sseSource';
export { endpointSource } from './stream/streamEndpoint';
export { webSocketSource, type WebSocketSourceOptions } from './stream/webSocketSource';
export { ndjsonSource } from './stream/ndjsonSource';
export { iterableSource } from './stream/iterableSource';
export { replaySource, type ReplayOptions, type ReplaySource, type ReplayState } from './stream/replaySource';
export { withHistory, type HistoryProgress } from './stream/historySource';
export { connectRuntimeStream, type ConnectionState, type ConnectionStatus, type StreamConnection, type StreamConnectionOptions } from './stream/connectRuntimeStream';
export { createRuntimeActions, type RuntimeActions, type RuntimeActionsOptions, type SendState, type WriteResult } from './stream/runtimeActions';
