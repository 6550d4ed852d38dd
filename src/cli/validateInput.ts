import { classifyDocument } from '../protocol/snapshots';
import { validateEvent } from '../protocol/validateEvent';
import { validateSnapshot, validateThreadReadModel } from '../protocol/validateSnapshot';

export interface ValidationLine {
  line?: number;
  code: string;
  severity: 'error' | 'warning';
  message: string;
  eventId?: string;
}

export interface DocumentValidation {
  /** What was checked: events (an array), one event, a snapshot, a read model, an evidence pack. */
  input: string;
  checked: number;
  issues: ValidationLine[];
  note?: string;
}

function eventIssues(value: unknown, line: number | undefined): ValidationLine[] {
  const eventId = typeof value === 'object' && value !== null && typeof (value as { eventId?: unknown }).eventId === 'string'
    ? (value as { eventId: string }).eventId
    : undefined;
  // Plain assignments, not conditional spreads: this runs once per issue of every line, and the
  // spreads cost more than validating the line.
  return validateEvent(value).issues.map((issue) => {
    const entry: ValidationLine = { code: issue.code, severity: issue.severity, message: issue.message };
    if (line !== undefined) entry.line = line;
    if (eventId !== undefined) entry.eventId = eventId;
    return entry;
  });
}

function snapshotIssues(value: unknown, line: number | undefined, check = validateSnapshot): ValidationLine[] {
  return check(value).map((i) => ({ ...(line !== undefined && { line }), code: i.code, severity: 'error' as const, message: `${i.field}: ${i.message}` }));
}

/**
 * Issues of one JSON Lines record, read as replay reads it: a session snapshot line is checked as
 * a snapshot, a thread read model line as a read model (replay hydrates it), anything else as an event.
 */
export function validateRecord(value: unknown, line: number): ValidationLine[] {
  const kind = classifyDocument(value);
  if (kind === 'session-snapshot') return snapshotIssues(value, line);
  if (kind === 'thread-read-model') return snapshotIssues(value, line, validateThreadReadModel);
  return eventIssues(value, line);
}

/** Validates a whole JSON document against the public schemas. */
export function validateDocument(value: unknown): DocumentValidation {
  if (Array.isArray(value)) {
    return { input: 'json-array', checked: value.length, issues: value.flatMap((event, i) => eventIssues(event, i + 1)) };
  }
  const kind = classifyDocument(value);
  if (kind === 'session-snapshot') return { input: 'session snapshot', checked: 1, issues: snapshotIssues(value, undefined) };
  if (kind === 'thread-read-model') {
    const issues = snapshotIssues(value, undefined, validateThreadReadModel);
    return { input: 'thread read model', checked: 1, issues, ...(issues.length === 0 && { note: 'a thread read model is accepted for hydration; the profile schema covers session snapshots' }) };
  }
  if (kind === 'benchmark-pack') return { input: 'benchmark evidence pack', checked: 1, issues: [], note: 'neither an event nor a snapshot: accepted as an evidence pack' };
  return { input: 'event', checked: 1, issues: eventIssues(value, 1) };
}
