// Mutations of a clean fixture stream, the hostile cases of issues 10 and 13: drops, duplicates
// (same and different payloads), reorders within and beyond the window, truncation, wrong types
// for payload and envelope fields, huge strings, deep nesting, `__proto__`/`constructor` keys and
// prototype-method-name strings, NaN/Infinity/negative/huge sequences, unknown types, mixed
// sessions, missing eventIds, and snapshots with and without cursors at random points.
import { exceedsJsonDepth } from '../../src/protocol/jsonDepth';
import { parseJsonLine } from '../../src/protocol/parseJsonl';
import type { Random } from './random';

export type Json = Record<string, unknown>;
/** One step of a fuzzed run: a batch of raw events, or a snapshot handed to `hydrate`. */
export type FuzzOp = { kind: 'ingest'; events: unknown[] } | { kind: 'hydrate'; doc: unknown };

export const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__'];
const WRONG_VALUES: readonly unknown[] = [null, 0, -1, 1.5, true, false, '', 'x', [], [1, 'a'], {}, { nested: { deeper: 1 } }, Number.MAX_SAFE_INTEGER];
const BAD_SEQUENCES: readonly unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -1000, 1.5, 2 ** 53 + 2, 1e308, '5', null, Number.MAX_SAFE_INTEGER];

/** A copy deep enough to mutate (nested values past depth 16 are shared, so 5,000-deep arrays never recurse). */
function clone<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > 16) return value;
  if (Array.isArray(value)) return value.map((item) => clone(item, depth + 1)) as T;
  const out: Json = {};
  for (const key of Object.keys(value)) Object.defineProperty(out, key, { value: clone((value as Json)[key], depth + 1), enumerable: true, writable: true, configurable: true });
  return out as T;
}

function deepArray(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** An object whose own keys are `__proto__` and `constructor` (as JSON.parse makes them). */
function protoKeyed(random: Random): Json {
  return JSON.parse(
    random.pick([
      '{"__proto__":{"polluted":true,"status":"completed"},"delta":"x"}',
      '{"constructor":{"prototype":{"polluted":true}},"text":"y"}',
      '{"__proto__":[],"toolCallId":"__proto__","status":"constructor"}',
    ]),
  ) as Json;
}

function stringPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (typeof value === 'string') out.push(path);
  else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) stringPaths(item, [...path, key], out);
  }
  return out;
}

function setPath(target: Json, path: string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') return;
    at = next as Json;
  }
  at[path[path.length - 1]!] = value;
}

export interface Mutation {
  name: string;
  apply(events: Json[], random: Random, context: MutationContext): Json[];
}

export interface MutationContext {
  window: number;
  /** Fresh ids for inserted events. */
  freshId(): string;
}

const randomIndex = (events: unknown[], random: Random) => random.int(Math.max(1, events.length));

/** The line limit the refused-lines mutation reads with (small, so the too-long lines stay cheap). */
const REFUSED_LINE_CHARS = 4_096;

function refused(parsed: ReturnType<typeof parseJsonLine>): Json {
  if ('issue' in parsed) throw new Error(`a refused line must still be a record: ${parsed.issue.message}`);
  return parsed.value as Json;
}

export const MUTATIONS: readonly Mutation[] = [
  {
    name: 'drop',
    apply: (events, random) => {
      const out = events.slice();
      for (let n = 1 + random.int(3); n > 0 && out.length > 0; n--) out.splice(randomIndex(out, random), 1);
      return out;
    },
  },
  {
    name: 'duplicate-same',
    apply: (events, random) => {
      const out = events.slice();
      for (let n = 1 + random.int(4); n > 0 && events.length > 0; n--) out.splice(random.int(out.length + 1), 0, clone(random.pick(events)));
      return out;
    },
  },
  {
    name: 'duplicate-different-payload',
    apply: (events, random) => {
      const out = events.slice();
      if (events.length === 0) return out;
      const copy = clone(random.pick(events));
      copy.payload = { ...(copy.payload as Json), delta: 'DIFFERENT', text: 'DIFFERENT', status: random.pick(['failed', 'completed', 'running']) };
      out.splice(random.int(out.length + 1), 0, copy);
      return out;
    },
  },
  {
    name: 'reorder-within-window',
    apply: (events, random, { window }) => {
      const out = events.slice();
      for (let n = 1 + random.int(6); n > 0 && out.length > 1; n--) {
        const i = random.int(out.length);
        const j = Math.min(out.length - 1, i + 1 + random.int(Math.max(1, window - 1)));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  },
  {
    name: 'reorder-beyond-window',
    apply: (events, random, { window }) => {
      const out = events.slice();
      if (out.length < 3) return out;
      const [moved] = out.splice(random.int(Math.max(1, out.length - 1)), 1);
      out.splice(Math.min(out.length, random.int(out.length) + window + 2), 0, moved!);
      return out;
    },
  },
  { name: 'truncate', apply: (events, random) => events.slice(0, random.int(events.length + 1)) },
  {
    name: 'wrong-types',
    apply: (events, random) =>
      events.map((event) => {
        if (!random.chance(0.3)) return event;
        const copy = clone(event);
        const payload = (copy.payload !== null && typeof copy.payload === 'object' ? copy.payload : {}) as Json;
        const fields = [...Object.keys(payload).map((k) => ['payload', k]), ...['type', 'turnId', 'threadId', 'toolCallId', 'actionId', 'timestamp', 'payload', 'schemaVersion'].map((k) => [k])];
        setPath(copy, random.pick(fields), random.pick(WRONG_VALUES));
        return copy;
      }),
  },
  {
    name: 'huge-strings',
    apply: (events, random) =>
      events.map((event) => {
        if (!random.chance(0.1)) return event;
        const copy = clone(event);
        const paths = stringPaths(copy.payload).map((p) => ['payload', ...p]);
        if (paths.length > 0) setPath(copy, random.pick(paths), random.pick(['`', '[', '*', 'a', 'é', '\u202e']).repeat(50_000 + random.int(150_000)));
        return copy;
      }),
  },
  {
    name: 'deep-nesting',
    apply: (events, random) =>
      events.map((event) => {
        if (!random.chance(0.1)) return event;
        const copy = clone(event);
        copy.payload = { ...(copy.payload as Json), [random.pick(['args', 'safeArgs', 'delta', 'snapshot', 'messages', 'queuedTurns'])]: deepArray(500 + random.int(4_500)) };
        return copy;
      }),
  },
  {
    name: 'prototype-keys-and-names',
    apply: (events, random) =>
      events.map((event) => {
        if (!random.chance(0.2)) return event;
        const copy = clone(event);
        if (random.chance(0.4)) {
          copy.payload = { ...(copy.payload as Json), ...protoKeyed(random) };
          if (random.chance(0.3)) copy.payload = protoKeyed(random);
          return copy;
        }
        const paths = stringPaths(copy).filter((p) => p[0] !== 'eventId' || random.chance(0.2));
        if (paths.length > 0) setPath(copy, random.pick(paths), random.pick(PROTOTYPE_NAMES));
        return copy;
      }),
  },
  {
    name: 'bad-sequences',
    apply: (events, random) =>
      events.map((event) => (random.chance(0.15) ? { ...event, sequence: random.pick(BAD_SEQUENCES) } : event)),
  },
  {
    name: 'unknown-types',
    apply: (events, random, { freshId }) => {
      const out = events.map((event) => (random.chance(0.1) ? { ...event, type: random.pick(['x.y', 'telemetry.sampled', 'Model.Delta', 'model.', '.', '__proto__.x']) } : event));
      if (events.length > 0) out.splice(random.int(out.length + 1), 0, { ...clone(random.pick(events)), eventId: freshId(), type: 'made.up', sequence: undefined });
      return out;
    },
  },
  {
    name: 'mixed-sessions',
    apply: (events, random, { freshId }) => {
      const out = events.slice();
      const other = events.filter(() => random.chance(0.3)).map((event) => ({ ...clone(event), sessionId: 'sess-fuzz-other', eventId: freshId() }));
      for (const event of other) out.splice(random.int(out.length + 1), 0, event);
      return out;
    },
  },
  {
    // Lines a reader refuses mid-stream (args nested past the 64-level bound, a line over the line
    // limit): what reaches the store is the place-holder parseJsonLine makes, which keeps its place.
    name: 'refused-lines',
    apply: (events, random) =>
      events.map((event, line) => {
        // An event an earlier mutation nested 5,000 deep cannot be written as a line: left as it is.
        if (!random.chance(0.08) || exceedsJsonDepth(event)) return event;
        if (random.chance(0.5)) {
          const text = JSON.stringify({ ...event, payload: { ...(event.payload as Json), args: '@DEEP@' } }).replace('"@DEEP@"', `${'['.repeat(70)}${']'.repeat(70)}`);
          return refused(parseJsonLine(text, line + 1));
        }
        const text = JSON.stringify({ ...event, payload: { ...(event.payload as Json), filler: 'x'.repeat(REFUSED_LINE_CHARS) } });
        return refused(parseJsonLine(text, line + 1, { maxLineChars: REFUSED_LINE_CHARS }));
      }),
  },
  {
    name: 'missing-event-ids',
    apply: (events, random) =>
      events.map((event) => {
        if (!random.chance(0.15)) return event;
        const { eventId: _dropped, ...rest } = event;
        return random.chance(0.5) ? rest : { ...rest, eventId: random.pick([7, null, '', {}]) };
      }),
  },
];

/** Picks 1-4 mutations, applies them in turn, and returns the mutated events with their names. */
export function mutateStream(clean: readonly Json[], random: Random, context: MutationContext): { events: Json[]; applied: string[] } {
  let events = clean.slice();
  const applied: string[] = [];
  for (let n = 1 + random.int(4); n > 0; n--) {
    const mutation = random.pick(MUTATIONS);
    events = mutation.apply(events, random, context);
    applied.push(mutation.name);
  }
  return { events, applied };
}

/** Cuts the events into ingest batches, with snapshots (with or without a cursor) at random points. */
export function toOps(events: Json[], random: Random, snapshots: readonly unknown[]): FuzzOp[] {
  const ops: FuzzOp[] = [];
  for (let i = 0; i < events.length; ) {
    const size = 1 + random.int(random.chance(0.5) ? 4 : 64);
    ops.push({ kind: 'ingest', events: events.slice(i, i + size) });
    i += size;
    if (snapshots.length > 0 && random.chance(0.08)) ops.push({ kind: 'hydrate', doc: random.pick(snapshots) });
  }
  return ops;
}
