// Its own module: only the request lane sorts by severity, and it loads later than the first
// screen (whose turn status selectors share turnStatus.ts).

/** A Map: severities come from payloads, and `constructor` must rank as unknown, not as a function. */
const SEVERITY_RANK: ReadonlyMap<string, number> = new Map([['critical', 0], ['high', 1], ['medium', 2], ['low', 3]]);

/** Orders actions most severe first (unknown severities last, in arrival order). */
export const bySeverity = (a: { severity?: string }, b: { severity?: string }): number =>
  (SEVERITY_RANK.get(a.severity ?? '') ?? 9) - (SEVERITY_RANK.get(b.severity ?? '') ?? 9);
