// Issue 22's property tests for the one monotonic merge: an older or foreign read model never
// changes a field a terminal entity holds, and a read model applied through applyReadModel or
// carried in the stream by snapshot.updated gives the same facts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { encodeReadModel } from '../src/protocol/readModel';
import { createRuntimeStore, type RuntimeStore } from '../src/store/createRuntimeStore';
import { readModelOf } from '../src/store/readModelOf';
import { summarize } from '../src/store/selectors/summarize';
import { fixtureNames, readFixture } from './referenceData';
import { changedTerminalFields as changed, terminalFields } from './fuzz/terminalFields';

type Json = Record<string, unknown>;
/** A place in a stream as a fraction of its length (integers: fast-check's doubles cluster at the ends). */
const fraction = fc.integer({ min: 0, max: 1_000 }).map((n) => n / 1_000);
const streams: Record<string, Json[]> = Object.fromEntries(fixtureNames().map((name) => [name, parseJsonl(readFixture(name)).records.map((r) => r.value as Json)]));
// Delivered in order without deliberate breaks (stream-repair's gap is its point).
const names = fixtureNames().filter((name) => name !== 'stream-repair');

function replay(events: readonly Json[]): RuntimeStore {
  const store = createRuntimeStore();
  store.getState().ingest(events as unknown[]);
  store.getState().settle();
  return store;
}

const lastSequence = (events: readonly Json[]): number | undefined => {
  const last = events[events.length - 1]?.sequence;
  return typeof last === 'number' ? last : undefined;
};

/** The read model of the first `cut` events, as the runtime served it then (with or without its cursor). */
function olderModel(events: readonly Json[], cut: number, withCursor: boolean): Json {
  const prefix = events.slice(0, cut);
  const doc = encodeReadModel(readModelOf(replay(prefix).getState(), { sequence: lastSequence(prefix) }));
  if (!withCursor) delete doc.cursor;
  return doc;
}

/** Scrambles what a read model says of each entity (statuses, previews, texts, failures, versions it already lists). */
function scramble(doc: Json, seed: number): Json {
  let a = seed >>> 0;
  const pick = <T,>(values: readonly T[]): T => values[(a = (Math.imul(a, 1664525) + 1013904223) >>> 0) % values.length]!;
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const versions = ((copy.artifacts as Json[] | undefined) ?? []).map((artifact) => artifact.versionId).filter((v) => v !== undefined);
  for (const turn of (copy.turns as Json[] | undefined) ?? []) turn.status = pick(['running', 'submitted', 'completed', 'failed', 'cancelled']);
  for (const tool of (copy.toolCalls as Json[] | undefined) ?? []) {
    tool.status = pick(['running', 'succeeded', 'failed', 'unknown']);
    tool.preview = pick(['compiling 3/120', 'stale preview', tool.preview]);
    tool.failureCategory = pick(['timeout', undefined]);
    tool.durationMs = pick([1, 2, tool.durationMs]);
  }
  for (const action of [...((copy.actions as Json[] | undefined) ?? []), ...((copy.pendingRequests as Json[] | undefined) ?? [])]) {
    action.status = pick(['pending', 'resolved', 'expired']);
    action.decision = pick(['approve', 'reject', undefined]);
  }
  for (const message of (copy.messages as Json[] | undefined) ?? []) {
    message.text = pick([message.text, 'an older text', '']);
    delete message.parts;
    message.final = pick([true, false, undefined]);
  }
  for (const artifact of (copy.artifacts as Json[] | undefined) ?? []) {
    artifact.status = pick(['draft', 'final', 'ready', undefined]);
    artifact.versionId = versions.length > 0 ? pick(versions) : undefined;
  }
  return JSON.parse(JSON.stringify(copy)) as Json;
}

const carried = (events: readonly Json[], doc: Json): Json => {
  const last = events[events.length - 1]!;
  return {
    ...last,
    type: 'snapshot.updated',
    eventId: `carried-${String(last.eventId)}`,
    sequence: (lastSequence(events) ?? 0) + 1,
    payload: { snapshot: doc },
  };
};

describe('one monotonic merge (issue 22)', () => {
  it('an older, scrambled or foreign read model never changes a field a terminal entity holds, through either door', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fraction, fc.boolean(), fc.nat(), fc.boolean(), fc.boolean(), (name, fraction, withCursor, seed, foreign, inStream) => {
        const events = streams[name]!;
        const store = replay(events);
        const before = terminalFields(store.getState());
        let doc = scramble(olderModel(events, Math.floor(events.length * fraction), withCursor), seed);
        if (foreign) doc = { ...doc, sessionId: 'another-session' };
        if (inStream) store.getState().ingest([carried(events, doc)]);
        else store.getState().applyReadModel(doc);
        expect(changed(before, terminalFields(store.getState()))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('a foreign read model adds nothing, through either door', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fraction, fc.boolean(), (name, fraction, inStream) => {
        const events = streams[name]!;
        const store = replay(events);
        const before = summarize(store.getState());
        const doc = { ...olderModel(streams[names[(names.indexOf(name) + 1) % names.length]!]!, 1e9, true), sessionId: 'another-session' };
        if (inStream) store.getState().ingest([carried(events, doc)]);
        else store.getState().applyReadModel(doc);
        const { counts: _a, diagnostics: _b, ...after } = summarize(store.getState());
        const { counts: _c, diagnostics: _d, ...held } = before;
        expect(after).toEqual(held);
      }),
      { numRuns: 60 },
    );
  });

  it('applyReadModel and a snapshot.updated carrying the same document give the same facts and conflicts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fraction, fraction, fc.boolean(), fc.nat(), fc.boolean(), fc.boolean(), (name, at, cut, withCursor, seed, scrambled, foreign) => {
        const events = streams[name]!;
        const prefix = events.slice(0, Math.max(1, Math.floor(events.length * at)));
        const source = foreign ? streams[names[(names.indexOf(name) + 1) % names.length]!]! : events;
        const model = olderModel(source, Math.floor(source.length * cut), withCursor);
        const doc = scrambled ? scramble(model, seed) : foreign ? { ...model, sessionId: 'another-session' } : model;
        const viaApply = replay(prefix);
        viaApply.getState().applyReadModel(doc);
        const viaStream = replay(prefix);
        viaStream.getState().ingest([carried(prefix, doc)]);
        const facts = (store: RuntimeStore) => {
          const { counts: _c, diagnostics, ...rest } = summarize(store.getState());
          const conflicts = [...store.getState().diagnostics.byId.values()].filter((d) => d.code.startsWith('snapshot_')).map((d) => d.message);
          return { ...rest, conflicts, kept: diagnostics.filter((d) => d.code !== 'pending_dropped_on_hydrate').length };
        };
        expect(facts(viaStream)).toEqual(facts(viaApply));
      }),
      { numRuns: 150 },
    );
  });
});
