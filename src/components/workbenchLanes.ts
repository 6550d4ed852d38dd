import { selectLaneCounts, type LaneCounts } from '../store/selectors/laneCounts';

/**
 * A side lane of the workbench (tab): tasks, tools, timeline, artifacts, evidence, team
 * (subagents), diagnostics.
 */
export type WorkbenchLane = keyof LaneCounts;

/** The lanes in tab order. */
export const LANES: readonly WorkbenchLane[] = ['tasks', 'tools', 'timeline', 'artifacts', 'evidence', 'team', 'diagnostics'];

/**
 * The lanes offered as tabs. The Task lane only when the runtime reported a task: a task-less chat
 * has no task to detail, and an empty tab saying so would be the first thing a reader sees.
 */
export function visibleLanes(counts: LaneCounts): WorkbenchLane[] {
  return LANES.filter((lane) => lane !== 'tasks' || counts.tasks > 0);
}

/**
 * The lane to show: the one the user (or `defaultLane`) chose while it is offered; else the first
 * lane with something in it, in tab order (the task first, when the runtime reported one); else
 * the first lane offered. A function of the facts alone, not of the order they arrived in: a live
 * session and its replay (or a session hydrated in slices) open on the same lane.
 */
export function pickLane(counts: LaneCounts, chosen: WorkbenchLane | undefined): WorkbenchLane {
  const offered = visibleLanes(counts);
  if (chosen !== undefined && offered.includes(chosen)) return chosen;
  return offered.find((lane) => counts[lane] > 0) ?? offered[0]!;
}

/**
 * Which lanes hold something (1) and which nothing (0): all `visibleLanes` and `pickLane` read. The
 * workbench selects this rather than the counts, so it re-renders (and with it every surface it
 * holds) when a lane fills or empties, not on every record a stream adds; the tabs' own counts
 * (`LaneLabel`) follow the records.
 */
export function selectLaneOccupancy(state: Parameters<typeof selectLaneCounts>[0]): LaneCounts {
  const counts = selectLaneCounts(state);
  const occupied = {} as LaneCounts;
  for (const lane of LANES) occupied[lane] = counts[lane] > 0 ? 1 : 0;
  return occupied;
}
