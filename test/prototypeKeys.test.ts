// Issue 13 item 4: every string field of every snapshot and event, set to each prototype method
// name, must stay a plain string fact: no function or Object.prototype leaks into the state, the
// summary or a status, nothing throws, Object.prototype is never touched, and validateSnapshot
// rejects a turn status it does not know.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parseServeArgs } from '../src/cli/serveCommand';
import { initialValues } from '../src/components/StructuredInput';
import { normalizeEvent } from '../src/protocol/normalizeEvent';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { encodeReadModel } from '../src/protocol/readModel';
import { validateSnapshot } from '../src/protocol/validateSnapshot';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { IdList } from '../src/store/idList';
import { readModelOf } from '../src/store/readModelOf';
import { summarize } from '../src/store/selectors/summarize';
import { FIXTURES, fixtureNames, readFixture, readJson } from './referenceData';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', 'toLocaleString', 'propertyIsEnumerable', '__defineGetter__'];
/**
 * Names tried per field: a rotating slice, so across fields every name is used while the unit run
 * stays short; AGENTUI_SWEEP_NAMES=10 tries all of them on every field.
 */
const PER_FIELD = Math.min(NAMES.length, Number(process.env.AGENTUI_SWEEP_NAMES ?? 1));
let rotation = 0;
const namesFor = (): string[] => {
  const start = rotation++ * PER_FIELD;
  return Array.from({ length: PER_FIELD }, (_, i) => NAMES[(start + i) % NAMES.length]!);
};
const TURN_STATUS_VOCABULARY = new Set(['idle', 'submitted', 'running', 'needs-input', 'blocked', 'completed', 'failed', 'cancelled', 'unknown']);
type Json = Record<string, unknown>;

/** Paths to every string leaf of a JSON value. */
function stringPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) value.forEach((item, i) => stringPaths(item, [...path, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) stringPaths(item, [...path, key], out);
  return out;
}

function withStringAt<T>(value: T, path: (string | number)[], text: string): T {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  let at: Json = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Json;
  at[path[path.length - 1]!] = text;
  return copy as T;
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const BEFORE = prototypeKeys();

/** Every object reachable from the value is plain (or an array, Map or Set) and no value is a function. */
function assertPlainFacts(value: unknown, where: string, seen = new Set<unknown>()): void {
  if (typeof value === 'function') throw new Error(`${where}: a function in the facts`);
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  // The kit's own id list (a turn's messages and tool calls): its ids must be plain strings too.
  if (value instanceof IdList) return assertPlainFacts(value.toArray(), where, seen);
  const proto = Object.getPrototypeOf(value);
  const allowed = [Object.prototype, Array.prototype, Map.prototype, Set.prototype, null];
  if (!allowed.includes(proto)) throw new Error(`${where}: an object with a foreign prototype`);
  if (value instanceof Map) for (const [k, v] of value) assertPlainFacts(v, `${where}.${String(k)}`, seen);
  else if (value instanceof Set) for (const v of value) assertPlainFacts(v, where, seen);
  else for (const [key, item] of Object.entries(value)) assertPlainFacts(item, `${where}.${key}`, seen);
}

function check(store: ReturnType<typeof createRuntimeStore>, label: string): void {
  const state = store.getState();
  for (const table of ['threads', 'turns', 'messages', 'parts', 'toolCalls', 'actions', 'artifacts', 'evidence', 'tasks', 'subagents'] as const) {
    assertPlainFacts([...state[table].byId.values()], `${label} ${table}`);
  }
  const summary = summarize(state);
  assertPlainFacts(summary, `${label} summary`);
  expect(JSON.parse(JSON.stringify(summary))).toEqual(JSON.parse(JSON.stringify(summary)));
  expect(TURN_STATUS_VOCABULARY.has(summary.status), `${label}: status ${String(summary.status)}`).toBe(true);
  for (const turn of summary.turns) expect(TURN_STATUS_VOCABULARY.has(turn.status), `${label}: turn status ${String(turn.status)}`).toBe(true);
  expect(prototypeKeys()).toBe(BEFORE);
  expect(({} as Json).polluted).toBeUndefined();
}

// coding-session is the other fixtures' event types at length; the sweep covers each type's fields.
const names = fixtureNames().filter((n) => n !== 'coding-session');
const streams = Object.fromEntries(names.map((n) => [n, parseJsonl(readFixture(n)).records.map((r) => r.value as Json)]));

describe('prototype method names in every string field (issue 13 item 4)', () => {
  it('of every event type in every fixture: facts stay plain strings, nothing throws, nothing is polluted', { timeout: 30_000 * PER_FIELD }, () => {
    let streamsRun = 0;
    for (const name of names) {
      const events = streams[name]!;
      // One mutated stream per (event type, field path, name): every event of that type gets the name there.
      const combos = new Map<string, (string | number)[]>();
      for (const event of events) for (const path of stringPaths(event)) combos.set(`${String(event.type)}|${path.join('.')}`, path);
      for (const [combo, path] of combos) {
        const type = combo.slice(0, combo.indexOf('|'));
        for (const text of namesFor()) {
          const mutated = events.map((event) => {
            if (event.type !== type) return event;
            try {
              return withStringAt(event, path, text);
            } catch {
              return event; // this event of the type lacks the path
            }
          });
          const store = createRuntimeStore();
          expect(() => {
            store.getState().ingest(mutated);
            store.getState().settle();
          }, `${name} ${combo}=${text}`).not.toThrow();
          check(store, `${name} ${combo}=${text}`);
          streamsRun += 1;
        }
      }
    }
    expect(streamsRun).toBeGreaterThan(200 * PER_FIELD);
  });

  it('of every snapshot (hand-written, repair snapshot, and each fixture encoded as a read model): hydrate keeps facts plain, validateSnapshot rejects unknown turn statuses', { timeout: 30_000 * PER_FIELD }, () => {
    const snapshots: [string, Json, Json[]][] = [
      ['stream-repair.snapshot', readJson(join(FIXTURES, 'stream-repair.snapshot.json')) as Json, streams['stream-repair']!],
      ['profile thread-read-snapshot', readJson(join(FIXTURES, 'profile', 'thread-read-snapshot.json')) as Json, []],
    ];
    for (const name of names) {
      const store = createRuntimeStore();
      store.getState().ingest(streams[name]!);
      store.getState().settle();
      snapshots.push([`${name} read model`, encodeReadModel(readModelOf(store.getState(), { sequence: streams[name]!.length })) as Json, streams[name]!]);
    }
    let hydrated = 0;
    for (const [label, snapshot, events] of snapshots) {
      for (const path of stringPaths(snapshot)) {
        for (const text of label.startsWith('profile') ? NAMES : namesFor()) {
          const mutated = withStringAt(snapshot, path, text);
          const where = `${label} ${path.join('.')}=${text}`;
          // Into a fresh store (first screen) and into one holding the stream (repair through readThread).
          for (const store of [createRuntimeStore(), createRuntimeStore()]) {
            if (hydrated % 2 === 1) store.getState().ingest(events);
            expect(() => store.getState().applyReadModel(mutated), where).not.toThrow();
            check(store, where);
            hydrated += 1;
          }
          const isTurnStatus = path.length >= 2 && path[path.length - 1] === 'status' && path[path.length - 3] === 'turns';
          if (isTurnStatus && label.startsWith('profile')) {
            expect(validateSnapshot(mutated).map((issue) => issue.field), where).toContain(path.join('.'));
          }
        }
      }
    }
    expect(hydrated).toBeGreaterThan(200 * PER_FIELD);
  });

  it('normalizeEvent keeps a type of a prototype method name as it is (the alias table finds nothing)', () => {
    for (const text of NAMES) expect(normalizeEvent({ type: text, eventId: 'e', payload: {} })?.type).toBe(text);
  });

  it('an action schema field named __proto__ stays a field; a CLI argument named constructor is not a flag', () => {
    const values = initialValues({ properties: JSON.parse('{"__proto__":{"type":"string","default":"x"},"constructor":{"type":"boolean"}}') });
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toBe('x');
    expect(Object.getOwnPropertyDescriptor(values, 'constructor')?.value).toBe(false);
    for (const text of NAMES) {
      const parsed = parseServeArgs([text, '5']);
      expect('options' in parsed ? Object.keys(parsed.options) : []).not.toContain('function Object() { [native code] }');
      expect(parsed).not.toHaveProperty(['options', String(Object)]);
    }
  });

  it('validateSnapshot rejects a turn status of a prototype method name', () => {
    const snapshot = readJson(join(FIXTURES, 'profile', 'thread-read-snapshot.json')) as { threads: { turns: { status: string }[] }[] };
    expect(snapshot.threads[0]!.turns.length).toBeGreaterThan(0);
    for (const text of NAMES) {
      const doc = JSON.parse(JSON.stringify(snapshot));
      doc.threads[0].turns[0].status = text;
      expect(validateSnapshot(doc).map((i) => i.field)).toContain('threads.0.turns.0.status');
    }
  });
});
