// The one decode of a raw event, at the boundary: validation against the schema it claims, the
// accepted aliases mapped to the canonical vocabulary, and its correlation ids read from wherever a
// runtime put them. Reducers take what this returns and never read an id from a second place.
import type { JsonObject, RuntimeEventEnvelope } from './events';
import { normalizeEvent } from './normalizeEvent';
import { readArtifactId } from './payloadReaders';
import { validateEvent, type EventValidation } from './validateEvent';

/** What `decodeEvent` made of a raw event: the validation, and the event when it may become a fact. */
export interface DecodedEvent {
  validation: EventValidation;
  /** The canonical event (aliases mapped, correlation resolved); undefined when it is kept out of the facts. */
  event?: RuntimeEventEnvelope;
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The ids an event is correlated with, read once: an action by `actionId`, the profile's
 * `requestId` or `payload.actionId`; evidence by `evidenceId` or `payload.evidenceId`; an artifact by
 * `artifactId`, `payload.artifactId` or a nested `payload.artifact` (`artifactId` or `id`). The
 * event keeps its own object when its ids are already where the envelope puts them (nearly always:
 * no copy on the hot path).
 */
export function resolveCorrelation(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
  if (!mayCorrelate(event.type)) return event;
  const payload: JsonObject = event.payload;
  const actionId = stringOf(event.actionId) ?? stringOf(event.requestId) ?? stringOf(payload.actionId);
  const evidenceId = stringOf(event.evidenceId) ?? stringOf(payload.evidenceId);
  const artifactId = readArtifactId(event);
  if (actionId === event.actionId && evidenceId === event.evidenceId && artifactId === event.artifactId) return event;
  return {
    ...event,
    ...(actionId !== undefined && { actionId }),
    ...(evidenceId !== undefined && { evidenceId }),
    ...(artifactId !== undefined && { artifactId }),
  };
}

/** The families whose facts join by an action, evidence or artifact id (found once per type). */
const CORRELATED_FAMILIES = /^(action|permission|evidence|review|artifact|tool|output)\./;
const correlatedTypes = new Map<string, boolean>();

function mayCorrelate(type: string): boolean {
  let correlated = correlatedTypes.get(type);
  if (correlated === undefined) {
    correlated = CORRELATED_FAMILIES.test(type);
    // Types reaching here are validated: a bounded vocabulary.
    correlatedTypes.set(type, correlated);
  }
  return correlated;
}

/**
 * The event a valid raw event stands for (`validateEvent` found it applicable): the alias mapped
 * to its canonical type and the correlation resolved. The pipeline calls this after its own
 * validation; `decodeEvent` does both.
 */
export function decodeValidEvent(raw: unknown): RuntimeEventEnvelope | undefined {
  const event = normalizeEvent(raw);
  return event === undefined ? undefined : resolveCorrelation(event);
}

/**
 * Decodes a raw event once: validates it, and when it may become a fact maps an alias to its
 * canonical type (keeping `originalType`) and resolves its correlation. Never throws.
 */
export function decodeEvent(raw: unknown): DecodedEvent {
  const validation = validateEvent(raw);
  if (!validation.applicable) return { validation };
  const event = decodeValidEvent(raw);
  return { validation, ...(event !== undefined && { event }) };
}
