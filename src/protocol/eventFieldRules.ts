// The field rules of the public Agent Runtime event schema, as a table the validator walks.
// Written by hand (no schema compiler: the validator runs on every event and must be CSP-safe).
// Each rule carries the JSON Schema it stands for, so the shipped schema (schema/*.json) is
// generated from this same table and cannot drift from the validator.
import { isRfc3339DateTime } from './dateTime';
import type { FieldProblem } from './validationIssue';

/** A JSON Schema fragment (draft 2020-12), as plain data. */
export type JsonSchemaFragment = { readonly [keyword: string]: unknown };

/** Returns the problem with a value, or undefined when the value is fine; `schema` says the same in JSON Schema. */
export interface FieldRule {
  (value: unknown): FieldProblem | undefined;
  readonly schema: JsonSchemaFragment;
}

const rule = (check: (value: unknown) => FieldProblem | undefined, schema: JsonSchemaFragment): FieldRule =>
  Object.assign(check, { schema });

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const stringRule = rule((v) => (typeof v === 'string' ? undefined : 'type'), { type: 'string' });
export const nonEmptyStringRule = rule((v) => (typeof v !== 'string' ? 'type' : v.length === 0 ? 'empty' : undefined), {
  type: 'string',
  minLength: 1,
});
export const objectRule = rule((v) => (isPlainObject(v) ? undefined : 'type'), { type: 'object' });
const numberRule = rule((v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'type'), { type: 'number' });
export const nonNegativeIntegerRule = rule(
  (v) => (typeof v !== 'number' || !Number.isInteger(v) ? 'type' : v < 0 ? 'minimum' : undefined),
  { type: 'integer', minimum: 0 },
);
export const dateTimeRule = rule((v) => (typeof v !== 'string' ? 'type' : isRfc3339DateTime(v) ? undefined : 'format'), {
  type: 'string',
  format: 'date-time',
});
const enumRule = (values: readonly string[]): FieldRule =>
  rule((v) => (typeof v === 'string' && values.includes(v) ? undefined : 'enum'), { enum: [...values] });
const stringArrayRule = rule((v) => (Array.isArray(v) && v.every((item) => typeof item === 'string') ? undefined : 'type'), {
  type: 'array',
  items: { type: 'string' },
});

/** An object whose listed properties follow their own rules; other properties are free. */
function objectWith(properties: Record<string, FieldRule>): FieldRule {
  const schema = { type: 'object', properties: Object.fromEntries(Object.entries(properties).map(([key, r]) => [key, r.schema])) };
  return rule((v) => {
    if (!isPlainObject(v)) return 'type';
    for (const key in properties) {
      if (key in v) {
        const problem = properties[key]!(v[key]);
        if (problem) return problem;
      }
    }
    return undefined;
  }, schema);
}

const NON_EMPTY_ID_FIELDS = `eventId sessionId threadId turnId taskId runId attemptId parentTaskId rootTaskId stepId
toolCallId actionId subagentId artifactId evidenceId requestId processId channelId jobId jobItemId outputRef
modelRequestId queueId`;
const STRING_FIELDS = 'schemaVersion runtimeId traceId spanId nativeStatus status phase statusReason';
const OBJECT_FIELDS = `task taskAttempt taskRelationship taskGraph taskProgress taskAcceptance worker deliveryState refs
permissionDecision sandboxProfile routingDecision candidateModelSet taskProfile limitState limitEvent costState hookRun
executionEnvironment channel job jobItem output historyBoundary telemetry correlation`;

function table(names: string, rule: FieldRule): [string, FieldRule][] {
  return names.split(/\s+/).map((name) => [name, rule]);
}

/** Field rules of the portable event schema (`agentruntime-event.schema.json`). */
export const PORTABLE_FIELD_RULES: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ...table(NON_EMPTY_ID_FIELDS, nonEmptyStringRule),
  ...table(STRING_FIELDS, stringRule),
  ...table(OBJECT_FIELDS, objectRule),
  ['type', stringRule],
  ['timestamp', dateTimeRule],
  ['sequence', nonNegativeIntegerRule],
  [
    'benchmark',
    objectWith({
      ...Object.fromEntries(
        table(
          'datasetId datasetVersion datasetRef taskId trialId configurationId harborJobRef harborTrialRef singleChangedVariable',
          stringRule,
        ),
      ),
      role: enumRule(['baseline', 'candidate', 'control']),
    }),
  ],
  [
    'trajectory',
    objectWith({
      schema: stringRule,
      ref: stringRule,
      exportStatus: enumRule(['pending', 'exported', 'failed', 'redacted', 'not-supported']),
      requiredFieldStatus: objectRule,
    }),
  ],
  [
    'reward',
    objectWith({
      value: numberRule,
      ref: stringRule,
      detailsRef: stringRule,
      criteria: stringArrayRule,
      failureCategory: stringRule,
    }),
  ],
  [
    'comparison',
    objectWith({
      meanRewardDelta: numberRule,
      timeoutRateDelta: numberRule,
      evidenceCompletenessRate: numberRule,
      p0QcGateRegressionCount: nonNegativeIntegerRule,
      decision: stringRule,
    }),
  ],
]);

/** The profile schema tightens these on top of the portable rules. */
export const PROFILE_FIELD_RULES: ReadonlyMap<string, FieldRule> = new Map<string, FieldRule>([
  ...PORTABLE_FIELD_RULES,
  ['runtimeId', nonEmptyStringRule],
  ['payload', objectRule],
]);

export const PORTABLE_REQUIRED_FIELDS = ['type', 'eventId', 'timestamp'] as const;
export const PROFILE_REQUIRED_FIELDS = [
  'type',
  'eventId',
  'timestamp',
  'schemaVersion',
  'runtimeId',
  'sessionId',
  'sequence',
  'payload',
] as const;

/** Scope ids the profile requires by event family (the schema's if/then clauses). */
export const PROFILE_SCOPE_RULES: readonly { matches: (type: string) => boolean; required: readonly string[] }[] = [
  { matches: (t) => t.startsWith('thread.'), required: ['threadId'] },
  {
    matches: (t) => /^(turn|model|reasoning|tool|action|permission|sandbox|hook|context|routing|cost|rate_limit|quota)\./.test(t),
    required: ['threadId', 'turnId'],
  },
  { matches: (t) => t.startsWith('tool.'), required: ['stepId', 'toolCallId'] },
  { matches: (t) => t.startsWith('action.'), required: ['actionId'] },
  { matches: (t) => t.startsWith('task.'), required: ['taskId'] },
  { matches: (t) => t.startsWith('task.attempt.'), required: ['runId'] },
  { matches: (t) => t.startsWith('subagent.'), required: ['subagentId'] },
  { matches: (t) => t === 'evidence.changed', required: ['evidenceId'] },
  { matches: (t) => t.startsWith('benchmark.'), required: ['benchmark'] },
  { matches: (t) => /^benchmark\.(trial|reward)\./.test(t), required: ['taskId', 'runId', 'refs'] },
  { matches: (t) => t === 'benchmark.trial.started', required: ['threadId', 'turnId'] },
  { matches: (t) => t === 'benchmark.comparison.completed', required: ['comparison', 'refs'] },
];
