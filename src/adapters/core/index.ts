export { createEnvelopeFactory, type EnvelopeFactory, type EnvelopeFactoryOptions, type EventOptions } from './envelopeFactory';
export { CorrelationMap, type ToolCorrelation } from './correlationMap';
export { adapterSource, iterate, type FrameworkStream } from './adapterSource';
export { runConformance, diffSummary, type RecordedRun, type ConformanceResult } from './conformance';
