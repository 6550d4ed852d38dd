import type { StreamCursor } from './types';

/**
 * Tracks where a stream resumes (the highest sequence delivered and its event id), the same way for
 * every source.
 */
export interface CursorTracker {
  /** Notes delivered events; `transportId` is the transport's own position (the SSE `id:` field), when it has one. */
  note(events: readonly unknown[], transportId?: string): void;
  get(): StreamCursor | undefined;
  set(cursor: StreamCursor | undefined): void;
}

/**
 * Where a stream resumes, tracked the same way by every source: the highest sequence delivered
 * and that event's id (a late or repeated lower sequence never moves it back); events without a
 * sequence move only the id. A transport's own id (SSE `Last-Event-ID`) wins for the id.
 */
export function cursorTracker(initial?: StreamCursor): CursorTracker {
  let cursor = initial;
  return {
    note(events, transportId) {
      let { sequence, eventId } = cursor ?? {};
      for (const event of events) {
        const e = event as { sequence?: unknown; eventId?: unknown } | null;
        const id = typeof e?.eventId === 'string' ? e.eventId : undefined;
        if (typeof e?.sequence === 'number' && Number.isFinite(e.sequence)) {
          if (sequence === undefined || e.sequence > sequence) {
            sequence = e.sequence;
            eventId = id ?? eventId;
          }
        } else if (id !== undefined) eventId = id;
      }
      if (transportId !== undefined && transportId !== '') eventId = transportId;
      if (sequence !== undefined || eventId !== undefined) cursor = { sequence, eventId };
    },
    get: () => cursor,
    set(next) {
      cursor = next;
    },
  };
}
