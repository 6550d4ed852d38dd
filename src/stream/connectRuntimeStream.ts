import type { RuntimeStore } from '../store/createRuntimeStore';
import { backoffDelay, type BackoffOptions } from './backoff';
import { frameFlush, syncFlush, type FlushScheduler } from './flushScheduler';
import type { RuntimeEventSource, RuntimeProviderAdapter, SourceStatus, StreamCursor } from './types';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'repairing' | 'ended' | 'closed' | 'error';

export interface ConnectionState {
  status: ConnectionStatus;
  stale: boolean;
  cursor?: StreamCursor;
  error?: string;
  /** Failed repairs in a row. */
  repairAttempts: number;
  /** How long the last repair took, from the moment the view went stale to the hydrated view. */
  lastRepairMs?: number;
  /** Store updates (ingest calls) made by this connection. */
  storeUpdates: number;
}

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

export interface StreamConnection {
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Applies buffered events now. */
  flush(): void;
  /** After an error: try the repair (or the reconnect) again. */
  retry(): void;
  close(): void;
}

const SOURCE_STATUS: Record<SourceStatus, ConnectionStatus | undefined> = {
  idle: undefined,
  connecting: 'connecting',
  open: 'open',
  reconnecting: 'reconnecting',
  ended: 'ended',
  closed: 'closed',
  error: 'error',
};

/**
 * Connects a source to a store: buffers events and ingests them once per frame, declares gaps
 * that do not fill in time, marks the view stale at once on a disconnect or gap, repairs from the
 * adapter's `readThread` snapshot and resumes the source after the snapshot's cursor. Repeated
 * failure backs off and ends in an error with a retry control; nothing is ever appended on top
 * of a broken order (the store holds waiting events back).
 */
export function connectRuntimeStream(store: RuntimeStore, source: RuntimeEventSource, options: StreamConnectionOptions = {}): StreamConnection {
  const schedule: FlushScheduler = options.flush === 'sync' ? syncFlush : options.flush === 'frame' || options.flush === undefined ? frameFlush : options.flush;
  const gapTimeoutMs = options.gapTimeoutMs ?? 1_000;
  const maxRepairAttempts = options.maxRepairAttempts ?? 5;
  const now = options.now ?? (() => performance.now());
  const listeners = new Set<() => void>();
  let buffer: unknown[] = [];
  let cancelFlush: (() => void) | undefined;
  let flushScheduled = false;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  let repairTimer: ReturnType<typeof setTimeout> | undefined;
  let repairing = false;
  let closed = false;
  let staleSince: number | undefined;
  let state: ConnectionState = { status: 'connecting', stale: store.getState().session.stale, repairAttempts: 0, storeUpdates: 0 };

  function update(patch: Partial<ConnectionState>): void {
    const next = { ...state, ...patch, stale: store.getState().session.stale, cursor: source.cursor() };
    state = next;
    for (const listener of listeners) listener();
  }

  function noteStale(): void {
    if (store.getState().session.stale) staleSince ??= now();
  }

  function flush(): void {
    cancelFlush = undefined;
    flushScheduled = false;
    if (buffer.length === 0 || closed) return;
    const events = buffer;
    buffer = [];
    const report = store.getState().ingest(events);
    state.storeUpdates += 1;
    noteStale();
    if (store.getState().session.stale && options.adapter) {
      void repair();
    } else if (report.pending > 0) {
      gapTimer ??= setTimeout(onGapTimeout, gapTimeoutMs);
    } else if (gapTimer) {
      clearTimeout(gapTimer);
      gapTimer = undefined;
    }
    update({});
  }

  function cancelPendingFlush(): void {
    cancelFlush?.();
    cancelFlush = undefined;
    flushScheduled = false;
  }

  function onGapTimeout(): void {
    gapTimer = undefined;
    if (closed) return;
    flush();
    if (store.getState().counts.pending === 0) return;
    store.getState().settle();
    noteStale();
    update({});
    if (options.adapter) void repair();
  }

  async function repair(): Promise<void> {
    if (repairing || closed || !options.adapter) return;
    repairing = true;
    if (repairTimer) clearTimeout(repairTimer);
    update({ status: 'repairing' });
    try {
      const session = store.getState().session;
      const snapshot = await options.adapter.readThread({ sessionId: session.sessionId ?? options.sessionId, threadId: options.threadId });
      if (closed) return;
      cancelPendingFlush();
      flush();
      const report = store.getState().hydrate(snapshot);
      if (!report.applied && !report.behind) throw new Error(`readThread returned a ${report.kind} document, not a read model`);
      // A snapshot behind our own state repairs nothing: resume after what we applied, so the
      // stream itself re-sends anything missing.
      const cursor = report.behind ? store.getState().cursor() : (report.cursor ?? store.getState().cursor());
      const repairedAfter = staleSince === undefined ? 0 : now() - staleSince;
      staleSince = undefined;
      repairing = false;
      update({ status: 'open', repairAttempts: 0, lastRepairMs: repairedAfter, error: undefined });
      source.resumeFrom?.({ sequence: cursor });
    } catch (error) {
      repairing = false;
      if (closed) return;
      const message = error instanceof Error ? error.message : String(error);
      const attempts = state.repairAttempts + 1;
      store.getState().recordDiagnostic({ code: 'repair_failed', severity: 'error', message: `repair ${attempts} failed: ${message}` });
      if (attempts >= maxRepairAttempts) {
        update({ status: 'error', repairAttempts: attempts, error: `the stream could not be repaired: ${message}` });
        return;
      }
      update({ status: 'reconnecting', repairAttempts: attempts, error: message });
      repairTimer = setTimeout(() => void repair(), backoffDelay(attempts, options.repairBackoff));
    }
  }

  source.start({
    events(events) {
      if (closed) return;
      for (const event of events) buffer.push(event);
      if (flushScheduled) return;
      flushScheduled = true;
      const cancel = schedule(flush);
      // A synchronous scheduler has already flushed: there is nothing left to cancel.
      if (flushScheduled) cancelFlush = cancel;
    },
    status(status, detail) {
      if (closed) return;
      if (status === 'reconnecting') {
        if (!store.getState().session.stale) store.getState().markStale('disconnected');
        noteStale();
        update({ status: repairing ? 'repairing' : 'reconnecting', error: detail?.error });
        if (options.adapter) void repair();
        return;
      }
      if (status === 'open' && !options.adapter && store.getState().session.staleReason === 'disconnected') {
        // Without a snapshot to repair from, the stream resuming after Last-Event-ID is the repair.
        store.getState().clearStale('disconnected');
        staleSince = undefined;
      }
      if (status === 'ended') {
        cancelPendingFlush();
        flush();
        store.getState().settle();
        noteStale();
        if (store.getState().session.stale && options.adapter) void repair();
      }
      const mapped = SOURCE_STATUS[status];
      if (mapped && !(repairing && mapped !== 'closed')) update({ status: mapped, error: detail?.error });
    },
    diagnostic(diagnostic) {
      if (!closed) store.getState().recordDiagnostic(diagnostic);
    },
    reset() {
      buffer = [];
      store.getState().reset();
    },
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush() {
      cancelPendingFlush();
      flush();
    },
    retry() {
      if (closed) return;
      update({ repairAttempts: 0, error: undefined });
      if (options.adapter) void repair();
      else source.resumeFrom?.(source.cursor() ?? {});
    },
    close() {
      if (closed) return;
      closed = true;
      cancelPendingFlush();
      if (gapTimer) clearTimeout(gapTimer);
      if (repairTimer) clearTimeout(repairTimer);
      source.close();
      state = { ...state, status: 'closed' };
      for (const listener of listeners) listener();
      listeners.clear();
    },
  };
}
