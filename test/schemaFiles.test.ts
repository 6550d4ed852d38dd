import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_SCHEMA_FILE, runtimeEventSchema, schemaText, SNAPSHOT_SCHEMA_FILE, threadSnapshotSchema } from './kitSchemas';
import { ROOT } from './referenceData';

// `npm run schema` sets AGENTUI_WRITE_SCHEMA=1 to rewrite the shipped files from the validators' tables.
const WRITE = process.env.AGENTUI_WRITE_SCHEMA === '1';

describe('the shipped JSON Schemas are generated from the validators’ tables', () => {
  for (const [file, generate] of [[EVENT_SCHEMA_FILE, runtimeEventSchema], [SNAPSHOT_SCHEMA_FILE, threadSnapshotSchema]] as const) {
    it(`${file} is up to date (npm run schema rewrites it)`, () => {
      const path = join(ROOT, file);
      const text = schemaText(generate());
      if (WRITE) writeFileSync(path, text);
      expect(existsSync(path), `${file} is missing: run npm run schema`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${file} is stale: run npm run schema`).toBe(text);
    });
  }
});
