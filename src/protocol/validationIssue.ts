/**
 * Why an event was diagnosed. Each becomes a diagnostic `code`; `error` issues keep the event out
 * of the facts.
 */
export type ValidationIssueCode =
  | 'invalid_event'
  | 'missing_correlation'
  | 'unknown_event_type'
  | 'schema_version_unknown'
  | 'not_in_profile'
  | 'too_deep'
  | 'line_too_long';

/** Why a field failed: it is absent, has the wrong JSON type, or breaks a format/enum/bound. */
export type FieldProblem = 'missing' | 'type' | 'empty' | 'format' | 'enum' | 'const' | 'minimum';

/**
 * One problem `validateEvent` found with an event: which field, what is wrong, whether it blocks
 * the event.
 */
export interface ValidationIssue {
  code: ValidationIssueCode;
  /** `error`: the event is not promoted to a fact. `warning`: applied, but not profile-conformant. */
  severity: 'error' | 'warning';
  /** The field at fault (dot path), for `invalid_event` and `missing_correlation`. */
  field?: string;
  problem?: FieldProblem;
  /** The event type, for `unknown_event_type` and `not_in_profile`. */
  type?: string;
  schemaVersion?: string;
  message: string;
}

/** True when an issue keeps the event out of the projected facts. */
export function isBlocking(issue: ValidationIssue): boolean {
  return issue.severity === 'error';
}
