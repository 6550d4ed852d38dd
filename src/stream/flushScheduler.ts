/** Runs `flush` later and returns a cancel function. */
export type FlushScheduler = (flush: () => void) => () => void;

/** Applies at once: tests, Node, and hidden tabs (where animation frames stop). */
export const syncFlush: FlushScheduler = (flush) => {
  flush();
  return () => undefined;
};

/**
 * One flush per animation frame, so a 2,000 events/s stream causes at most one store update per
 * frame. Falls back to a macrotask where there are no frames (Node, SSR), and applies at once
 * when the document is hidden.
 */
export const frameFlush: FlushScheduler = (flush) => {
  const doc = (globalThis as { document?: { hidden?: boolean } }).document;
  if (doc?.hidden) return syncFlush(flush);
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => flush());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(flush, 16);
  return () => clearTimeout(id);
};
