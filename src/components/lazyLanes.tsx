import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';
import { boxPlaceholder, linePlaceholder } from './placeholders';

// The side lanes are not the first screen: a workbench opens on its thread, and a lane's code (its
// rows, their icons) arrives when the lane first shows, or earlier when the page is idle.

/** The lanes' module, loaded on first use, in idle time (`useIdlePreload`) or by `preloadKit`. */
export const lanesModule = lazyPart(() => import('./sideLanes'));

/** `ProcessTimeline`, loaded with the Timeline lane. */
export const LazyProcessTimeline = lazyComponent(lanesModule, (m) => m.ProcessTimeline, boxPlaceholder('aui-timeline'));
/** `EvidenceLane`, loaded with the Evidence lane. */
export const LazyEvidenceLane = lazyComponent(lanesModule, (m) => m.EvidenceLane, boxPlaceholder('aui-evidence-lane'));
/** `SubagentRoster`, loaded with the Team lane. */
export const LazySubagentRoster = lazyComponent(lanesModule, (m) => m.SubagentRoster, boxPlaceholder('aui-subagent-roster'));
/** `DiagnosticsPanel`, loaded with the Diagnostics lane. */
export const LazyDiagnosticsPanel = lazyComponent(lanesModule, (m) => m.DiagnosticsPanel, boxPlaceholder('aui-diagnostics'));

/** `TaskCapsule`, loaded with the session's first task (the workbench renders it only then). */
export const LazyTaskCapsule = lazyComponent(lanesModule, (m) => m.TaskCapsule, linePlaceholder('aui-task-capsule', 'div'));

/** A subagent's line in the thread (`SubagentSummary`), loaded with the first subagent a turn ran. */
export const LazySubagentSummary = lazyComponent(lanesModule, (m) => m.SubagentSummary, linePlaceholder('aui-subagent-summary', 'p'));
