// The recorded adapter runs in fixtures/adapters/, read the way every adapter's tests read them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonl } from '../../src/protocol/parseJsonl';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { expect } from 'vitest';
import { runConformance } from '../../src/adapters/core/conformance';

const DIR = join(process.cwd(), 'fixtures', 'adapters');

export const readFixture = (file: string) => readFileSync(join(DIR, file), 'utf8');
export const recorded = (name: string) => parseJsonl(readFixture(`${name}.jsonl`)).records.map((r) => r.value as RuntimeEventEnvelope);
export const expectOf = (name: string) => JSON.parse(readFixture(`${name}.expect.json`)) as Record<string, unknown>;
export const snapshotOf = (name: string) => JSON.parse(readFixture(`${name}.snapshot.json`)) as unknown;
export const types = (events: readonly RuntimeEventEnvelope[]) => events.map((e) => e.type);

/** The recorded runs of one adapter (`ai-sdk-`, `ag-ui-`, `mcp-`), by name. */
export const recordedNames = (prefix: string) =>
  readdirSync(DIR).filter((f) => f.startsWith(prefix) && f.endsWith('.jsonl')).map((f) => f.slice(0, -6)).sort();

/** A recorded run checked as the fixtures are: valid events, the expected summary, idempotent, repaired by its snapshot. */
export const conformanceOf = (name: string) => runConformance({ name, events: recorded(name), expected: expectOf(name), snapshot: snapshotOf(name) });

/**
 * Asserts a recorded run conforms: every event the kit's adapter emitted passes validateEvent
 * (the kit's own additions, `turn.cancelled` and `messages.snapshot`, included), the summary is the
 * expected one, a second delivery changes nothing.
 */
export function expectConformant(name: string): void {
  const result = conformanceOf(name);
  expect(result.invalid).toEqual([]);
  expect(result.mismatches).toEqual([]);
  expect(result.idempotent).toBe(true);
}
