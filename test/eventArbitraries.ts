// fast-check generators of runtime events: valid ones built from the validator's field table
// (each value drawn from the JSON Schema its rule carries), and mutations that break one rule.
import fc from 'fast-check';
import {
  PORTABLE_FIELD_RULES,
  PORTABLE_REQUIRED_FIELDS,
  PROFILE_FIELD_RULES,
  PROFILE_REQUIRED_FIELDS,
  PROFILE_SCOPE_RULES,
  type JsonSchemaFragment,
} from '../src/protocol/eventFieldRules';
import { KIT_EXTENSION_TYPES, PORTABLE_SCHEMA_VERSIONS, PROFILE_EVENT_TYPES, PROFILE_SCHEMA_VERSION, TYPE_ALIASES } from '../src/protocol/vocabulary';

type Event = Record<string, unknown>;
const TYPES = [...PROFILE_EVENT_TYPES].sort();
const PORTABLE_VERSIONS = [...PORTABLE_SCHEMA_VERSIONS];

export const scopeIdsOf = (type: string): string[] => [...new Set(PROFILE_SCOPE_RULES.filter((r) => r.matches(type)).flatMap((r) => r.required))];

/** RFC 3339 date-times in the shapes runtimes send: UTC with or without fraction, or an offset. */
const dateTime = fc
  .tuple(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), fc.constantFrom('Z', '.5Z', '+02:00', '-05:30', 'z'))
  .map(([date, tail]) => {
    const iso = date.toISOString().slice(0, 19);
    return tail === 'z' ? `${iso.replace('T', 't')}z` : tail === '.5Z' ? `${iso}.5Z` : `${iso}${tail}`;
  });

const jsonValue = fc.jsonValue({ maxDepth: 2 });
const freeObject = fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 3 });

/** A value that satisfies a rule's JSON Schema fragment (the subset the field table uses). */
export function valueFor(schema: JsonSchemaFragment): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date-time') return dateTime;
      return fc.string({ minLength: (schema.minLength as number | undefined) ?? 0, maxLength: 12 });
    case 'integer':
      return fc.nat({ max: 1_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'array':
      return fc.array(valueFor(schema.items as JsonSchemaFragment), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties as Record<string, JsonSchemaFragment> | undefined;
      if (!properties) return freeObject;
      const known = fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueFor(s)])), { requiredKeys: [] });
      return fc.tuple(known, freeObject).map(([k, free]) => ({ ...free, ...k }));
    }
    default:
      throw new Error(`no generator for ${JSON.stringify(schema)}`);
  }
}

/** JSON-only values: what a runtime can actually send (no undefined, -0 or sparse arrays). */
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const OPTIONAL_FIELDS = [...PORTABLE_FIELD_RULES.keys()].filter((f) => f !== 'type' && f !== 'timestamp' && f !== 'schemaVersion');

/** A valid event: the profile (most) or portable 0.1 rules, a profile type, its scope ids, some optional fields. */
export const validEvent: fc.Arbitrary<Event> = fc
  .record({
    portable: fc.nat({ max: 3 }).map((n) => n === 0),
    version: fc.constantFrom(...PORTABLE_VERSIONS),
    type: fc.constantFrom(...TYPES),
    optional: fc.subarray(OPTIONAL_FIELDS, { maxLength: 6 }),
    extra: fc.dictionary(fc.string({ maxLength: 6 }).map((k) => `x_${k}`), jsonValue, { maxKeys: 2 }),
  })
  .chain(({ portable, version, type, optional, extra }) => {
    const rules = portable ? PORTABLE_FIELD_RULES : PROFILE_FIELD_RULES;
    const required = portable ? [...PORTABLE_REQUIRED_FIELDS] : [...PROFILE_REQUIRED_FIELDS, ...scopeIdsOf(type)];
    const fields = [...new Set([...required, ...optional])].filter((f) => f !== 'type' && f !== 'schemaVersion');
    const values = Object.fromEntries(fields.map((f) => [f, valueFor(rules.get(f)?.schema ?? { type: 'object' })]));
    return fc.record(values).map((v) => asJson({ ...extra, ...v, type, schemaVersion: portable ? version : PROFILE_SCHEMA_VERSION }));
  });

const BAD_DATE_TIMES = ['2026-02-30T10:00:00Z', '2026-06-09', '2026-06-09T10:00:00', '2026-06-09T24:00:00Z', '2026-13-01T00:00:00Z', 'yesterday', '', '2026-06-30T12:59:60Z'];

/** A value of the wrong JSON type (or bound) for a rule's schema. */
function wrongValueFor(schema: JsonSchemaFragment): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.oneof(fc.string({ maxLength: 6 }).filter((s) => !(schema.enum as unknown[]).includes(s)), fc.integer());
  switch (schema.type) {
    case 'string': {
      const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }));
      if (schema.format === 'date-time') return fc.oneof(wrongType, fc.constantFrom(...BAD_DATE_TIMES));
      return schema.minLength ? fc.oneof(wrongType, fc.constant('')) : wrongType;
    }
    case 'integer':
      return fc.oneof(fc.integer({ max: -1 }), fc.constantFrom(1.5, -0.25), fc.string({ maxLength: 3 }), fc.constant(null));
    case 'number':
      return fc.oneof(fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null));
    case 'array':
      return fc.oneof(fc.string({ maxLength: 3 }), fc.constant({}), fc.constant([1, 'a']));
    case 'object': {
      const properties = schema.properties as Record<string, JsonSchemaFragment> | undefined;
      const wrongType = fc.oneof(fc.array(jsonValue, { maxLength: 2 }), fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null));
      if (!properties) return wrongType;
      const [key, inner] = Object.entries(properties)[0]!;
      return fc.oneof(wrongType, fc.constantFrom(...Object.entries(properties)).chain(([k, s]) => wrongValueFor(s).map((v) => ({ [k]: v }))), wrongValueFor(inner).map((v) => ({ [key]: v })));
    }
    default:
      throw new Error(`no wrong value for ${JSON.stringify(schema)}`);
  }
}

const isPortable = (e: Event) => typeof e.schemaVersion === 'string' && PORTABLE_SCHEMA_VERSIONS.has(e.schemaVersion);
const without = (e: Event, field: string): Event => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field));
const NOT_PROFILE_TYPES = [...Object.keys(TYPE_ALIASES), ...KIT_EXTENSION_TYPES, 'telemetry.sampled', 'Tool.Started', ''];

/** A mutation that breaks exactly one rule of the schema the event claims: every result is invalid. */
export function invalidating(event: Event): fc.Arbitrary<unknown> {
  const portable = isPortable(event);
  const rules = portable ? PORTABLE_FIELD_RULES : PROFILE_FIELD_RULES;
  const required: string[] = portable ? [...PORTABLE_REQUIRED_FIELDS] : [...PROFILE_REQUIRED_FIELDS, ...scopeIdsOf(event.type as string)];
  const ruled = [...rules.keys()].filter((f) => f !== 'schemaVersion');
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...required).map((field) => without(event, field)),
    fc.constantFrom(...ruled).chain((field) => wrongValueFor(rules.get(field)!.schema).map((value) => ({ ...event, [field]: value }))),
    fc.constantFrom(...NOT_PROFILE_TYPES).map((type) => ({ ...event, type })),
    fc.oneof(fc.string({ maxLength: 4 }), fc.array(jsonValue, { maxLength: 2 }), fc.constant(null), fc.integer()),
  ];
  if (!portable) options.push(fc.constantFrom('lime-profile-0.5.0', 'lime-profile-0.4', '0.2', '').map((schemaVersion) => ({ ...event, schemaVersion })));
  return fc.oneof(...options).map(asJson);
}

/** Any one-field change, valid or not: the two validators must reach the same verdict. */
export function perturbed(event: Event): fc.Arbitrary<unknown> {
  const fields = [...new Set([...Object.keys(event), ...PROFILE_FIELD_RULES.keys()])];
  return fc.oneof(
    fc.constantFrom(...fields).chain((field) => fc.oneof(jsonValue, valueFor(PROFILE_FIELD_RULES.get(field)?.schema ?? { type: 'object' })).map((value) => ({ ...event, [field]: value }))),
    fc.constantFrom(...fields).map((field) => without(event, field)),
    fc.constantFrom(...PORTABLE_VERSIONS, PROFILE_SCHEMA_VERSION).map((schemaVersion) => ({ ...event, schemaVersion })),
  ).map(asJson);
}
