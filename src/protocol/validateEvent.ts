import {
  dateTimeRule,
  type FieldRule,
  isPlainObject,
  nonEmptyStringRule,
  nonNegativeIntegerRule,
  objectRule,
  PORTABLE_FIELD_RULES,
  PORTABLE_REQUIRED_FIELDS,
  PROFILE_FIELD_RULES,
  PROFILE_REQUIRED_FIELDS,
  PROFILE_SCOPE_RULES,
  stringRule,
} from './eventFieldRules';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './jsonDepth';
import { REFUSED_FIELD, refusalOf } from './refusedLine';
import { isBlocking, type FieldProblem, type ValidationIssue } from './validationIssue';
import { classifyType, PORTABLE_SCHEMA_VERSIONS, PROFILE_SCHEMA_VERSION, TYPE_ALIASES, type TypeClass } from './vocabulary';

/** What `validateEvent` found: whether the event conforms, whether it may become a fact, and every issue. */
export interface EventValidation {
  /** True when the event conforms to the public schema it claims (the profile, or portable for 0.1). */
  valid: boolean;
  /** True when no issue keeps the event out of the facts (warnings still allow it). */
  applicable: boolean;
  issues: ValidationIssue[];
}

const PROBLEM_TEXT: Record<FieldProblem, string> = {
  missing: 'is missing',
  type: 'has the wrong type',
  empty: 'is empty',
  format: 'is not an RFC 3339 date-time',
  enum: 'is not one of the allowed values',
  const: 'does not match the profile',
  minimum: 'is below its minimum',
};

/**
 * What the decode needs of a known type, found once per type: its class, the scope ids the profile
 * requires, the canonical type an alias maps to, whether its facts join by an action, evidence or
 * artifact id.
 */
export interface TypeFacts {
  typeClass: TypeClass;
  scope: readonly string[];
  /** The canonical type of an alias (`tool.completed` depends on its payload: see normalizeEvent). */
  alias: string | undefined;
  /** Its family's facts join by an action, evidence or artifact id (see resolveCorrelation). */
  correlated: boolean;
  /** The fields of the last event of this type, in order, with their checks (see `validateEvent`). */
  shape: string[];
  shapeChecks: (FieldCheck | undefined)[];
  /** `shape` holds every field of `scope`: an event of that shape needs no scope look-up. */
  shapeHasScope: boolean;
}

const typeFactsCache = new Map<string, TypeFacts>();

/** The families whose facts join by an action, evidence or artifact id. */
const CORRELATED_FAMILIES = /^(action|permission|evidence|review|artifact|tool|output)\./;

/** The facts of a type, found once per known type (an unknown type is not cached: its name comes from outside). */
export function typeFactsOf(type: string): TypeFacts {
  const cached = typeFactsCache.get(type);
  if (cached) return cached;
  const scope: string[] = [];
  for (const rule of PROFILE_SCOPE_RULES) {
    if (rule.matches(type)) for (const field of rule.required) if (!scope.includes(field)) scope.push(field);
  }
  const alias = Object.prototype.hasOwnProperty.call(TYPE_ALIASES, type) ? TYPE_ALIASES[type] : undefined;
  const facts: TypeFacts = { typeClass: classifyType(type), scope, alias, correlated: CORRELATED_FAMILIES.test(alias ?? type), shape: [], shapeChecks: [], shapeHasScope: scope.length === 0 };
  if (facts.typeClass !== 'unknown') typeFactsCache.set(type, facts);
  return facts;
}

/** Scope ids whose absence is a correlation gap rather than a malformed envelope. */
const CORRELATION_IDS = new Set(['threadId', 'turnId', 'stepId', 'toolCallId', 'actionId', 'taskId', 'runId', 'subagentId', 'evidenceId']);

function fieldIssue(field: string, problem: FieldProblem, type: string | undefined): ValidationIssue {
  const correlation = (problem === 'missing' || problem === 'empty') && CORRELATION_IDS.has(field);
  return {
    code: correlation ? 'missing_correlation' : 'invalid_event',
    severity: 'error',
    field,
    problem,
    message: `${type ?? 'event'}: ${field} ${PROBLEM_TEXT[problem]}`,
  };
}

/** Which common rule checks a field (see `problemOf`), or `Rule`: any other, through the field's own rule. */
const enum Check {
  NonEmptyString,
  String,
  Object,
  NonNegativeInteger,
  DateTime,
  Rule,
}

interface FieldCheck {
  check: Check;
  rule: FieldRule;
  /** The schema requires the field (counted, so the missing ones are looked for only when one is). */
  required: boolean;
}

function fieldChecks(rules: ReadonlyMap<string, FieldRule>, required: readonly string[]): Map<string, FieldCheck> {
  const inline = new Map<FieldRule, Check>([
    [nonEmptyStringRule, Check.NonEmptyString],
    [stringRule, Check.String],
    [objectRule, Check.Object],
    [nonNegativeIntegerRule, Check.NonNegativeInteger],
    [dateTimeRule, Check.DateTime],
  ]);
  const checks = new Map<string, FieldCheck>();
  for (const [field, rule] of rules) checks.set(field, { check: inline.get(rule) ?? Check.Rule, rule, required: required.includes(field) });
  return checks;
}

const PROFILE_CHECKS = fieldChecks(PROFILE_FIELD_RULES, PROFILE_REQUIRED_FIELDS);
const PORTABLE_CHECKS = fieldChecks(PORTABLE_FIELD_RULES, PORTABLE_REQUIRED_FIELDS);

/**
 * The problem with a field's value under its check: the rule itself, called from a call site of
 * its own per common rule (each one target V8 can inline; one shared site saw a different closure
 * per field and could not).
 */
function problemOf({ check, rule }: FieldCheck, value: unknown): FieldProblem | undefined {
  switch (check) {
    case Check.NonEmptyString:
      return nonEmptyStringRule(value);
    case Check.String:
      return stringRule(value);
    case Check.Object:
      return objectRule(value);
    case Check.NonNegativeInteger:
      return nonNegativeIntegerRule(value);
    case Check.DateTime:
      return dateTimeRule(value);
    default:
      return rule(value);
  }
}

/** The validation of an event with no issue (shared: the common case allocates no result). */
export const VALID_EVENT: EventValidation = Object.freeze({ valid: true, applicable: true, issues: Object.freeze([]) as unknown as ValidationIssue[] });

/**
 * Checks one raw event against the public schema its `schemaVersion` claims: the Lime profile
 * (`lime-profile-0.4.0`, or any unknown version) or the portable schema (`0.1`, `0.1.0`).
 * Never throws. Its verdict (`valid`) agrees with ajv on those schemas; the issues say why.
 */
export function validateEvent(raw: unknown): EventValidation {
  return validateEventFacts(raw, undefined);
}

/** `validateEvent`, also handing `sink` the facts of the event's type (the decode reuses them: one lookup per event). */
export function validateEventFacts(raw: unknown, sink: { facts?: TypeFacts } | undefined): EventValidation {
  if (sink) sink.facts = undefined;
  if (!isPlainObject(raw)) {
    const issue: ValidationIssue = {
      code: 'invalid_event',
      severity: 'error',
      field: '(root)',
      problem: 'type',
      message: 'an event must be a JSON object',
    };
    return { valid: false, applicable: false, issues: [issue] };
  }
  // A place-holder of a refused line: it holds its place, and is never a fact.
  if (raw[REFUSED_FIELD] !== undefined) {
    const refusal = refusalOf(raw);
    if (refusal) return { valid: false, applicable: false, issues: [{ code: refusal.code, severity: 'error', message: refusal.message }] };
  }
  // Allocated only when an issue is found: validation runs on every event.
  let issues: ValidationIssue[] | undefined;
  const type = typeof raw.type === 'string' ? raw.type : undefined;
  const version = raw.schemaVersion;
  // Compared first: nearly every event claims the profile (a Set look-up hashed a new string per event).
  const profileVersion = version === PROFILE_SCHEMA_VERSION;
  const portable = !profileVersion && typeof version === 'string' && PORTABLE_SCHEMA_VERSIONS.has(version);
  const checks = portable ? PORTABLE_CHECKS : PROFILE_CHECKS;
  const required = portable ? PORTABLE_REQUIRED_FIELDS : PROFILE_REQUIRED_FIELDS;
  const facts = type === undefined ? undefined : typeFactsOf(type);
  if (sink) sink.facts = facts;
  // Events of one type come with the same fields in the same order (JSON.parse keeps the order and
  // interns the names): the checks of the last one are found by position, a Map lookup only when
  // the fields differ. The shape is kept per profile event (portable events, rare, look up).
  const shape = facts !== undefined && !portable ? facts : undefined;
  let position = 0;
  let sameShape = shape !== undefined;
  let shapeChanged = false;
  // A field present with the value undefined (an event built in code) is missing to the scope check.
  let undefinedField = false;

  let requiredPresent = 0;
  for (const field in raw) {
    const value = raw[field];
    // The envelope is level 1, so its fields may nest one level less than the limit.
    if (typeof value === 'object' && value !== null && exceedsJsonDepth(value, MAX_JSON_DEPTH - 1)) {
      (issues ??= []).push({ code: 'too_deep', severity: 'error', field, message: `${type ?? 'event'}: ${field} nests deeper than ${MAX_JSON_DEPTH} levels` });
    }
    let check: FieldCheck | undefined;
    if (sameShape && shape!.shape[position] === field) {
      check = shape!.shapeChecks[position];
    } else {
      check = checks.get(field);
      if (shape !== undefined) {
        if (sameShape) {
          // The fields differ from here on: this event's shape replaces the kept one.
          shape.shape.length = position;
          shape.shapeChecks.length = position;
          sameShape = false;
          shapeChanged = true;
        }
        shape.shape.push(field);
        shape.shapeChecks.push(check);
      }
    }
    position += 1;
    if (value === undefined) undefinedField = true;
    if (value === undefined || check === undefined) continue;
    if (check.required) requiredPresent += 1;
    const problem = problemOf(check, value);
    if (problem) (issues ??= []).push(fieldIssue(field, problem, type));
  }
  // A shape longer than this event's: the kept one is this event's.
  if (shape !== undefined && sameShape && shape.shape.length > position) {
    shape.shape.length = position;
    shape.shapeChecks.length = position;
    shapeChanged = true;
  }
  if (shapeChanged) shape!.shapeHasScope = shape!.scope.every((field) => shape!.shape.includes(field));
  if (requiredPresent < required.length) {
    // Missing fields come first, as the schema lists them.
    const missing: ValidationIssue[] = [];
    for (const field of required) if (raw[field] === undefined) missing.push(fieldIssue(field, 'missing', type));
    (issues ??= []).unshift(...missing);
  }
  if (!portable && !profileVersion && typeof version === 'string') {
    (issues ??= []).push({
      code: 'schema_version_unknown',
      severity: 'warning',
      schemaVersion: version,
      message: `schemaVersion "${version}" is not ${PROFILE_SCHEMA_VERSION} or a portable 0.1 version`,
    });
  }
  if (type !== undefined) {
    const typeClass = facts!.typeClass;
    if (typeClass === 'unknown') {
      (issues ??= []).push({ code: 'unknown_event_type', severity: 'error', type, message: `unknown event type "${type}"` });
    } else if (typeClass !== 'profile' && typeClass !== 'kit') {
      (issues ??= []).push({
        code: 'not_in_profile',
        severity: 'warning',
        type,
        message: `"${type}" is accepted by the kit but is not a Lime profile event type`,
      });
    }
    // The kept shape is this event's fields (it was replaced above when they differed).
    if (!portable && !(shape !== undefined && shape.shapeHasScope && !undefinedField)) {
      for (const field of facts!.scope) {
        const value = raw[field];
        if (value === undefined) (issues ??= []).push(fieldIssue(field, 'missing', type));
      }
    }
  }
  // The common case allocates no result.
  if (issues === undefined) return VALID_EVENT;
  return { valid: false, applicable: !issues.some(isBlocking), issues };
}
