import type { RuntimeEventEnvelope } from '../protocol/events';

/** Options of `createEventLog`: what a restarted server had, and where each new event is kept. */
export interface EventLogOptions {
  /** Events logged before (a restarted server's persisted log), in order. */
  history?: readonly RuntimeEventEnvelope[];
  /** Called once with each new event, before any stream sends it: persist it here (append a line to a file, insert a row). */
  persist?: (event: RuntimeEventEnvelope) => void;
}

/**
 * A session's events in the order they happened, each once (by `eventId`): what the bridge's
 * event stream serves from any cursor, live. Readers wait for events past their position
 * instead of holding copies, so a slow or paused reader costs nothing until it reads.
 */
export interface EventLog {
  readonly events: readonly RuntimeEventEnvelope[];
  /** Appends an event not logged yet; false (and nothing happens) for one already logged. */
  append(event: RuntimeEventEnvelope): boolean;
  /** Where a reader resumes: after the event named `Last-Event-ID`, and after `cursor` (a sequence), whichever is later. */
  indexAfter(lastEventId: string | undefined, cursor: number | undefined): number;
  /** Resolves when the log holds more than `length` events, or when `signal` aborts. */
  waitPast(length: number, signal: AbortSignal): Promise<void>;
}

/** An in-memory event log (optionally persisted through `persist`). */
export function createEventLog(options: EventLogOptions = {}): EventLog {
  const events: RuntimeEventEnvelope[] = [];
  const ids = new Set<string>();
  let waiters: (() => void)[] = [];
  for (const event of options.history ?? []) {
    if (ids.has(event.eventId)) continue;
    ids.add(event.eventId);
    events.push(event);
  }
  return {
    events,
    append(event) {
      if (ids.has(event.eventId)) return false;
      ids.add(event.eventId);
      options.persist?.(event);
      events.push(event);
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
      return true;
    },
    indexAfter(lastEventId, cursor) {
      let from = 0;
      if (lastEventId !== undefined && lastEventId !== '') {
        const index = events.findIndex((event) => event.eventId === lastEventId);
        if (index >= 0) from = index + 1;
      }
      if (cursor !== undefined && Number.isFinite(cursor)) {
        const index = events.findIndex((event) => typeof event.sequence === 'number' && event.sequence > cursor);
        from = Math.max(from, index < 0 ? events.length : index);
      }
      return from;
    },
    waitPast(length, signal) {
      if (events.length > length || signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        waiters.push(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    },
  };
}
