import type { ProjectionData } from '../state';

/** One code of the Diagnostics lane: how many were raised, and how many of them are kept as records. */
export interface DiagnosticCodeSummary {
  code: string;
  /** Every diagnostic of this code raised so far. */
  count: number;
  /** How many of them `state.diagnostics` keeps (the first ones); the rest are counted only. */
  kept: number;
}

/**
 * The Diagnostics lane's groups, in the order their codes first appeared: a count per code and
 * how many records are kept, so a lane can show "19,900 more unknown_event_type" instead of
 * rendering (or the store keeping) one row per repeated diagnostic.
 */
export function selectDiagnosticSummary(state: Pick<ProjectionData, 'diagnostics' | 'diagnosticCounts'>): DiagnosticCodeSummary[] {
  const kept = new Map<string, number>();
  for (const diagnostic of state.diagnostics.byId.values()) kept.set(diagnostic.code, (kept.get(diagnostic.code) ?? 0) + 1);
  const out: DiagnosticCodeSummary[] = [];
  for (const [code, count] of state.diagnosticCounts) out.push({ code, count, kept: kept.get(code) ?? 0 });
  return out;
}
