import { classes } from './format';
import { lazyComponent } from './lazyComponent';
import { lazyPart } from './lazyPart';

// The side lanes are not the first screen: a workbench opens on its thread, and a lane's code (its
// rows, their icons) arrives when the lane first shows, or earlier when the page is idle.

/** The lanes' module, loaded on first use, in idle time (`useIdlePreload`) or by `preloadKit`. */
export const lanesModule = lazyPart(() => import('./sideLanes'));

/** Until its module arrives, a lane is its empty root (the lane body holds its size), busy and silent. */
const lanePlaceholder = (className: string) => () => <div className={className} data-loading="" aria-busy="true" />;

/** `ProcessTimeline`, loaded with the Timeline lane. */
export const LazyProcessTimeline = lazyComponent(lanesModule, (m) => m.ProcessTimeline, lanePlaceholder('aui-timeline'));
/** `EvidenceLane`, loaded with the Evidence lane. */
export const LazyEvidenceLane = lazyComponent(lanesModule, (m) => m.EvidenceLane, lanePlaceholder('aui-evidence-lane'));
/** `SubagentRoster`, loaded with the Team lane. */
export const LazySubagentRoster = lazyComponent(lanesModule, (m) => m.SubagentRoster, lanePlaceholder('aui-subagent-roster'));
/** `DiagnosticsPanel`, loaded with the Diagnostics lane. */
export const LazyDiagnosticsPanel = lazyComponent(lanesModule, (m) => m.DiagnosticsPanel, lanePlaceholder('aui-diagnostics'));

/** Until its module arrives, a one-line part is its root holding one empty line, so what follows does not move when it fills. */
const linePlaceholder = (className: string, Line: 'div' | 'p') => () => (
  <div className={className} data-loading="" aria-busy="true">
    <Line className={classes(Line === 'div' && `${className}__summary`, 'aui-placeholder-line')} />
  </div>
);

/** `TaskCapsule`, loaded with the session's first task (the workbench renders it only then). */
export const LazyTaskCapsule = lazyComponent(lanesModule, (m) => m.TaskCapsule, linePlaceholder('aui-task-capsule', 'div'));

/** A subagent's line in the thread (`SubagentSummary`), loaded with the first subagent a turn ran. */
export const LazySubagentSummary = lazyComponent(lanesModule, (m) => m.SubagentSummary, linePlaceholder('aui-subagent-summary', 'p'));
