export { createRuntimeStore } from './createRuntimeStore';
export type {
  ReadModelReport,
  IngestOptions,
  IngestReport,
  RuntimeStoreActions,
  RuntimeState,
  RuntimeStore,
  RuntimeStoreOptions,
} from './createRuntimeStore';
export type * from './records';
export { IdList } from './idList';
export type { IngestCounts, ProjectionData, ProjectionTables, RespondingOverlay, TableName } from './state';
export { tableRows, type Table } from './table';
export { summarize, type RuntimeSummary } from './selectors/summarize';
export * from './selectors/readModels';
export * from './selectors/turnStatus';
export * from './selectors/severity';
export * from './selectors/text';
export * from './selectors/parsedArgs';
export { readModelOf } from './readModelOf';
// Display facts: what the components show, computed from facts (they render these, never derive them).
export * from './selectors/runtimeStatus';
export * from './selectors/taskCapsule';
export * from './selectors/actionKind';
export * from './selectors/factState';
export * from './selectors/toolFacts';
export * from './selectors/turnNotice';
export * from './selectors/usage';
export * from './selectors/laneCounts';
export * from './selectors/diagnosticSummary';
export * from './selectors/turnSubagents';
