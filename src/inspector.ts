// agentui-kit/inspector: a development panel over a live store (its own entry, so an app that
// mounts it in development only, or lazily, keeps it out of its first screen).
export { RuntimeInspector, type RuntimeInspectorProps } from './components/RuntimeInspector';
export { operationLogOf, type OperationLog, type StoreOperation } from './components/inspector/operationLog';
export { fixtureText, type SavedFixture } from './components/inspector/fixtureText';
export { redactForRecording, type RecordingRedaction, type RedactedRecord } from './protocol/redactRecording';
export { TOOL_LABELS, type ToolLabelKey } from './ui/labels';
