// The one decode of a raw event, at the boundary: validation against the schema it claims, the
// accepted aliases mapped to the canonical vocabulary, and its correlation ids read from wherever a
// runtime put them. Reducers take what this returns and never read an id from a second place.
import type { JsonObject, RuntimeEventEnvelope } from './events';
import { normalizeKnown } from './normalizeEvent';
import { readArtifactId } from './payloadReaders';
import { typeFactsOf, validateEventFacts, type EventValidation, type TypeFacts } from './validateEvent';

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
export function resolveCorrelation(event: RuntimeEventEnvelope, facts: TypeFacts = typeFactsOf(event.type)): RuntimeEventEnvelope {
  if (!facts.correlated) return event;
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

/** Where `validateAndDecode` leaves the validation of the event it decoded, and the facts of its type. */
export interface DecodeSink {
  validation: EventValidation;
  facts?: TypeFacts;
}

/**
 * Validates a raw event and, when it may become a fact, returns the event it stands for: the
 * alias mapped to its canonical type and the correlation resolved; the validation is left in
 * `sink` (the pipeline's hot path: one object reused, not a result object per event). The type's
 * facts are looked up once for all of it; `decodeEvent` returns both as one result.
 */
export function validateAndDecode(raw: unknown, sink: DecodeSink): RuntimeEventEnvelope | undefined {
  const validation = validateEventFacts(raw, sink);
  sink.validation = validation;
  if (!validation.applicable) return undefined;
  const facts = sink.facts;
  const event = normalizeKnown(raw, facts === undefined ? undefined : (facts.alias ?? null));
  if (event === undefined) return undefined;
  return resolveCorrelation(event, facts !== undefined && facts.alias === undefined ? facts : undefined);
}

/**
 * Decodes a raw event once: validates it, and when it may become a fact maps an alias to its
 * canonical type (keeping `originalType`) and resolves its correlation. Never throws.
 */
export function decodeEvent(raw: unknown): DecodedEvent {
  const sink = {} as DecodeSink;
  const event = validateAndDecode(raw, sink);
  return event === undefined ? { validation: sink.validation } : { validation: sink.validation, event };
}
