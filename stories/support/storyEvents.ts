import { createRuntimeStore, type RuntimeStore } from '../../src/store/createRuntimeStore';
import { parseJsonl } from '../../src/protocol/parseJsonl';
import { createEnvelopeFactory } from '../../src/adapters/core/envelopeFactory';

/** Builds profile-valid events for stories, with a running sequence and a fixed clock (the adapters' envelope factory). */
export function storyEvents(sessionId = 'sess-story') {
  const factory = createEnvelopeFactory({
    sessionId,
    threadId: 'thread-1',
    runtimeId: 'rt-story',
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 700,
  });
  return (type: string, ids: Record<string, unknown> = {}, payload: Record<string, unknown> = {}) => factory.event(type, ids, payload);
}

export function storeWith(events: unknown[], settle = true): RuntimeStore {
  const store = createRuntimeStore();
  store.getState().ingest(events);
  if (settle) store.getState().settle();
  return store;
}

export const eventsOf = (text: string): unknown[] => parseJsonl(text).records.map((r) => r.value);

/** Stories pin the clock, so countdowns and screenshots do not move. */
export const STORY_NOW = () => Date.parse('2026-06-09T10:00:30.000Z');
