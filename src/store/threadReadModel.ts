import type { JsonObject } from '../protocol/events';
import { encodeReadModel } from '../protocol/readModel';
import { createRuntimeStore } from './createRuntimeStore';
import { readModelOf } from './readModelOf';

/**
 * The ThreadReadModel a runtime would serve for the events it has emitted so far: built by
 * replaying them into the kit's own store and encoding its read model, with the cursor of the
 * last emitted event.
 */
export function buildThreadReadModel(events: readonly JsonObject[]): JsonObject {
  const store = createRuntimeStore({ reorderWindow: Number.MAX_SAFE_INTEGER });
  store.getState().ingest(events);
  store.getState().settle();
  const last = events[events.length - 1];
  const sequence = typeof last?.sequence === 'number' ? last.sequence : undefined;
  const eventId = typeof last?.eventId === 'string' ? last.eventId : undefined;
  return { ...encodeReadModel(readModelOf(store.getState(), { sequence, eventId })), schemaVersion: 'lime-profile-0.4.0' };
}
