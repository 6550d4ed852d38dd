// One declaration per entity (issue 22): a table of fields, each with the names a document may
// use for it, how its value is read, and the JSON Schema it stands for. The TypeScript type of what
// is read, the reader, the writer and the shipped schema all come from the table, so a field is
// added in one place (TypeBox / zod's lesson, without a dependency: the table is plain data).
import { isPlainObject } from './eventFieldRules';
import type { JsonSchemaFragment } from './eventFieldRules';
import type { JsonObject } from './events';

/** One field of an entity: the names a document may use (the first is the one the kit writes), its reader, its schema. */
export interface Field<T> {
  readonly names: readonly string[];
  /** The value as this field's type, or undefined when it is absent or of another type (tolerant: never a guess). */
  readonly read: (value: unknown) => T | undefined;
  readonly schema: JsonSchemaFragment;
}

/** A table of fields: one entity's declaration. */
export type Fields = { readonly [key: string]: Field<unknown> };

/** What an entity's declaration reads: every field optional (absent is unknown). */
export type Declared<F extends Fields> = { -readonly [K in keyof F]?: F[K] extends Field<infer T> ? T : never };

const make = <T>(read: (value: unknown) => T | undefined, schema: JsonSchemaFragment) => (...names: string[]): Field<T> => ({ names, read, schema });

/** Field kinds. */
export const field = {
  string: make<string>((v) => (typeof v === 'string' ? v : undefined), { type: 'string' }),
  number: make<number>((v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined), { type: 'number' }),
  boolean: make<boolean>((v) => (typeof v === 'boolean' ? v : undefined), { type: 'boolean' }),
  /** Any JSON value (kept as it is; `null` is absent). */
  json: make<unknown>((v) => (v === null ? undefined : v), {}),
  /** The non-empty strings of a list. */
  strings: make<string[]>((v) => (Array.isArray(v) ? v.filter((item): item is string => typeof item === 'string' && item !== '') : undefined), {
    type: 'array',
    items: { type: 'string' },
  }),
  /** A string from a vocabulary, mapped to the kit's value (a Map: `constructor` finds nothing); another string is absent. */
  oneOf<T extends string>(vocabulary: ReadonlyMap<string, T>, ...names: string[]): Field<T> {
    return { names, read: (v) => (typeof v === 'string' ? vocabulary.get(v) : undefined), schema: { type: 'string', enum: [...vocabulary.keys()] } };
  },
};

/** Reads an entity from a document: each field from the first of its names that holds a value of its type. Absent fields are left out. */
export function readDeclared<F extends Fields>(fields: F, item: JsonObject): Declared<F> {
  const out: Record<string, unknown> = {};
  for (const key in fields) {
    const spec = fields[key]!;
    for (const name of spec.names) {
      const value = spec.read(item[name]);
      if (value !== undefined) {
        out[key] = value;
        break;
      }
    }
  }
  return out as Declared<F>;
}

/** Writes an entity as a document: each stated field under its first name. */
export function writeDeclared<F extends Fields>(fields: F, value: Declared<F>): JsonObject {
  const out: JsonObject = {};
  for (const key in fields) {
    const stated = (value as Record<string, unknown>)[key];
    if (stated !== undefined) out[fields[key]!.names[0]!] = stated;
  }
  return out;
}

/** The JSON Schema of an entity's document: its fields under every name they may take; other properties free. */
export function declaredSchema(fields: Fields, description: string, required: readonly string[] = []): JsonSchemaFragment {
  const properties: Record<string, JsonSchemaFragment> = {};
  for (const key in fields) for (const name of fields[key]!.names) properties[name] = fields[key]!.schema;
  return { type: 'object', description, ...(required.length > 0 && { required: [...required] }), properties };
}

/** Every declared field of `item` whose value is present but not of its type (what a tolerant read drops). */
export function mistypedFields(fields: Fields, item: unknown): string[] {
  if (!isPlainObject(item)) return [];
  const out: string[] = [];
  for (const key in fields) {
    for (const name of fields[key]!.names) {
      const value = item[name];
      if (value !== undefined && value !== null && fields[key]!.read(value) === undefined) out.push(name);
    }
  }
  return out;
}
