// The kit's own JSON Schemas (shipped as agentui-kit/schema/*.json), generated from the tables the
// validators walk, so the files runtime authors use in other languages say what validateEvent and
// validateSnapshot say. `npm run schema` rewrites the files; test/schemaFiles.test.ts fails when
// they drift from these generators.
import {
  PORTABLE_FIELD_RULES,
  PORTABLE_REQUIRED_FIELDS,
  PROFILE_FIELD_RULES,
  PROFILE_REQUIRED_FIELDS,
  PROFILE_SCOPE_RULES,
  type JsonSchemaFragment,
} from '../src/protocol/eventFieldRules';
import { ATTEMPT_STATUSES, TASK_STATUSES, THREAD_ARRAYS, THREAD_STATUSES, TOP_LEVEL_OBJECTS, TURN_STATUSES } from '../src/protocol/validateSnapshot';
import { declaredSchema } from '../src/protocol/entity';
import { ACTION, ARTIFACT, ATTEMPT, EVIDENCE, FAILURE, QUEUED_TURN, ROUTING, SUBAGENT, TASK, TOOL_CALL, TURN } from '../src/protocol/entities';
import { KIT_EVENT_TYPES, KIT_EXTENSION_TYPES, PORTABLE_SCHEMA_VERSIONS, PROFILE_EVENT_TYPES, PROFILE_SCHEMA_VERSION, TYPE_ALIASES } from '../src/protocol/vocabulary';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
export const EVENT_SCHEMA_FILE = 'schema/runtime-event.schema.json';
export const SNAPSHOT_SCHEMA_FILE = 'schema/thread-snapshot.schema.json';

const sorted = (values: Iterable<string>) => [...values].sort();
/** The types validateEvent accepts as valid: the profile enum and the kit's own additions to it. */
const VALID_TYPES = [...PROFILE_EVENT_TYPES, ...KIT_EVENT_TYPES];
const fieldSchemas = (rules: ReadonlyMap<string, { schema: JsonSchemaFragment }>) =>
  Object.fromEntries([...rules].map(([field, rule]) => [field, rule.schema]));

/** The profile's scope ids per event type, grouped: one if/then per distinct set of required ids. */
function scopeClauses(): JsonSchemaFragment[] {
  const groups = new Map<string, string[]>();
  for (const type of sorted(VALID_TYPES)) {
    const required: string[] = [];
    for (const rule of PROFILE_SCOPE_RULES) {
      if (rule.matches(type)) for (const field of rule.required) if (!required.includes(field)) required.push(field);
    }
    if (required.length === 0) continue;
    const key = required.join(' ');
    groups.set(key, [...(groups.get(key) ?? []), type]);
  }
  return [...groups].map(([key, types]) => ({
    if: { properties: { type: { enum: types } }, required: ['type'] },
    then: { required: key.split(' ') },
  }));
}

/** Rules the profile tightens on top of the portable table (same field, another rule). */
function profileTightening(): Record<string, JsonSchemaFragment> {
  const tightened: Record<string, JsonSchemaFragment> = { schemaVersion: { const: PROFILE_SCHEMA_VERSION } };
  for (const [field, rule] of PROFILE_FIELD_RULES) if (PORTABLE_FIELD_RULES.get(field) !== rule) tightened[field] = rule.schema;
  return tightened;
}

export function runtimeEventSchema(): JsonSchemaFragment {
  const portableVersions = sorted(PORTABLE_SCHEMA_VERSIONS);
  return {
    $schema: DRAFT,
    $id: 'urn:agentui-kit:schema:runtime-event',
    title: 'AgentUI kit runtime event',
    description:
      `An event the kit accepts as valid: the Lime AgentRuntime profile (schemaVersion ${PROFILE_SCHEMA_VERSION}) or, when ` +
      `schemaVersion is ${portableVersions.join(' or ')}, the portable Agent Runtime event. Generated from the tables ` +
      'validateEvent walks; validateEvent and this schema accept and reject the same events. Other properties are free. ' +
      `Valid types: the profile enum and the kit's own additions its adapters emit (${sorted(KIT_EVENT_TYPES).join(', ')}). ` +
      'The kit also applies the aliases and kit extensions listed in $defs, with a warning (they are not profile events).',
    type: 'object',
    required: [...PORTABLE_REQUIRED_FIELDS],
    properties: { ...fieldSchemas(PORTABLE_FIELD_RULES), type: { type: 'string', enum: sorted(VALID_TYPES) } },
    if: { properties: { schemaVersion: { enum: portableVersions } }, required: ['schemaVersion'] },
    then: true,
    else: { $ref: '#/$defs/limeProfile' },
    $defs: {
      limeProfile: {
        description: 'The Lime profile on top of the portable rules: more required fields, and scope ids by event family.',
        required: [...PROFILE_REQUIRED_FIELDS],
        properties: profileTightening(),
        allOf: scopeClauses(),
      },
      aliasTypes: {
        description: 'Public Agent UI event classes the kit normalizes to a profile type on input (alias → canonical).',
        anyOf: Object.keys(TYPE_ALIASES)
          .sort()
          .map((alias) => ({ const: alias, description: `normalized to ${TYPE_ALIASES[alias]}` })),
      },
      kitExtensionTypes: {
        description: 'Types outside the profile enum that the kit applies (reported as not_in_profile warnings).',
        enum: sorted(KIT_EXTENSION_TYPES),
      },
    },
  };
}

const nonEmptyString = { type: 'string', minLength: 1 };
const arrayOfObjects = { type: 'array', items: { type: 'object' } };

export function threadSnapshotSchema(): JsonSchemaFragment {
  return {
    $schema: DRAFT,
    $id: 'urn:agentui-kit:schema:thread-snapshot',
    title: 'AgentUI kit thread snapshot (session read model)',
    description:
      `A Lime profile session snapshot (schemaVersion ${PROFILE_SCHEMA_VERSION}): the shell, its threads and tasks. ` +
      'The kit hydrates its store from it (snapshot.updated, readThread). Mirrors validateSnapshot; other properties are free.',
    type: 'object',
    required: ['schemaVersion', 'runtimeId', 'sessionId', 'updatedAt', 'threads', 'tasks', ...TOP_LEVEL_OBJECTS, 'evidenceRefs'],
    properties: {
      schemaVersion: { const: PROFILE_SCHEMA_VERSION },
      runtimeId: nonEmptyString,
      sessionId: nonEmptyString,
      updatedAt: { type: 'string', format: 'date-time' },
      ...Object.fromEntries(TOP_LEVEL_OBJECTS.map((field) => [field, { type: 'object' }])),
      evidenceRefs: { type: 'array', items: nonEmptyString },
      threads: { type: 'array', minItems: 1, items: { $ref: '#/$defs/thread' } },
      tasks: { type: 'array', items: { $ref: '#/$defs/task' } },
    },
    $defs: {
      ...readModelDefs(),
      thread: {
        type: 'object',
        required: ['threadId', 'status', ...THREAD_ARRAYS, 'evidenceSummary'],
        properties: {
          threadId: nonEmptyString,
          status: { enum: [...THREAD_STATUSES] },
          ...Object.fromEntries(THREAD_ARRAYS.map((field) => [field, arrayOfObjects])),
          turns: {
            type: 'array',
            items: { type: 'object', required: ['turnId', 'status'], properties: { turnId: { type: 'string' }, status: { enum: [...TURN_STATUSES] } } },
          },
          evidenceSummary: { type: 'object' },
        },
      },
      task: {
        type: 'object',
        required: ['taskId', 'status'],
        properties: {
          taskId: { type: 'string' },
          status: { enum: [...TASK_STATUSES] },
          ...Object.fromEntries(['objective', 'title', 'currentRunId', 'parentTaskId', 'threadId', 'turnId'].map((f) => [f, { type: 'string' }])),
          evidenceRefs: { type: 'array', items: { type: 'string' } },
          attempts: {
            type: 'array',
            items: { type: 'object', required: ['runId', 'status'], properties: { runId: { type: 'string' }, status: { enum: [...ATTEMPT_STATUSES] } } },
          },
        },
      },
    },
  };
}

/**
 * What the kit reads from a read model's items, generated from the entity declarations
 * (src/protocol/entities.ts) that the read-model codec and the store's records are typed from. The
 * kit reads them tolerantly: a value of another type is left out (unknown), never guessed.
 */
function readModelDefs(): Record<string, JsonSchemaFragment> {
  const tolerant = (item: string) =>
    `A read model's ${item} as the kit reads it (declared once in src/protocol/entities.ts; not referenced by the profile rules): a value of another type is read as absent.`;
  return {
    readModelTurn: declaredSchema({ ...TURN, ...FAILURE }, `${tolerant('turn')} Its status maps to a lifecycle.`, ['turnId']),
    readModelAction: declaredSchema(ACTION, tolerant('pending request or action')),
    readModelToolCall: declaredSchema({ ...TOOL_CALL, ...FAILURE }, tolerant('tool call'), ['toolCallId']),
    readModelArtifact: declaredSchema(ARTIFACT, tolerant('artifact'), ['artifactId']),
    readModelSubagent: declaredSchema(SUBAGENT, tolerant('subagent'), ['subagentId']),
    readModelEvidence: declaredSchema(EVIDENCE, tolerant('evidence'), ['evidenceId']),
    readModelQueuedTurn: declaredSchema(QUEUED_TURN, tolerant('queued turn')),
    readModelTask: declaredSchema(TASK, tolerant('task'), ['taskId']),
    readModelAttempt: declaredSchema(ATTEMPT, tolerant('task attempt'), ['runId']),
    readModelRouting: declaredSchema(ROUTING, tolerant('routing summary')),
  };
}

/** The file's text: stable key order, two-space indent, trailing newline. */
export const schemaText = (schema: JsonSchemaFragment): string => `${JSON.stringify(schema, null, 2)}\n`;
