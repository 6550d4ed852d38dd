import type { JsonObject, RuntimeEventEnvelope } from './events';
import { isPlainObject } from './eventFieldRules';
import { TYPE_ALIASES } from './vocabulary';

const FAILED_TOOL_STATUSES = new Set(['failed', 'error']);

function canonicalType(type: string, payload: JsonObject, alias: string | null | undefined): string {
  if (type === 'tool.completed') {
    const status = payload.status;
    return typeof status === 'string' && FAILED_TOOL_STATUSES.has(status) ? 'tool.failed' : 'tool.result';
  }
  // `alias` when the caller looked the type up already (null: it is canonical).
  if (alias === null) return type;
  return alias ?? TYPE_ALIASES[type] ?? type;
}

/**
 * Maps an accepted alias to the canonical vocabulary, keeping `originalType`. An event already
 * canonical with an object payload is returned as is (no copy: this runs on every event).
 * Returns undefined for input that is not an event object with string `type` and `eventId`.
 */
export function normalizeEvent(raw: unknown): RuntimeEventEnvelope | undefined {
  return normalizeKnown(raw, undefined);
}

/** `normalizeEvent` with the type's alias already looked up (`null`: the type is canonical). */
export function normalizeKnown(raw: unknown, alias: string | null | undefined): RuntimeEventEnvelope | undefined {
  if (!isPlainObject(raw) || typeof raw.type !== 'string' || typeof raw.eventId !== 'string') return undefined;
  const rawPayload = raw.payload;
  const payload: JsonObject = isPlainObject(rawPayload)
    ? rawPayload
    : rawPayload === undefined || rawPayload === null
      ? {}
      : { value: rawPayload };
  const type = canonicalType(raw.type, payload, alias);
  if (type === raw.type && payload === rawPayload) return raw as unknown as RuntimeEventEnvelope;
  const normalized: RuntimeEventEnvelope = { ...(raw as unknown as RuntimeEventEnvelope), type, payload };
  if (type !== raw.type) normalized.originalType = raw.type;
  return normalized;
}
