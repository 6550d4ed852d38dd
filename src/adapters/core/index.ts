export { createEnvelopeFactory, type EnvelopeFactory, type EnvelopeFactoryOptions, type EventOptions } from './envelopeFactory';
export { CorrelationMap, type ToolCorrelation } from './correlationMap';
export { adapterSource, iterate, type FrameworkStream } from './adapterSource';
export { runConformance, diffSummary, type RecordedRun, type ConformanceResult } from './conformance';
export { createAdapterScope, scopeFromContext, type AdapterScope, type AdapterScopeOptions } from './adapterScope';
export { OutputRefs } from './outputRefs';
export { PushQueue } from './pushQueue';
export { toolOutputPayload, DEFAULT_PREVIEW_BUDGET, type SpillOutput } from './toolOutput';
export { TurnSlot, TERMINAL_TURN_EVENTS } from './turnSlot';
