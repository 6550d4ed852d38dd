import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import { PROFILE_SCHEMA_VERSION } from '../../protocol/vocabulary';
import type { StreamCursor } from '../../stream/types';

/**
 * Options of `createEnvelopeFactory`: the session/thread/runtime every event carries, how event ids
 * are named, the clock, the sequence to continue after.
 */
export interface EnvelopeFactoryOptions {
  sessionId: string;
  threadId?: string;
  runtimeId?: string;
  schemaVersion?: string;
  /** Event ids are `${idPrefix}-${sequence}` unless `eventId` says otherwise. Defaults to the session id. */
  idPrefix?: string;
  /** Names an event from its sequence and its 1-based index among the events this factory made. */
  eventId?: (sequence: number, index: number) => string;
  /** The event's time, from its sequence; the wall clock by default. */
  clock?: (sequence: number) => number | Date | string;
  /** The last sequence already used in this session: events start after it. */
  sequence?: number;
}

/** Per-event options of `EnvelopeFactory.event`. */
export interface EventOptions {
  /** An explicit sequence (a test of gaps or reordering); the running sequence continues from it. */
  sequence?: number;
}

/**
 * Makes profile-valid envelopes with gap-free sequences for one session (what adapters and tests
 * emit through).
 */
export interface EnvelopeFactory {
  readonly sessionId: string;
  readonly threadId: string | undefined;
  readonly runtimeId: string;
  /**
   * One profile event: the envelope, then `ids` (turnId, stepId, toolCallId ...) in the order
   * given, then the payload. Sequences are gap-free unless `options.sequence` says otherwise.
   */
  event(type: string, ids?: JsonObject, payload?: JsonObject, options?: EventOptions): RuntimeEventEnvelope;
  /** Where a consumer resumes after the last event made: its sequence and id. */
  cursor(): StreamCursor;
  /** The time the next event would carry, read from the factory's clock (a fixed clock keeps it byte-stable). */
  now(): string;
}


/**
 * The one place profile envelopes are built: adapters, fixture scripts, stories, tests and the
 * bench all take their `schemaVersion`, ids, gap-free `sequence` and timestamps from here.
 */
export function createEnvelopeFactory(options: EnvelopeFactoryOptions): EnvelopeFactory {
  const { sessionId, threadId } = options;
  const runtimeId = options.runtimeId ?? 'agentui-adapter';
  const schemaVersion = options.schemaVersion ?? PROFILE_SCHEMA_VERSION;
  const prefix = options.idPrefix ?? sessionId;
  const nameEvent = options.eventId ?? ((sequence: number) => `${prefix}-${sequence}`);
  const clock = options.clock ?? (() => Date.now());
  let sequence = options.sequence ?? 0;
  let index = 0;
  let lastEventId: string | undefined;
  // Many events share a millisecond: format each distinct time once (toISOString is the costly part).
  let lastTime: number | undefined;
  let lastIso = '';
  const toIso = (time: number | Date | string): string => {
    if (typeof time === 'string') return time;
    const ms = typeof time === 'number' ? time : time.getTime();
    if (ms !== lastTime) {
      lastTime = ms;
      lastIso = new Date(ms).toISOString();
    }
    return lastIso;
  };

  return {
    sessionId,
    threadId,
    runtimeId,
    event(type, ids = {}, payload = {}, eventOptions = {}) {
      sequence = eventOptions.sequence ?? sequence + 1;
      index += 1;
      lastEventId = nameEvent(sequence, index);
      // Literals and assignments, not spreads: adapters build one envelope per delta (same key order).
      const timestamp = toIso(clock(sequence));
      const envelope: Record<string, unknown> =
        threadId !== undefined
          ? { schemaVersion, runtimeId, sessionId, threadId, eventId: lastEventId, sequence, timestamp, type }
          : { schemaVersion, runtimeId, sessionId, eventId: lastEventId, sequence, timestamp, type };
      for (const key in ids) if (key !== '__proto__') envelope[key] = ids[key];
      envelope.payload = payload;
      return envelope as RuntimeEventEnvelope;
    },
    cursor: () => ({ sequence, ...(lastEventId !== undefined && { eventId: lastEventId }) }),
    now: () => toIso(clock(sequence + 1)),
  };
}
