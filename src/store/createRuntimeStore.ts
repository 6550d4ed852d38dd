import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RuntimeEventEnvelope } from '../protocol/events';
import { isPlainObject } from '../protocol/eventFieldRules';
import { normalizeEvent } from '../protocol/normalizeEvent';
import { validateEvent } from '../protocol/validateEvent';
import type { RuntimeDocumentKind } from '../protocol/snapshots';
import { applyEvent } from './apply/applyEvent';
import type { ApplyContext, ApplyOptions } from './apply/context';
import { applySnapshotDocument } from './hydrate';
import { ProjectionDraft, type DiagnosticInput } from './draft';
import type { StaleReason } from './records';
import { SessionSequencer, type SequenceSlot } from './sequencer';
import { createProjectionData, emptyCounts, type IngestCounts, type ProjectionData } from './state';

export interface RuntimeStoreOptions {
  /** How many events may wait behind a missing sequence before the gap is declared. Default 64. */
  reorderWindow?: number;
  /** Characters of tool output / artifact preview kept inline. Default 2,000. */
  previewBudget?: number;
  /** Clock for the `responding` overlay (tests pass a fake). */
  now?: () => number;
}

export interface IngestOptions {
  /** Source line of each event (same index), so diagnostics can point at the input. */
  lines?: readonly (number | undefined)[];
}

export type IngestReport = Omit<IngestCounts, 'pending'> & { pending: number };

export interface HydrateReport {
  kind: RuntimeDocumentKind;
  applied: boolean;
  cursor?: number;
  /** Waiting events the snapshot covered (or could not place), dropped from the buffer. */
  droppedPending: number;
}

export interface RuntimeActions {
  /** Applies a batch of raw events in one state update. Never throws. */
  ingest(events: readonly unknown[], options?: IngestOptions): IngestReport;
  /** Applies a session snapshot / ThreadReadModel (or evidence pack); clears `stale`. Never throws. */
  hydrate(snapshot: unknown): HydrateReport;
  /** Declares every sequence gap that is still open (end of stream, or a repair deadline). */
  settle(): number;
  /** The stream broke: the session is stale until a snapshot repairs it. */
  markStale(reason: StaleReason): void;
  /** UI overlay: the user answered this action and the write is in flight. False when ignored. */
  markResponding(actionId: string, decision?: string): boolean;
  /** The write failed: the facts stay, the overlay keeps the error so the UI can offer a retry. */
  failResponding(actionId: string, error: string): void;
  clearResponding(actionId: string): void;
  /** Records a diagnostic from outside the event stream (malformed input, transport faults). */
  recordDiagnostic(diagnostic: DiagnosticInput): void;
  /** The sequence a stream should resume after, per session. */
  cursor(sessionId?: string): number | undefined;
  reset(): void;
}

export type RuntimeState = ProjectionData & RuntimeActions;
export type RuntimeStore = StoreApi<RuntimeState>;

const DEFAULT_REORDER_WINDOW = 64;
const DEFAULT_PREVIEW_BUDGET = 2_000;

export function createRuntimeStore(options: RuntimeStoreOptions = {}): RuntimeStore {
  const reorderWindow = Math.max(1, options.reorderWindow ?? DEFAULT_REORDER_WINDOW);
  const applyOptions: ApplyOptions = { previewBudget: options.previewBudget ?? DEFAULT_PREVIEW_BUDGET };
  const now = options.now ?? Date.now;
  let seenEventIds = new Set<string>();
  let sequencers = new Map<string, SessionSequencer>();
  let knownVersions = new Set<string>();

  return createStore<RuntimeState>()((set, get) => {
    /** Runs `work` against a draft of the current state and commits it in one `set`. */
    function batch<T>(work: (ctx: ApplyContext) => T): T {
      const draft = new ProjectionDraft(get());
      const ctx: ApplyContext = { draft, options: applyOptions };
      const result = work(ctx);
      set(draft.commit());
      return result;
    }

    function staleSession(ctx: ApplyContext, reason: StaleReason): void {
      const session = ctx.draft.editSession();
      session.stale = true;
      session.staleReason = reason;
    }

    function pendingCount(): number {
      let pending = 0;
      for (const sequencer of sequencers.values()) pending += sequencer.pending.size;
      return pending;
    }

    function declareGap(ctx: ApplyContext, sessionId: string, sequencer: SessionSequencer): void {
      if (sequencer.gapDeclared) return;
      sequencer.gapDeclared = true;
      const resumesAt = sequencer.lowestPending();
      ctx.draft.diagnose({
        code: 'sequence_gap',
        severity: 'error',
        message: `session ${sessionId}: sequence ${sequencer.expected}${resumesAt !== undefined && resumesAt - 1 !== sequencer.expected ? `–${resumesAt - 1}` : ''} never arrived; ${sequencer.pending.size} later event(s) wait for repair`,
      });
      staleSession(ctx, 'sequence_gap');
    }

    return {
      ...createProjectionData(),

      ingest(events, ingestOptions = {}) {
        return batch((ctx) => {
          const counts: IngestCounts = { ...ctx.draft.scalar('counts') };
          const lines = ingestOptions.lines;
          let batchBaselines: Map<string, number> | undefined;

          const apply = (event: RuntimeEventEnvelope) => {
            try {
              applyEvent(ctx, event);
            } catch (error) {
              ctx.draft.diagnose({
                code: 'reducer_error',
                severity: 'error',
                message: `applying ${event.type} failed: ${error instanceof Error ? error.message : String(error)}`,
                eventId: event.eventId,
                type: event.type,
                raw: event,
              });
            }
            counts.applied += 1;
            const session = ctx.draft.editSession();
            session.sessionId ??= event.sessionId;
            session.runtimeId ??= event.runtimeId;
            session.schemaVersion ??= event.schemaVersion;
            if (event.sessionId === session.sessionId && typeof event.sequence === 'number') {
              session.lastSequence = Math.max(session.lastSequence ?? event.sequence, event.sequence);
            }
            session.lastEventId = event.eventId;
            session.lastTimestamp = event.timestamp;
          };

          const baselineFor = (sessionId: string): number => {
            // The first batch of a session may itself be shuffled: order starts at its lowest sequence.
            batchBaselines ??= new Map();
            let baseline = batchBaselines.get(sessionId);
            if (baseline === undefined) {
              for (const raw of events) {
                if (isPlainObject(raw) && raw.sessionId === sessionId && typeof raw.sequence === 'number') {
                  baseline = baseline === undefined ? raw.sequence : Math.min(baseline, raw.sequence);
                }
              }
              baseline ??= 0;
              batchBaselines.set(sessionId, baseline);
            }
            return baseline;
          };

          /**
           * Places an item in its session's order: applied now when it is next, held while a
           * predecessor is missing, reported when its place has passed. Returns false when it
           * conflicts with an item already holding that place.
           */
          const place = (sessionId: string, sequence: number, slot: SequenceSlot, eventId: string | undefined, line: number | undefined): void => {
            let sequencer = sequencers.get(sessionId);
            if (!sequencer) {
              sequencer = new SessionSequencer();
              sequencers.set(sessionId, sequencer);
            }
            if (sequencer.coveredThrough !== undefined && sequence <= sequencer.coveredThrough) {
              if (slot.event) counts.duplicates += 1; // the hydrated snapshot already holds this fact
              return;
            }
            sequencer.expected ??= baselineFor(sessionId);
            if (sequence === sequencer.expected) {
              sequencer.expected += 1;
              if (slot.event) apply(slot.event);
              for (let next = sequencer.takeNext(); next; next = sequencer.takeNext()) {
                if (!next.event) continue;
                counts.reordered += 1;
                apply(next.event);
              }
              if (sequencer.pending.size === 0 && sequencer.gapDeclared) {
                sequencer.gapDeclared = false;
                const session = ctx.draft.editSession();
                if (session.staleReason === 'sequence_gap') {
                  session.stale = false;
                  session.staleReason = undefined;
                }
                ctx.draft.diagnose({ code: 'sequence_gap_filled', severity: 'info', message: `session ${sessionId}: the missing events arrived; order restored` });
              }
            } else if (sequence > sequencer.expected) {
              if (sequencer.pending.has(sequence)) {
                counts.invalid += 1;
                ctx.draft.diagnose({
                  code: 'sequence_conflict',
                  severity: 'error',
                  message: `session ${sessionId}: two different events claim sequence ${sequence}; the first is kept`,
                  eventId,
                  line,
                });
                return;
              }
              sequencer.pending.set(sequence, slot);
              if (sequencer.pending.size > reorderWindow) declareGap(ctx, sessionId, sequencer);
            } else if (slot.event) {
              counts.late += 1;
              ctx.draft.diagnose({
                code: 'late_event',
                severity: 'error',
                message: `session ${sessionId}: event at sequence ${sequence} arrived after sequence ${sequencer.expected - 1} was applied; the view waits for repair`,
                eventId,
                type: slot.event.type,
                line,
              });
              staleSession(ctx, 'late_event');
            }
          };

          for (let i = 0; i < events.length; i++) {
            const raw = events[i];
            const line = lines?.[i];
            counts.received += 1;
            const eventId = isPlainObject(raw) && typeof raw.eventId === 'string' ? raw.eventId : undefined;
            if (eventId !== undefined && seenEventIds.has(eventId)) {
              counts.duplicates += 1;
              continue;
            }
            const validation = validateEvent(raw);
            if (eventId !== undefined) seenEventIds.add(eventId);
            if (!validation.applicable) {
              const unknownOnly = validation.issues.every((issue) => issue.severity !== 'error' || issue.code === 'unknown_event_type');
              if (unknownOnly) counts.unknownType += 1;
              else counts.invalid += 1;
              for (const issue of validation.issues) {
                if (issue.severity !== 'error') continue;
                ctx.draft.diagnose({
                  code: issue.code,
                  severity: issue.code === 'unknown_event_type' ? 'warning' : 'error',
                  message: issue.message,
                  eventId,
                  type: isPlainObject(raw) && typeof raw.type === 'string' ? raw.type : undefined,
                  field: issue.field,
                  line,
                  raw,
                });
              }
              // It keeps its place in the order, so the events after it do not wait for it.
              if (isPlainObject(raw) && typeof raw.sessionId === 'string' && Number.isInteger(raw.sequence) && (raw.sequence as number) >= 0) {
                place(raw.sessionId, raw.sequence as number, {}, eventId, line);
              }
              continue;
            }
            for (const issue of validation.issues) {
              if (issue.code === 'schema_version_unknown' && issue.schemaVersion && !knownVersions.has(issue.schemaVersion)) {
                knownVersions.add(issue.schemaVersion);
                ctx.draft.diagnose({ code: issue.code, message: issue.message, eventId, line });
              }
            }
            const event = normalizeEvent(raw)!;
            if (typeof event.sequence === 'number' && event.sessionId !== undefined) place(event.sessionId, event.sequence, { event }, eventId, line);
            else apply(event);
          }
          counts.pending = pendingCount();
          ctx.draft.setScalar('counts', counts);
          return { ...counts };
        });
      },

      hydrate(snapshot) {
        return batch((ctx) => {
          let outcome;
          try {
            outcome = applySnapshotDocument(ctx, snapshot);
          } catch (error) {
            ctx.draft.diagnose({
              code: 'snapshot_error',
              severity: 'error',
              message: `hydrating the snapshot failed: ${error instanceof Error ? error.message : String(error)}`,
              raw: snapshot,
            });
            return { kind: 'unknown' as const, applied: false, droppedPending: 0 };
          }
          const applied = outcome.kind === 'session-snapshot' || outcome.kind === 'thread-read-model';
          if (!applied) {
            if (outcome.kind === 'unknown') {
              ctx.draft.diagnose({ code: 'invalid_snapshot', severity: 'error', message: 'the document is not a session snapshot or thread read model', raw: snapshot });
            }
            return { kind: outcome.kind, applied: outcome.kind === 'benchmark-pack', droppedPending: 0 };
          }
          let droppedPending = 0;
          const sessionId = outcome.sessionId ?? ctx.draft.scalar('session').sessionId;
          const sequencer = sessionId === undefined ? undefined : sequencers.get(sessionId) ?? new SessionSequencer();
          if (sequencer && sessionId !== undefined) {
            sequencers.set(sessionId, sequencer);
            droppedPending = sequencer.resumeAfter(outcome.cursor).length;
            for (let next = sequencer.takeNext(); next; next = sequencer.takeNext()) if (next.event) applyEvent(ctx, next.event);
            if (droppedPending > 0 && outcome.cursor === undefined) {
              ctx.draft.diagnose({
                code: 'pending_dropped_on_hydrate',
                message: `${droppedPending} waiting event(s) dropped: the snapshot has no cursor to place them after`,
              });
            }
          }
          const session = ctx.draft.scalar('session');
          const stillWaiting = sequencer !== undefined && sequencer.pending.size > 0;
          ctx.draft.setScalar('session', {
            ...session,
            stale: false,
            staleReason: undefined,
            ...(outcome.cursor !== undefined && { lastSequence: Math.max(outcome.cursor, stillWaiting ? 0 : (session.lastSequence ?? 0)) }),
          });
          ctx.draft.setScalar('counts', { ...ctx.draft.scalar('counts'), pending: pendingCount() });
          return { kind: outcome.kind, applied, cursor: outcome.cursor, droppedPending };
        });
      },

      settle() {
        return batch((ctx) => {
          let declared = 0;
          for (const [sessionId, sequencer] of sequencers) {
            if (sequencer.pending.size > 0 && !sequencer.gapDeclared) {
              declareGap(ctx, sessionId, sequencer);
              declared += 1;
            }
          }
          return declared;
        });
      },

      markStale(reason) {
        batch((ctx) => staleSession(ctx, reason));
      },

      markResponding(actionId, decision) {
        const state = get();
        const action = state.actions.byId.get(actionId);
        const overlay = state.responding.get(actionId);
        if (!action || action.status !== 'pending' || (overlay && overlay.error === undefined)) return false;
        const next = new Map(state.responding);
        next.set(actionId, { since: now(), ...(decision !== undefined && { decision }) });
        set({ responding: next });
        return true;
      },

      failResponding(actionId, error) {
        const state = get();
        const overlay = state.responding.get(actionId);
        if (!overlay) return;
        const next = new Map(state.responding);
        next.set(actionId, { ...overlay, error });
        set({ responding: next });
      },

      clearResponding(actionId) {
        const state = get();
        if (!state.responding.has(actionId)) return;
        const next = new Map(state.responding);
        next.delete(actionId);
        set({ responding: next });
      },

      recordDiagnostic(diagnostic) {
        batch((ctx) => ctx.draft.diagnose(diagnostic));
      },

      cursor(sessionId) {
        const id = sessionId ?? get().session.sessionId;
        if (id === undefined) return undefined;
        const sequencer = sequencers.get(id);
        return sequencer?.expected !== undefined ? sequencer.expected - 1 : get().session.lastSequence;
      },

      reset() {
        seenEventIds = new Set();
        sequencers = new Map();
        knownVersions = new Set();
        set({ ...createProjectionData(), counts: emptyCounts() });
      },
    };
  });
}

