import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RuntimeDocumentKind } from '../protocol/snapshots';
import type { ApplyOptions } from './apply/context';
import { applyReadModelDocument, prependHistory } from './applyReadModel';
import type { DiagnosticInput } from './draft';
import { BatchRunner, type IngestReport } from './batchRunner';
import type { StaleReason } from './records';
import { EventPipeline, markSessionStale } from './eventPipeline';
import { gateNotifications } from './notificationGate';
import { createProjectionData, type ProjectionData, type RespondingOverlay } from './state';

export type { IngestReport } from './batchRunner';

/** Options of `createRuntimeStore`; all optional. */
export interface RuntimeStoreOptions {
  /** How many events may wait behind a missing sequence before the gap is declared. Default 64. */
  reorderWindow?: number;
  /** Characters of tool output / artifact preview kept inline. Default 2,000. */
  previewBudget?: number;
  /** Clock for the `responding` overlay (tests pass a fake). */
  now?: () => number;
  /** The session this store follows; by default the first one an event or snapshot names. Others are kept out. */
  sessionId?: string;
  /**
   * Diagnostics of one code kept as records (each with its redacted event); past this only
   * `diagnosticCounts` grows. Default 100.
   */
  keepDiagnosticsPerCode?: number;
}

/** Options of one `ingest` call. */
export interface IngestOptions {
  /** Source line of each event (same index), so diagnostics can point at the input. */
  lines?: readonly (number | undefined)[];
}

/**
 * What `applyReadModel` did with a snapshot: whether it was applied (a snapshot of another session, an
 * invalid document or one `behind` is not), its cursor, and the waiting events it dropped.
 */
export interface ReadModelReport {
  kind: RuntimeDocumentKind;
  applied: boolean;
  /**
   * The snapshot is older than the state already applied in order (its cursor is behind ours):
   * it was not applied, because it would take facts back. Resume the stream from `cursor()`.
   */
  behind?: boolean;
  cursor?: number;
  /** Waiting events the snapshot covered (or could not place), dropped from the buffer. */
  droppedPending: number;
}

/** The store's actions (on `store.getState()`). None throws: bad input becomes a diagnostic. */
export interface RuntimeStoreActions {
  /** Applies a batch of raw events in one state update. Never throws. */
  ingest(events: readonly unknown[], options?: IngestOptions): IngestReport;
  /**
   * Applies a session snapshot / ThreadReadModel (or evidence pack); clears `stale`. With
   * `{ older: true }` it prepends a page of older history instead. Never throws.
   */
  applyReadModel(snapshot: unknown, options?: { older?: boolean }): ReadModelReport;
  /**
   * Declares the sequence gap still open (end of stream, or a repair deadline). With `sessionId`,
   * only when it is the session this store follows: one stream ending says nothing about another.
   */
  settle(sessionId?: string): IngestReport;
  /** The stream broke: the session is stale until a snapshot repairs it. */
  markStale(reason: StaleReason): void;
  /** The cause is gone (a stream resumed exactly where it broke): clears `stale` only if `reason` caused it. */
  clearStale(reason: StaleReason): void;
  /** UI overlay: the user answered this action and the write is in flight. False when ignored. */
  markResponding(actionId: string, decision?: string, payload?: Record<string, unknown>): boolean;
  /** The write failed: the facts stay, the overlay keeps the error so the UI can offer a retry. */
  failResponding(actionId: string, error: string): void;
  clearResponding(actionId: string): void;
  /** Records a diagnostic from outside the event stream (malformed input, transport faults). */
  recordDiagnostic(diagnostic: DiagnosticInput): void;
  /** The sequence a stream should resume after, per session. */
  cursor(sessionId?: string): number | undefined;
  reset(): void;
}

/**
 * What the store holds: the normalized projection (tables of turns, messages, tools, actions,
 * artifacts, evidence, tasks, subagents, diagnostics) plus the actions that change it (`ingest`,
 * `settle`, `applyReadModel`, ...). Read it with selectors; never mutate it.
 * @example
 * const { turns, ingest } = store.getState();
 */
export type RuntimeState = ProjectionData & RuntimeStoreActions;
/** A zustand vanilla store of {@link RuntimeState}: `getState()`, `subscribe(listener)`, usable without React. */
export type RuntimeStore = StoreApi<RuntimeState>;

const DEFAULT_REORDER_WINDOW = 64;
const DEFAULT_PREVIEW_BUDGET = 2_000;

/**
 * Creates the headless store that turns runtime events into facts. Works in Node, a worker, a test
 * or React (pass it to `<RuntimeProvider store>`). `ingest` never throws: bad events become
 * diagnostics. Options: `reorderWindow` (late events put back in order, default 64), `previewBudget`
 * (characters of tool output kept inline, default 2,000), `now` (clock, default `Date.now`).
 * @example
 * const store = createRuntimeStore();
 * const report = store.getState().ingest(events); // { received, applied, duplicates, ... }
 * store.getState().settle();                      // end of a recorded stream: flush what waits on order
 * summarize(store.getState()).status;             // 'completed'
 */
export function createRuntimeStore(options: RuntimeStoreOptions = {}): RuntimeStore {
  const applyOptions: ApplyOptions = { previewBudget: options.previewBudget ?? DEFAULT_PREVIEW_BUDGET };
  const now = options.now ?? Date.now;
  const pipeline = new EventPipeline(Math.max(1, options.reorderWindow ?? DEFAULT_REORDER_WINDOW), options.sessionId);

  const store = createStore<RuntimeState>()((set, get) => {
    const runner = new BatchRunner<RuntimeState>(get, set, pipeline, applyOptions, options.keepDiagnosticsPerCode);
    const batch = runner.batch.bind(runner);

    function setResponding(update: (next: Map<string, RespondingOverlay>) => void): void {
      const next = new Map(get().responding);
      update(next);
      set({ responding: next });
    }

    return {
      ...createProjectionData(),
      order: pipeline.checkpoint(),

      ingest(events, ingestOptions = {}) {
        return runner.ingest(events, ingestOptions.lines);
      },

      applyReadModel(snapshot, readModelOptions = {}) {
        return batch((ctx, counts): ReadModelReport => {
          let outcome;
          try {
            if (readModelOptions.older) {
              const older = prependHistory(ctx, snapshot);
              const applied = older.kind === 'session-snapshot' || older.kind === 'thread-read-model';
              return { kind: older.kind, applied, droppedPending: 0 };
            }
            outcome = applyReadModelDocument(ctx, snapshot);
          } catch (error) {
            ctx.draft.diagnose({
              code: 'snapshot_error',
              severity: 'error',
              message: `hydrating the snapshot failed: ${error instanceof Error ? error.message : String(error)}`,
              raw: snapshot,
            });
            return { kind: 'unknown', applied: false, droppedPending: 0 };
          }
          if (outcome.refused?.behind) {
            // Nothing newer exists than what we hold, so a dropped connection no longer makes it stale.
            if (ctx.draft.scalar('session').staleReason === 'disconnected') {
              const session = ctx.draft.editSession();
              session.stale = false;
              session.staleReason = undefined;
            }
            return { kind: outcome.kind, applied: false, behind: true, cursor: outcome.refused.behind.cursor, droppedPending: 0 };
          }
          if (outcome.refused) return { kind: outcome.kind, applied: false, droppedPending: 0 };
          if (outcome.kind === 'benchmark-pack') return { kind: outcome.kind, applied: true, droppedPending: 0 };
          if (outcome.kind !== 'session-snapshot' && outcome.kind !== 'thread-read-model') {
            ctx.draft.diagnose({ code: 'invalid_snapshot', severity: 'error', message: `a ${outcome.kind} document is not a session snapshot or thread read model`, raw: snapshot });
            return { kind: outcome.kind, applied: false, droppedPending: 0 };
          }
          // The cursor anchors the order even when no live event (and no session id) was seen yet.
          pipeline.bind(outcome.sessionId);
          const droppedPending = pipeline.resumeAfterSnapshot(ctx, counts, outcome.cursor);
          if (droppedPending > 0 && outcome.cursor === undefined) {
            ctx.draft.diagnose({
              code: 'pending_dropped_on_hydrate',
              message: `${droppedPending} waiting event(s) dropped: the snapshot has no cursor to place them after; the stream re-sends them`,
            });
          }
          const session = ctx.draft.editSession();
          session.stale = false;
          session.staleReason = undefined;
          if (outcome.cursor !== undefined) session.lastSequence = Math.max(outcome.cursor, session.lastSequence ?? outcome.cursor);
          return { kind: outcome.kind, applied: true, cursor: outcome.cursor, droppedPending };
        });
      },

      settle(sessionId) {
        return runner.settle(sessionId);
      },

      markStale(reason) {
        batch((ctx) => markSessionStale(ctx, reason));
      },

      clearStale(reason) {
        if (get().session.staleReason !== reason) return;
        batch((ctx) => {
          const session = ctx.draft.editSession();
          session.stale = false;
          session.staleReason = undefined;
        });
      },

      markResponding(actionId, decision, payload) {
        const state = get();
        const action = state.actions.byId.get(actionId);
        const overlay = state.responding.get(actionId);
        if (!action || action.status !== 'pending' || (overlay && overlay.error === undefined)) return false;
        setResponding((next) => next.set(actionId, { since: now(), ...(decision !== undefined && { decision }), ...(payload !== undefined && { payload }) }));
        return true;
      },

      failResponding(actionId, error) {
        const overlay = get().responding.get(actionId);
        if (overlay) setResponding((next) => next.set(actionId, { ...overlay, error }));
      },

      clearResponding(actionId) {
        if (get().responding.has(actionId)) setResponding((next) => next.delete(actionId));
      },

      recordDiagnostic(diagnostic) {
        batch((ctx) => ctx.draft.diagnose(diagnostic));
      },

      cursor(sessionId) {
        pipeline.sync(get().order);
        if (pipeline.isForeign(sessionId)) return undefined;
        return pipeline.cursor() ?? get().session.lastSequence;
      },

      reset() {
        pipeline.reset();
        set({ ...createProjectionData(), order: pipeline.checkpoint() });
      },
    };
  });
  // zustand's useStore renders the server (and hydration) pass from getInitialState(); a store
  // filled before rendering (a snapshot read on the server) must render its facts there too.
  store.getInitialState = store.getState;
  // openBacklog() holds notifications while it applies a backlog in slices (see notificationGate).
  gateNotifications(store, () => createRuntimeStore(options));
  return store;
}

