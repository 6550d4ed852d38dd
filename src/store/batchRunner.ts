import type { ApplyContext, ApplyOptions } from './apply/context';
import { ProjectionDraft } from './draft';
import { IDLE_PIPELINE, type EventPipeline } from './eventPipeline';
import { keepShape } from './keepShape';
import type { StaleReason } from './records';
import { countsSince, createProjectionData, sameCounts, type IngestCounts, type ProjectionData } from './state';

/**
 * What one `ingest` (or `settle`) did, so a connection decides without re-reading the session:
 * the counts of this call alone (the running totals stay in `state.counts`), the gaps it declared
 * and why the session is stale afterwards.
 */
export interface IngestReport {
  /** This call's counts; `pending` is how many events wait behind a gap now. */
  counts: IngestCounts;
  /** Sessions whose sequence gap this call declared (the window overflowed, or a settle). */
  gapsDeclared: readonly string[];
  /** Why the session is stale after this call; undefined when it is fresh. */
  staleReason?: StaleReason;
}

/**
 * Runs a store's batches: the work against the store's one draft of the current state, committed
 * in one `set`. A class, not closures made per store (or per call) in `createRuntimeStore`: V8
 * keeps a function's optimized code only while some function object holds it, so code compiled
 * for one store's closures, or for a closure made per `ingest`, was thrown away at the first full
 * GC after they died and the ingest ran unoptimized until compiled again, after every GC of an
 * idle app. A prototype method's code lives as long as the class.
 */
export class BatchRunner<S extends ProjectionData> {
  readonly #getState: () => S;
  /** Replaces the state (the draft's next state is whole: the store's actions included). */
  readonly #setState: (next: S, replace: true) => void;
  readonly #pipeline: EventPipeline;
  readonly #options: ApplyOptions;
  readonly #keepDiagnosticsPerCode: number | undefined;
  /** The store's one draft, begun afresh per batch (see `ProjectionDraft.begin`). */
  #draft: ProjectionDraft | undefined;

  constructor(
    getState: () => S,
    setState: (next: S, replace: true) => void,
    pipeline: EventPipeline,
    options: ApplyOptions,
    keepDiagnosticsPerCode: number | undefined,
  ) {
    this.#getState = getState;
    this.#setState = setState;
    this.#pipeline = pipeline;
    this.#options = options;
    this.#keepDiagnosticsPerCode = keepDiagnosticsPerCode;
  }

  /** Applies raw events in one batch, and reports what they did. */
  ingest(events: readonly unknown[], lines: readonly (number | undefined)[] | undefined): IngestReport {
    const before = this.#getState().counts;
    this.#pipeline.takeDeclaredGaps();
    const ctx = this.#begin();
    const counts: IngestCounts = { ...before };
    this.#pipeline.ingest(ctx, counts, events, lines);
    this.#commit(ctx, counts);
    return this.#report(before);
  }

  /** Declares the gap still open (see `EventPipeline.settle`), and reports what that did. */
  settle(sessionId: string | undefined): IngestReport {
    const before = this.#getState().counts;
    this.#pipeline.takeDeclaredGaps();
    // Once per stream: a closure here costs nothing that matters.
    this.batch((ctx, counts) => void this.#pipeline.settle(ctx, counts, sessionId));
    return this.#report(before);
  }

  /**
   * Runs `work` in one batch (the store's rarer writes: a read model, a diagnostic, stale marks).
   * A subscriber that ingests while `set` notifies it begins the draft again: the outer batch has
   * committed and no longer reads it.
   */
  batch<T>(work: (ctx: ApplyContext, counts: IngestCounts) => T): T {
    const ctx = this.#begin();
    const counts: IngestCounts = { ...this.#getState().counts };
    const result = work(ctx, counts);
    this.#commit(ctx, counts);
    return result;
  }

  #begin(): ApplyContext {
    const state = this.#getState();
    // A state set back (setState(prev)) or copied in brings its own order: go on from there.
    this.#pipeline.sync(state.order);
    const draft = (this.#draft ??= new ProjectionDraft(state, this.#keepDiagnosticsPerCode));
    draft.begin(state);
    return { draft, options: this.#options, gate: this.#pipeline };
  }

  #commit(ctx: ApplyContext, counts: IngestCounts): void {
    counts.pending = this.#pipeline.pendingCount();
    if (!sameCounts(counts, this.#getState().counts)) ctx.draft.setScalar('counts', counts);
    ctx.draft.setScalar('order', this.#pipeline.checkpoint());
    this.#setState(ctx.draft.commit() as S, true);
  }

  #report(before: IngestCounts): IngestReport {
    const state = this.#getState();
    const report: IngestReport = { counts: countsSince(before, state.counts), gapsDeclared: this.#pipeline.takeDeclaredGaps() };
    if (state.session.stale) report.staleReason = state.session.staleReason;
    return report;
  }
}

// One idle runner (see `keepShape`), never run; arrows, as the store's own `get` and `set` are.
keepShape(new BatchRunner(() => createProjectionData(), () => undefined, IDLE_PIPELINE, { previewBudget: 0 }, undefined));
