export { createRuntimeStore } from './createRuntimeStore';
export { hydrate, yieldToHost, type HydrateInput, type HydrateOptions, type HydrateProgress, type HydrateResult } from './hydrateBacklog';
export type {
  HydrateReport,
  IngestOptions,
  IngestReport,
  RuntimeStoreActions,
  RuntimeState,
  RuntimeStore,
  RuntimeStoreOptions,
} from './createRuntimeStore';
export type * from './records';
export type { IngestCounts, ProjectionData, ProjectionTables, RespondingOverlay, TableName } from './state';
export { tableRows, type Table } from './table';
export { summarize, type RuntimeSummary } from './selectors/summarize';
export * from './selectors/readModels';
export * from './selectors/turnStatus';
export * from './selectors/text';
export { readModelOf } from './readModelOf';
