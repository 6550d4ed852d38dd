/** Kept for the module's life; never read. */
const kept: object[] = [];

/**
 * Keeps one idle instance of a class a store makes for itself (its pipeline, draft, table writer,
 * batch runner) or an adapter makes per stream (its mapper), so that V8 keeps the class's object
 * shape while no store or stream is alive. V8 keeps a shape only while some object has it, and
 * throws away the optimized code built on a shape that goes: once the last store was collected (an app between two sessions, a test between two
 * cases), the next store's first events ran unoptimized while its whole ingest path compiled
 * again (W2 after a full GC with no store alive: ingest 1.46× its parse time, 1.14× with these
 * kept; bench/README, "cold"; an adapter's stream after a GC re-warmed its mapper's methods the
 * same way). The instances are empty: no events, no records, a few hundred bytes each. Stores,
 * streams and events are never kept.
 */
export function keepShape<T extends object>(idle: T): T {
  kept.push(idle);
  return idle;
}
