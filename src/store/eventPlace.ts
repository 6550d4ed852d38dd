import { isPlainObject } from '../protocol/eventFieldRules';

/** An event's usable id: a non-empty string (without one, an event is deduplicated by its content). */
export function eventIdOf(raw: unknown): string | undefined {
  return isPlainObject(raw) && typeof raw.eventId === 'string' && raw.eventId !== '' ? raw.eventId : undefined;
}

/** The place an event claims in its session's order: a non-negative integer sequence, with a session (no object per event). */
export function sequenceOf(raw: Record<string, unknown>): number | undefined {
  if (typeof raw.sessionId !== 'string' || !Number.isSafeInteger(raw.sequence) || (raw.sequence as number) < 0) return undefined;
  return raw.sequence as number;
}
