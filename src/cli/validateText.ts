import { parseJsonl, tryParseJson } from '../protocol/parseJsonl';
import { classifyDocument } from '../protocol/snapshots';
import { validateEvent } from '../protocol/validateEvent';
import { validateSnapshot } from '../protocol/validateSnapshot';

export interface ValidationLine {
  line?: number;
  code: string;
  severity: 'error' | 'warning';
  message: string;
  eventId?: string;
}

export interface TextValidation {
  /** What was checked: events (JSONL or array), one event, a snapshot, an evidence pack. */
  input: string;
  checked: number;
  issues: ValidationLine[];
  note?: string;
}

function eventIssues(value: unknown, line: number | undefined): ValidationLine[] {
  const eventId = typeof value === 'object' && value !== null && typeof (value as { eventId?: unknown }).eventId === 'string'
    ? (value as { eventId: string }).eventId
    : undefined;
  return validateEvent(value).issues.map((issue) => ({
    ...(line !== undefined && { line }),
    code: issue.code,
    severity: issue.severity,
    message: issue.message,
    ...(eventId !== undefined && { eventId }),
  }));
}

/** Validates a whole input against the public schemas, with line numbers for JSON Lines. */
export function validateText(text: string): TextValidation {
  const document = tryParseJson(text);
  const parsed = document.ok;
  const whole = document.ok ? document.value : undefined;
  if (parsed && Array.isArray(whole)) {
    return { input: 'json-array', checked: whole.length, issues: whole.flatMap((event, i) => eventIssues(event, i + 1)) };
  }
  if (parsed) {
    const kind = classifyDocument(whole);
    if (kind === 'session-snapshot') {
      const issues = validateSnapshot(whole).map((i) => ({ code: i.code, severity: 'error' as const, message: `${i.field}: ${i.message}` }));
      return { input: 'session snapshot', checked: 1, issues };
    }
    if (kind === 'thread-read-model') return { input: 'thread read model', checked: 1, issues: [], note: 'a thread read model is accepted for hydration; the profile schema covers session snapshots' };
    if (kind === 'benchmark-pack') return { input: 'benchmark evidence pack', checked: 1, issues: [], note: 'neither an event nor a snapshot: accepted as an evidence pack' };
    return { input: 'event', checked: 1, issues: eventIssues(whole, 1) };
  }
  const { records, issues } = parseJsonl(text);
  const lines: ValidationLine[] = issues.map((i) => ({ line: i.line, code: i.code, severity: 'error', message: i.message }));
  for (const record of records) lines.push(...eventIssues(record.value, record.line));
  lines.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { input: 'jsonl', checked: records.length + issues.length, issues: lines };
}
