// Issue 22: each entity is declared once (src/protocol/entities.ts). The read-model codec, the
// records' shared fields and the shipped schema come from the declaration: a field the shipped
// schema lists for an item is read by the codec, under every name it may take, and written back
// under its first name.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeReadModel, encodeReadModel } from '../src/protocol/readModel';
import { ROOT } from './referenceData';

type Schema = { required?: string[]; properties: Record<string, { type?: string; enum?: string[] }> };
const defs = (JSON.parse(readFileSync(join(ROOT, 'schema/thread-snapshot.schema.json'), 'utf8')) as { $defs: Record<string, Schema> }).$defs;

/** A value the schema allows for a property, different per name so a read shows which name it came from. */
function valueFor(property: { type?: string; enum?: string[] }, name: string): unknown {
  // A vocabulary's first value is one the kit writes back as it is (later ones may map: error -> failed).
  if (property.enum) return property.enum[0];
  switch (property.type) {
    case 'number':
      return name.length;
    case 'boolean':
      return true;
    case 'array':
      return [`${name}-1`];
    case 'string':
      return `${name}-value`;
    default:
      return { from: name };
  }
}

/** Where each item lives in a thread read model, and its list. */
const ITEMS: Record<string, string> = {
  readModelToolCall: 'toolCalls',
  readModelAction: 'actions',
  readModelArtifact: 'artifacts',
  readModelSubagent: 'subagents',
  readModelEvidence: 'evidence',
  readModelQueuedTurn: 'queuedTurns',
  readModelTurn: 'turns',
};

describe('one declaration per entity: the shipped schema, the codec and the records agree', () => {
  for (const [def, list] of Object.entries(ITEMS)) {
    it(`${def}: every property the schema lists is read, and written back under its first name`, () => {
      const schema = defs[def]!;
      const names = Object.keys(schema.properties);
      expect(names.length).toBeGreaterThan(2);
      // One item per name, holding only the required ids and that name: each name must be read.
      for (const name of names) {
        const item: Record<string, unknown> = { [name]: valueFor(schema.properties[name]!, name) };
        for (const required of schema.required ?? []) item[required] ??= `${required}-id`;
        if (def === 'readModelAction') {
          item.status ??= 'resolved';
          if (name !== 'requestId') item.actionId ??= 'actionId-id';
        }
        const model = decodeReadModel({ threadId: 'th', turns: [], [list]: [item] });
        const encoded = encodeReadModel(model!);
        const back = (encoded[list] as Record<string, unknown>[] | undefined)?.[0] ?? {};
        const written = Object.values(back).map((value) => JSON.stringify(value));
        expect(written, `${def}.${name} is read and written back`).toContain(JSON.stringify(item[name] === 'blocked' ? 'blocked' : item[name]));
      }
    });
  }
});
