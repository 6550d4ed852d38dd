// What every streaming bench scene records, the kit's and the peers' alike, on window.__bench:
// frames, long tasks, arrival-to-paint latency, and the share of frames with the newest text on
// screen as the browser is about to paint it. That share is read in a ResizeObserver callback a
// one-pixel marker resized in every animation frame triggers: it runs after all of the frame's
// requestAnimationFrame callbacks (a stream's per-frame flush among them, whichever registered
// first) and after layout, right before paint. A plain requestAnimationFrame read can run before
// that frame's flush and so see the previous, already settled frame.

export interface BenchRecord {
  frames: number[];
  longTasks: number[];
  /** When each long task started, in ms after the probe started (to tell start-up from streaming). */
  longTaskAt: number[];
  latencies: number[];
  updates: number;
  arrived: number;
  /** Frames sampled while streaming, and how many of them showed the newest text. */
  sampled: number;
  inView: number;
  startedAt?: number;
  endedAt?: number;
  firstArrival?: number;
}

export const bench = (): BenchRecord => ((window as unknown as { __bench?: BenchRecord }).__bench ??= { frames: [], longTasks: [], longTaskAt: [], latencies: [], updates: 0, arrived: 0, sampled: 0, inView: 0 });

/**
 * True when the bottom of `last` (the newest message) lies inside the scroller's visible area.
 * Undefined when there is nothing to look at yet.
 */
export function bottomInView(scroller: Element | null, last: Element | null | undefined): boolean | undefined {
  if (!scroller || !last) return undefined;
  const box = scroller.getBoundingClientRect();
  const top = box.top + scroller.clientTop;
  const bottom = top + scroller.clientHeight;
  const end = last.getBoundingClientRect().bottom;
  return end <= bottom + 1 && end > top;
}

/** Starts recording; `newestInView` is sampled before every paint from the first arrival to the end. */
export function startProbe(newestInView: () => boolean | undefined): { arrived(count: number): void; updated(): void; ended(): void; stop(): void } {
  const b = bench();
  b.startedAt = performance.now();
  const observer = new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => {
      if (e.startTime < (b.startedAt as number)) return;
      b.longTasks.push(e.duration);
      b.longTaskAt.push(Math.round(e.startTime - (b.startedAt as number)));
    }),
  );
  observer.observe({ type: 'longtask', buffered: true });
  const marker = document.createElement('div');
  marker.style.cssText = 'position:fixed;left:0;top:0;height:1px;width:1px;visibility:hidden;pointer-events:none';
  document.body.appendChild(marker);
  /** The earliest arrival a committed update carries and no paint has shown yet. */
  let unpainted: number | undefined;
  const beforePaint = new ResizeObserver(() => {
    // Arrival to paint ends here, in the frame that paints the update: a requestAnimationFrame
    // asked for from the update would run a frame late when the update itself ran in a frame
    // callback (a per-frame flush), adding 16 ms that no reader waits.
    if (unpainted !== undefined) {
      b.latencies.push(performance.now() - unpainted);
      unpainted = undefined;
    }
    if (b.arrived === 0 || b.endedAt !== undefined) return;
    const seen = newestInView();
    if (seen === undefined) return;
    b.sampled += 1;
    if (seen) b.inView += 1;
  });
  beforePaint.observe(marker);
  let last = performance.now();
  let frame = requestAnimationFrame(function loop(now) {
    b.frames.push(now - last);
    last = now;
    marker.style.width = marker.style.width === '1px' ? '2px' : '1px';
    frame = requestAnimationFrame(loop);
  });
  return {
    arrived(count) {
      b.firstArrival ??= performance.now();
      b.arrived += count;
    },
    /** A store update (or a peer's state change) committed: the next paint shows it. */
    updated() {
      b.updates += 1;
      const arrival = b.firstArrival;
      b.firstArrival = undefined;
      if (arrival !== undefined) unpainted ??= arrival;
    },
    ended() {
      // One more frame so the last delivery is painted and sampled.
      requestAnimationFrame(() => requestAnimationFrame(() => (b.endedAt = performance.now())));
    },
    stop() {
      observer.disconnect();
      beforePaint.disconnect();
      marker.remove();
      cancelAnimationFrame(frame);
    },
  };
}
