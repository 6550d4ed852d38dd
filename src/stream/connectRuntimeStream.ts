import { createStore, type StoreApi } from 'zustand/vanilla';
import type { IngestReport, RuntimeStore } from '../store/createRuntimeStore';
import { backoffDelay, type BackoffOptions } from './backoff';
import { initialMachine, statusOf, step, type ConnectionEffect, type ConnectionInput, type ConnectionPhase } from './connectionMachine';
import { frameFlush, syncFlush, type FlushScheduler } from './flushScheduler';
import { attachFeed } from './storeFeed';
import type { RuntimeEventSource, RuntimeProviderAdapter, StreamCursor } from './types';

/**
 * A connection's public status. `repairing`: a gap or break is being repaired from `readThread`;
 * `ended`: the source finished; `error`: it gave up (offer `retry()`); `closed`: the app closed it.
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'repairing' | 'ended' | 'closed' | 'error';

/**
 * A connection's published state: status and phase, whether the view is `stale`, the resume cursor,
 * the last error and failed repairs in a row.
 */
export interface ConnectionState {
  status: ConnectionStatus;
  /** The state machine's phase (`status` is its public summary). */
  phase: ConnectionPhase;
  stale: boolean;
  cursor?: StreamCursor;
  error?: string;
  /** Failed repairs in a row. */
  repairAttempts: number;
  /** How long the last repair took, from the moment the view went stale to the hydrated view. */
  lastRepairMs?: number;
  /** Store updates (ingest calls) made by this connection. */
  storeUpdates: number;
  /**
   * Events dropped before the store because the same event (by `eventId`) already came by the
   * other door: the live stream and the answers to writes (`deliverWrite`). One fact, one commit.
   */
  crossDoorDuplicates: number;
}

/**
 * Options of `connectRuntimeStream`: the adapter used for repair, the session/thread, how
 * deliveries are batched, and repair timing.
 */
export interface StreamConnectionOptions {
  /** Repairs use `readThread`; without an adapter a broken stream only reconnects. */
  adapter?: Pick<RuntimeProviderAdapter, 'readThread'>;
  sessionId?: string;
  threadId?: string;
  /** 'frame' (default): one ingest per animation frame. 'sync': every delivery at once. */
  flush?: 'frame' | 'sync' | FlushScheduler;
  /** How long events may wait behind a missing sequence before the gap counts as broken. Default 1,000 ms. */
  gapTimeoutMs?: number;
  repairBackoff?: BackoffOptions;
  /** Failed repairs before giving up with an error (a retry control remains). Default 5. */
  maxRepairAttempts?: number;
  now?: () => number;
}

/**
 * A running connection of a source to a store: its state (also as a zustand store), `flush`,
 * `retry` and `close`.
 */
export interface StreamConnection {
  getState(): ConnectionState;
  /** Each change publishes a new state object (the previous one is never mutated). */
  subscribe(listener: (state: ConnectionState, previous: ConnectionState) => void): () => void;
  /** The same state as a vanilla zustand store (`useStore(connection.store)`). */
  store: StoreApi<ConnectionState>;
  /** Applies buffered events now. */
  flush(): void;
  /** After an error: try the repair (or the reconnect) again. */
  retry(): void;
  close(): void;
}

/** What one scheduled flush may spend ingesting, in ms: under half a 60 Hz frame, leaving the rest for rendering. */
const FLUSH_BUDGET_MS = 6;
/** A scheduled flush applies at least this many events, however slow they were. */
const MIN_FLUSH_EVENTS = 64;
/** The cost per event assumed before any was measured (a cold page: ~10 µs). */
const COLD_EVENT_MS = 0.01;
/** Event ids remembered with the door they came by: far more than one turn's events in flight by both. A power of two. */
const DOOR_MEMORY = 4_096;

/** How an event reached the connection: `live` (its own source), or a write's channel (a turn stream, a reply). */
type Door = string;

/**
 * Connects a source to a store: buffers events and ingests them once per frame, declares gaps
 * that do not fill in time, marks the view stale at once on a disconnect or gap, repairs from the
 * adapter's `readThread` snapshot and resumes the source after the snapshot's cursor. Repeated
 * failure backs off and ends in an error with a retry control; nothing is ever appended on top
 * of a broken order (the store holds waiting events back).
 *
 * Every decision is made by the pure `step` of `connectionMachine.ts`; this runner only performs
 * its effects (timers, readThread, applyReadModel, resume) and feeds their outcomes back.
 *
 * The connection is its store's feed (`storeFeed.ts`): writes (`createRuntimeActions`) deliver the
 * events they are answered with into this buffer, so one order, dedupe and gap deadline apply to
 * both doors, and an event that arrives by both is applied once.
 * @example
 * const store = createRuntimeStore();
 * const connection = connectRuntimeStream(store, endpointSource(adapter.eventStream), { adapter });
 * connection.subscribe((state) => console.log(state.status, state.stale));
 * // ... connection.close();
 */
export function connectRuntimeStream(store: RuntimeStore, source: RuntimeEventSource, options: StreamConnectionOptions = {}): StreamConnection {
  const schedule: FlushScheduler = options.flush === 'sync' ? syncFlush : options.flush === 'frame' || options.flush === undefined ? frameFlush : options.flush;
  const gapTimeoutMs = options.gapTimeoutMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  const adapter = options.adapter;
  let machine = initialMachine({ canRepair: adapter !== undefined, canResume: typeof source.resumeFrom === 'function', maxRepairAttempts: options.maxRepairAttempts });
  const state = createStore<ConnectionState>()(() => ({ status: 'connecting', phase: 'connecting', stale: store.getState().session.stale, repairAttempts: 0, storeUpdates: 0, crossDoorDuplicates: 0 }));
  /** The sessions this connection delivered: the only ones its end or deadline may settle. */
  const sessions = new Set<string>(options.sessionId === undefined ? [] : [options.sessionId]);
  let buffer: unknown[] = [];
  let cancelFlush: (() => void) | undefined;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  let backoffTimer: ReturnType<typeof setTimeout> | undefined;
  let storeUpdates = 0;
  let crossDoorDuplicates = 0;
  /** The door each recent event id came by; `doorRing` holds the ids in arrival order, the oldest forgotten first. */
  const doors = new Map<string, Door>();
  // A ring, not `doors.keys().next()`: an iterator per event cost ~1.7 µs, a fifth of an ingest.
  let doorRing: (string | undefined)[] = new Array<string | undefined>(DOOR_MEMORY);
  let doorAt = 0;
  /** Doors are told apart once a write used this connection; before, every event is the live stream's. */
  let writing = false;
  const forgetDoors = () => {
    doors.clear();
    doorRing = new Array<string | undefined>(DOOR_MEMORY);
    doorAt = 0;
  };
  /** Measured ingest cost per event (ms), starting from a cautious guess for a cold page. */
  let perEventMs = COLD_EVENT_MS;
  const queue: ConnectionInput[] = [];
  let stepping = false;

  /** Runs inputs through the machine one at a time; effects that answer at once queue their input. */
  function dispatch(input: ConnectionInput): void {
    queue.push(input);
    if (stepping) return;
    stepping = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [after, effects] = step(machine, next);
        machine = after;
        for (const effect of effects) perform(effect);
      }
    } finally {
      stepping = false;
    }
    publish();
  }

  function publish(): void {
    const previous = state.getState();
    const next: ConnectionState = {
      status: statusOf(machine.phase),
      phase: machine.phase,
      stale: store.getState().session.stale,
      cursor: source.cursor(),
      error: machine.error,
      repairAttempts: machine.attempts,
      lastRepairMs: machine.lastRepairMs,
      storeUpdates,
      crossDoorDuplicates,
    };
    if ((Object.keys(next) as (keyof ConnectionState)[]).some((key) => next[key] !== previous[key] && key !== 'cursor') || !sameCursor(next.cursor, previous.cursor)) {
      state.setState(next, true);
    }
  }

  const damaged = (report: IngestReport) => report.gapsDeclared.length > 0 || report.counts.late > 0;
  const reported = (report: IngestReport, after: 'batch' | 'settle'): ConnectionInput => ({
    type: 'ingested',
    after,
    pending: report.counts.pending,
    damaged: damaged(report),
    stale: report.staleReason !== undefined,
    at: now(),
  });

  function flushBuffer(): void {
    cancelFlush?.();
    cancelFlush = undefined;
    if (buffer.length === 0 || machine.phase === 'closed') return;
    const events = buffer;
    buffer = [];
    ingestNow(events);
  }

  /**
   * A scheduled flush (once per frame by default) applies what fits its budget, in one store
   * update, and leaves the rest for the next one: a backlog (a fast stream that queued up while
   * the page was busy mounting its first rows) drains over a few frames instead of becoming one
   * long task. The amount is planned from the measured cost per event.
   */
  function flushScheduled(): void {
    if (buffer.length === 0 || machine.phase === 'closed') return;
    const limit = schedule === syncFlush ? Infinity : Math.max(MIN_FLUSH_EVENTS, Math.floor(FLUSH_BUDGET_MS / perEventMs));
    if (buffer.length <= limit) return flushBuffer();
    const events = buffer.slice(0, limit);
    buffer = buffer.slice(limit);
    ingestNow(events);
    scheduleFlush();
  }

  function ingestNow(events: unknown[]): void {
    for (const event of events) {
      const sessionId = (event as { sessionId?: unknown } | null)?.sessionId;
      if (typeof sessionId === 'string') sessions.add(sessionId);
    }
    const started = performance.now();
    const report = store.getState().ingest(events);
    // A running estimate: recent flushes weigh most (the first ones run before the JIT warms up).
    perEventMs = perEventMs * 0.5 + ((performance.now() - started) / events.length) * 0.5;
    storeUpdates += 1;
    dispatch(reported(report, 'batch'));
  }

  function scheduleFlush(): void {
    if (cancelFlush) return;
    let flushed = false;
    const cancel = schedule(() => {
      flushed = true;
      cancelFlush = undefined;
      flushScheduled();
    });
    // A synchronous scheduler has already flushed: there is nothing left to cancel.
    if (!flushed) cancelFlush = cancel;
  }

  /** False when the same event already came by the other door (it is applied or buffered). */
  function firstByItsDoor(event: unknown, door: Door): boolean {
    if (!writing) return true;
    const id = (event as { eventId?: unknown } | null)?.eventId;
    if (typeof id !== 'string') return true;
    const seen = doors.get(id);
    if (seen === undefined) {
      const oldest = doorRing[doorAt];
      if (oldest !== undefined) doors.delete(oldest);
      doorRing[doorAt] = id;
      doorAt = (doorAt + 1) & (DOOR_MEMORY - 1);
      doors.set(id, door);
      return true;
    }
    // A re-send by the same door is the store's to count as a duplicate.
    if (seen === door) return true;
    crossDoorDuplicates += 1;
    return false;
  }

  function deliver(events: readonly unknown[], door: Door): void {
    if (machine.phase === 'closed') return;
    const before = crossDoorDuplicates;
    for (const event of events) if (firstByItsDoor(event, door)) buffer.push(event);
    if (crossDoorDuplicates !== before) publish();
    scheduleFlush();
  }

  function settle(): void {
    for (const sessionId of sessions) dispatch(reported(store.getState().settle(sessionId), 'settle'));
  }

  async function readThread(): Promise<void> {
    try {
      const snapshot = await adapter!.readThread({ sessionId: store.getState().session.sessionId ?? options.sessionId, threadId: options.threadId });
      if (machine.phase !== 'repairing') return;
      flushBuffer();
      const report = store.getState().applyReadModel(snapshot);
      if (!report.applied && !report.behind) throw new Error(`readThread returned a ${report.kind} document, not a read model`);
      // The snapshot may have dropped waiting events the stream re-sends: let either door bring them.
      forgetDoors();
      // A snapshot behind our own state repairs nothing: resume after what we applied, so the
      // stream itself re-sends anything missing.
      const cursor = report.behind ? store.getState().cursor() : (report.cursor ?? store.getState().cursor());
      dispatch({ type: 'repaired', cursor, stale: store.getState().session.stale, at: now() });
    } catch (error) {
      dispatch({ type: 'repair-failed', error: error instanceof Error ? error.message : String(error) });
    }
  }

  function perform(effect: ConnectionEffect): void {
    switch (effect.type) {
      case 'flush':
        return flushBuffer();
      case 'settle':
        return settle();
      case 'start-gap-timer':
        gapTimer ??= setTimeout(() => {
          gapTimer = undefined;
          dispatch({ type: 'gap-timeout' });
        }, gapTimeoutMs);
        return;
      case 'cancel-gap-timer':
        if (gapTimer) clearTimeout(gapTimer);
        gapTimer = undefined;
        return;
      case 'mark-stale':
        if (!store.getState().session.stale) store.getState().markStale('disconnected');
        return;
      case 'clear-stale':
        return store.getState().clearStale('disconnected');
      case 'read-thread':
        return void readThread();
      case 'resume':
        return source.resumeFrom?.(effect.cursor === undefined ? (source.cursor() ?? {}) : { sequence: effect.cursor });
      case 'start-backoff':
        if (backoffTimer) clearTimeout(backoffTimer);
        backoffTimer = setTimeout(() => {
          backoffTimer = undefined;
          dispatch({ type: 'backoff-elapsed' });
        }, backoffDelay(effect.attempt, options.repairBackoff));
        return;
      case 'cancel-backoff':
        if (backoffTimer) clearTimeout(backoffTimer);
        backoffTimer = undefined;
        return;
      case 'report-failure':
        return store.getState().recordDiagnostic({ code: 'repair_failed', severity: 'error', message: `repair ${effect.attempt} failed: ${effect.error}` });
      case 'close-source':
        cancelFlush?.();
        cancelFlush = undefined;
        buffer = [];
        detachFeed();
        return source.close();
    }
  }

  const detachFeed = attachFeed(store, {
    deliverWrite(events, { door = 'write', now = false } = {}) {
      writing = true;
      deliver(events, door === 'live' ? 'write' : door);
      if (now) flushBuffer();
    },
    accepting: () => machine.phase !== 'ended' && machine.phase !== 'closed',
    expectWrites: () => void (writing = true),
  });

  source.start({
    events: (events) => deliver(events, 'live'),
    status(status, detail) {
      if (status === 'idle') return;
      dispatch({ type: 'source', status, error: detail?.error, at: now() });
    },
    diagnostic(diagnostic) {
      if (machine.phase !== 'closed') store.getState().recordDiagnostic(diagnostic);
    },
    reset() {
      buffer = [];
      forgetDoors();
      store.getState().reset();
    },
  });

  return {
    getState: () => state.getState(),
    subscribe: (listener) => state.subscribe(listener),
    store: state,
    flush: flushBuffer,
    retry: () => dispatch({ type: 'retry' }),
    close: () => dispatch({ type: 'close' }),
  };
}

const sameCursor = (a: StreamCursor | undefined, b: StreamCursor | undefined) => a === b || (a?.sequence === b?.sequence && a?.eventId === b?.eventId);
