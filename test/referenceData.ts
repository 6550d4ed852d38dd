// Test data: the kit's own fixtures and shipped schemas (always), and the public Lime profile
// reference data as an optional cross-check (never copied into the repo, never required).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { EVENT_SCHEMA_FILE, SNAPSHOT_SCHEMA_FILE } from './kitSchemas';

// Tests run from the project root (vitest's root); jsdom replaces URL, so no import.meta.url here.
export const ROOT = process.cwd();
export const FIXTURES = join(ROOT, 'fixtures');
/** The kit's own conformance pack for the Lime profile rules (SPEC section 9), written by hand. */
export const PROFILE_FIXTURES = join(FIXTURES, 'profile');

export const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => f.slice(0, -'.jsonl'.length))
    .sort();
}

export const readFixture = (name: string): string => readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8');
export const readExpect = (name: string): Record<string, unknown> => readJson(join(FIXTURES, `${name}.expect.json`)) as Record<string, unknown>;

/** The JSON files of a profile pack (the kit's own, or the public one), sorted by name. */
export function profileFiles(dir: string = PROFILE_FIXTURES): { name: string; value: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => ({ name, value: readJson(join(dir, name)) }));
}

export const readProfileFixture = (name: string, dir: string = PROFILE_FIXTURES): unknown => readJson(join(dir, name));

/** ajv 2020 with formats, as a runtime author in another language would validate. */
function createAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false });
  addFormats(ajv);
  return ajv;
}

/** ajv over the schemas the package ships (agentui-kit/schema/*.json). */
export function createKitValidators() {
  const ajv = createAjv();
  return {
    event: ajv.compile(readJson(join(ROOT, EVENT_SCHEMA_FILE)) as object),
    snapshot: ajv.compile(readJson(join(ROOT, SNAPSHOT_SCHEMA_FILE)) as object),
  };
}

/**
 * The public reference data (Lime profile schemas and fixtures), when available:
 * `AGENTUI_REFERENCE_DIR`, else `../shared/reference` beside the checkout. Absent, the
 * cross-check does not run; a directory named in the variable that does not exist is an error.
 */
export function referenceDir(): string | undefined {
  const named = process.env.AGENTUI_REFERENCE_DIR;
  if (named) {
    const dir = resolve(ROOT, named);
    if (!existsSync(join(dir, 'schemas'))) throw new Error(`AGENTUI_REFERENCE_DIR=${named}: no schemas/ folder there`);
    return dir;
  }
  const beside = join(ROOT, '..', 'shared', 'reference');
  return existsSync(join(beside, 'schemas')) ? beside : undefined;
}

export const REFERENCE_SKIPPED_NOTE =
  'reference cross-check did not run: no public Lime profile data found; set AGENTUI_REFERENCE_DIR=<dir with schemas/ and lime-profile-fixtures/> to run it';

const LIME_BASE = 'https://limecloud.github.io/agentruntime/schemas/';

/**
 * ajv over the public schemas. The profile schemas $ref their base files relative to the
 * limecloud $id while the base files declare another $id, so each base schema is registered a
 * second time under the limecloud $id (the reference README's quirk).
 */
export function createReferenceValidators(dir: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = (file: string) => readJson(join(dir, 'schemas', file)) as Record<string, unknown>;
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
