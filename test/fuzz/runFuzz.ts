// The seeded fuzz campaign over every fixture (npm run fuzz; a small size runs in the unit tests).
import { parseJsonl } from '../../src/protocol/parseJsonl';
import { encodeReadModel } from '../../src/protocol/readModel';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { readModelOf } from '../../src/store/readModelOf';
import { summarize } from '../../src/store/selectors/summarize';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, fixtureNames, readFixture, readJson } from '../referenceData';
import { checkStream, type Violation } from './checkStream';
import { mutateStream, toOps, type Json } from './mutateStream';
import { seededRandom } from './random';

/** Mutated streams per fixture and seed in the unit run (three seeds, issue 22: at least 3 × 150). */
export const FUZZ_STREAMS = 150;

export interface FuzzOptions {
  seed: number;
  /** Mutated streams per fixture. */
  streams: number;
  window?: number;
  checkPrev?: boolean;
  budgetMs?: number;
  /** Stop collecting examples after this many per invariant. */
  examples?: number;
}

export interface FuzzReport {
  seed: number;
  streams: number;
  events: number;
  hydrates: number;
  /** Streams whose first event was another session's, so the store followed that one (repair not compared). */
  boundElsewhere: number;
  maxMs: number;
  byMutation: Record<string, number>;
  violations: Record<string, number>;
  examples: { fixture: string; stream: number; mutations: string[]; violation: Violation }[];
}

function replayClean(events: Json[], window: number) {
  const store = createRuntimeStore({ reorderWindow: window });
  store.getState().ingest(events);
  store.getState().settle();
  return store.getState();
}

/**
 * The uncut facts and the read model a runtime would repair with: the clean replay and its encoded
 * read model, or, for a fixture that ships its repair snapshot (a stream with a deliberate gap),
 * that snapshot and the clean stream replayed after it.
 */
function uncut(fixture: string, clean: Json[], window: number) {
  const shipped = join(FIXTURES, `${fixture}.snapshot.json`);
  if (existsSync(shipped)) {
    const snapshot = readJson(shipped);
    const store = createRuntimeStore({ reorderWindow: window });
    store.getState().ingest(clean);
    store.getState().applyReadModel(snapshot);
    store.getState().ingest(clean);
    store.getState().settle();
    return { state: store.getState(), repairSnapshot: snapshot };
  }
  const state = replayClean(clean, window);
  const last = clean[clean.length - 1];
  return { state, repairSnapshot: encodeReadModel(readModelOf(state, { sequence: typeof last?.sequence === 'number' ? last.sequence : undefined })) };
}

/** Read models of clean prefixes: with a cursor, without one, and a stale (early) one. */
function prefixSnapshots(events: Json[], window: number): unknown[] {
  const out: unknown[] = [];
  for (const fraction of [0.2, 0.5, 0.8, 1]) {
    const cut = Math.floor(events.length * fraction);
    const prefix = events.slice(0, cut);
    const last = prefix[prefix.length - 1];
    const sequence = typeof last?.sequence === 'number' ? last.sequence : undefined;
    const model = readModelOf(replayClean(prefix, window), { sequence });
    out.push(encodeReadModel(model));
    const { cursor: _cursor, ...withoutCursor } = encodeReadModel(model);
    out.push(withoutCursor);
  }
  return out;
}

/** One fixture's clean stream and what every mutated copy of it is checked against. */
function fixtureCase(fixture: string, window: number) {
  const clean = parseJsonl(readFixture(fixture)).records.map((r) => r.value as Json);
  const { state: cleanState, repairSnapshot } = uncut(fixture, clean, window);
  const check = { window, clean: summarize(cleanState), cleanEvents: clean, repairSnapshot };
  return { clean, check, snapshots: prefixSnapshots(clean, window) };
}

/** Checks one stream of a campaign, as `runFuzz` with the same seed checks it. */
export function checkOneStream(options: Omit<FuzzOptions, 'streams'> & { fixture: string; stream: number }): Violation[] {
  const window = options.window ?? 16;
  const { check } = fixtureCase(options.fixture, window);
  const { ops, sessionId } = regenerate(options.seed, options.fixture, options.stream, window);
  return checkStream(ops, { ...check, ...(sessionId !== undefined && { sessionId }), checkPrev: options.checkPrev ?? false, budgetMs: options.budgetMs ?? 1_000 }).violations;
}

export function runFuzz(options: FuzzOptions): FuzzReport {
  const window = options.window ?? 16;
  const report: FuzzReport = { seed: options.seed, streams: 0, events: 0, hydrates: 0, boundElsewhere: 0, maxMs: 0, byMutation: {}, violations: {}, examples: [] };
  for (const [f, fixture] of fixtureNames().entries()) {
    const { clean, check, snapshots } = fixtureCase(fixture, window);
    // Fresh ids count per fixture, so `regenerate` rebuilds any stream of a run exactly.
    let fresh = 0;
    const random = seededRandom(options.seed * 7919 + f);
    for (let stream = 0; stream < options.streams; stream++) {
      const { events, applied } = mutateStream(clean, random, { window, freshId: () => `fuzz-${++fresh}` });
      const ops = toOps(events, random, snapshots);
      // Half the stores are created for the fixture's session, half follow the first one they see.
      const bound = random.chance(0.5);
      const { violations, ms, boundElsewhere } = checkStream(ops, {
        ...check,
        ...(bound && { sessionId: String(clean[0]?.sessionId) }),
        checkPrev: options.checkPrev ?? false,
        budgetMs: options.budgetMs ?? 1_000,
      });
      report.streams += 1;
      if (boundElsewhere) report.boundElsewhere += 1;
      report.events += events.length;
      report.hydrates += ops.filter((op) => op.kind === 'hydrate').length;
      report.maxMs = Math.max(report.maxMs, ms);
      for (const name of applied) report.byMutation[name] = (report.byMutation[name] ?? 0) + 1;
      for (const violation of violations) {
        const count = (report.violations[violation.invariant] = (report.violations[violation.invariant] ?? 0) + 1);
        if (count <= (options.examples ?? 3)) report.examples.push({ fixture, stream, mutations: applied, violation });
      }
    }
  }
  report.maxMs = Math.round(report.maxMs);
  return report;
}

/** Regenerates one stream of a run (for investigating a violation): its mutations and ops. */
export function regenerate(seed: number, fixture: string, streamIndex: number, window = 16) {
  const f = fixtureNames().indexOf(fixture);
  const clean = parseJsonl(readFixture(fixture)).records.map((r) => r.value as Json);
  const snapshots = prefixSnapshots(clean, window);
  const random = seededRandom(seed * 7919 + f);
  let fresh = 0;
  for (let stream = 0; ; stream++) {
    const { events, applied } = mutateStream(clean, random, { window, freshId: () => `fuzz-${++fresh}` });
    const ops = toOps(events, random, snapshots);
    const bound = random.chance(0.5);
    if (stream === streamIndex) return { clean, events, applied, ops, sessionId: bound ? String(clean[0]?.sessionId) : undefined };
  }
}
