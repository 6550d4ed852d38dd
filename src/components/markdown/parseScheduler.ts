/**
 * When markdown blocks are parsed and mounted. The parser is what freezes a page that shows a long
 * answer (micromark's GFM parse: seconds for 100 KB on a loaded machine), so one task takes new
 * blocks up to SYNC_COST of estimated cost (splitBlocks' parse cost; a code block counts its
 * elements); the blocks past that show at once as plain text (the same words) and become markup in
 * idle slices of about SLICE_MS and SLICE_COST each, blocks on screen first. A block that was
 * markup and grows (a streamed delta) re-parses at once: it never flickers back to text.
 *
 * The budget is an estimate, not milliseconds, so which blocks wait is the same on every machine
 * and tests are deterministic. (A server render and its hydration skip the budget: Markdown.tsx.)
 */
export const SYNC_COST = 6_000;
/** Idle work per slice; a slice always runs at least one block, whose cost MAX_PARSE_COST bounds. */
export const SLICE_MS = 8;
/** Mounting is not timed in the slice (React commits after it): the estimate caps it. */
export const SLICE_COST = 8_000;

let claimedThisTask = 0;
let resetQueued = false;

/**
 * What the renderer did, in units that do not depend on the machine: parses, characters parsed, and the most
 * estimated cost one task took on (a synchronous claim or an idle slice). Tests read it instead of
 * timing tasks; `resetMarkdownWork()` starts a new count.
 */
export const markdownWork = { parses: 0, parsedChars: 0, maxTaskCost: 0 };

/** Zeroes `markdownWork`. */
export function resetMarkdownWork(): void {
  markdownWork.parses = 0;
  markdownWork.parsedChars = 0;
  markdownWork.maxTaskCost = 0;
}

/**
 * Whether a new block of estimated `cost` may be parsed in the current task (and counts it if so).
 * The count restarts with the next task: a render runs to its end before any microtask.
 */
export function claimSyncParse(cost: number): boolean {
  if (claimedThisTask + cost > SYNC_COST) return false;
  countSyncParse(cost);
  return true;
}

/** Counts work that had to happen now (a growing block) against the current task's budget. */
export function countSyncParse(cost: number): void {
  claimedThisTask += cost;
  markdownWork.maxTaskCost = Math.max(markdownWork.maxTaskCost, claimedThisTask);
  if (!resetQueued) {
    resetQueued = true;
    queueMicrotask(() => {
      claimedThisTask = 0;
      resetQueued = false;
    });
  }
}

interface Job {
  run: () => void;
  cost: number;
}

const queue = new Set<Job>();
const onScreen = new Set<Job>();
const jobOf = new WeakMap<Element, Job>();
let sliceQueued = false;
let observer: IntersectionObserver | undefined;

/**
 * Queues `run` (parse or mount one block of estimated `cost`) for an idle slice; `placeholder`, when on screen,
 * moves it ahead of blocks the reader cannot see. Returns the cancel function.
 */
export function scheduleParse(run: () => void, cost: number, placeholder: Element | null): () => void {
  const job: Job = { run, cost };
  queue.add(job);
  if (placeholder && typeof IntersectionObserver === 'function') {
    observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const seen = jobOf.get(entry.target);
        if (seen && entry.isIntersecting && queue.has(seen)) onScreen.add(seen);
        else if (seen) onScreen.delete(seen);
      }
    });
    jobOf.set(placeholder, job);
    observer.observe(placeholder);
  }
  requestSlice();
  return () => {
    queue.delete(job);
    onScreen.delete(job);
    if (placeholder && observer) {
      observer.unobserve(placeholder);
      jobOf.delete(placeholder);
    }
  };
}

/** Blocks still waiting for their markup, across every Markdown on the page. */
export function pendingParses(): number {
  return queue.size;
}

function requestSlice(): void {
  if (sliceQueued || queue.size === 0) return;
  sliceQueued = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runSlice, { timeout: 100 });
  else setTimeout(runSlice, 0);
}

function runSlice(): void {
  sliceQueued = false;
  const start = performance.now();
  let cost = 0;
  for (let job = nextJob(); job; job = nextJob()) {
    queue.delete(job);
    onScreen.delete(job);
    job.run();
    cost += job.cost;
    if (performance.now() - start >= SLICE_MS || cost >= SLICE_COST) break;
  }
  markdownWork.maxTaskCost = Math.max(markdownWork.maxTaskCost, cost);
  requestSlice();
}

function nextJob(): Job | undefined {
  for (const job of onScreen) return job;
  for (const job of queue) return job;
  return undefined;
}
