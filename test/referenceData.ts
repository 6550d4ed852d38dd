// Test helpers that read the shared reference data and the fixtures (never copied into the repo).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Tests run from the project root (vitest's root); jsdom replaces URL, so no import.meta.url here.
export const ROOT = process.cwd();
export const SHARED = join(ROOT, '..', 'shared', 'reference');
export const FIXTURES = join(ROOT, 'fixtures');

export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length))
    .sort();
}

export const readFixture = (name: string): string => readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8');
export const readExpect = (name: string): Record<string, unknown> => readJson(join(FIXTURES, `${name}.expect.json`)) as Record<string, unknown>;

export function referenceFiles(): { name: string; value: unknown }[] {
  const dir = join(SHARED, 'lime-profile-fixtures');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({ name, value: readJson(join(dir, name)) }));
}

export const readReference = (name: string): unknown => readJson(join(SHARED, 'lime-profile-fixtures', name));

const LIME_BASE = 'https://limecloud.github.io/agentruntime/schemas/';

/**
 * ajv over the public schemas. The profile schemas $ref their base files relative to the
 * limecloud $id while the base files declare another $id, so each base schema is registered a
 * second time under the limecloud $id (the reference README's quirk).
 */
export function createSchemaValidators() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = (file: string) => readJson(join(SHARED, 'schemas', file)) as Record<string, unknown>;
  for (const file of ['agentruntime-event.schema.json', 'agentruntime-snapshot.schema.json']) {
    const base = schema(file);
    ajv.addSchema(base);
    ajv.addSchema({ ...base, $id: `${LIME_BASE}${file}` });
  }
  return {
    profileEvent: ajv.compile(schema('agentruntime-lime-profile-event.schema.json')),
    portableEvent: ajv.getSchema('https://agentruntime.example/schemas/agentruntime-event.schema.json')!,
    profileSnapshot: ajv.compile(schema('agentruntime-lime-profile-snapshot.schema.json')),
  };
}
