import type { ProjectionData } from '../state';

/** How many records each side lane holds, for the counts on its tab. */
export interface LaneCounts {
  tasks: number;
  tools: number;
  timeline: number;
  artifacts: number;
  evidence: number;
  team: number;
  /** Degraded facts: every diagnostic the store recorded (dropped, malformed or contradictory input). */
  diagnostics: number;
}

/** How many facts each workbench lane holds (its tab's count); cheap: table sizes only. */
export function selectLaneCounts(state: Pick<ProjectionData, 'tasks' | 'toolCalls' | 'timeline' | 'artifacts' | 'evidence' | 'subagents' | 'diagnostics'>): LaneCounts {
  return {
    tasks: state.tasks.ids.length,
    tools: state.toolCalls.ids.length,
    timeline: state.timeline.ids.length,
    artifacts: state.artifacts.ids.length,
    evidence: state.evidence.ids.length,
    team: state.subagents.ids.length,
    diagnostics: state.diagnostics.ids.length,
  };
}
