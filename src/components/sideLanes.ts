// The workbench's side lanes, its task capsule and the thread's subagent summaries: one chunk
// (lazyLanes.tsx), loaded when one of them first shows or when the page is idle.
export { DiagnosticsPanel } from './DiagnosticsPanel';
export { EvidenceLane } from './EvidenceLane';
export { ProcessTimeline } from './ProcessTimeline';
export { SubagentRoster, SubagentSummary } from './SubagentRoster';
export { TaskCapsule } from './TaskCapsule';
