import { exceedsJsonDepth, MAX_JSON_DEPTH } from './jsonDepth';
import { refusedText, refusedValue } from './refusedPlaceHolder';

/** One parsed line of a JSONL input: the JSON value and the line it came from. */
export interface JsonlRecord {
  /** 1-based line number in the input. */
  line: number;
  value: unknown;
}

/** A line that could not become a record (reported, never thrown). */
export interface JsonlIssue {
  /**
   * `invalid_json`: not JSON. `binary_input`: a line holding a NUL (from streamed readers also
   * bytes that are not UTF-8), and `line_too_long` (streamed readers): where reading stopped. (A line nested beyond MAX_JSON_DEPTH, or over `maxLineChars`, is a record: a
   * place-holder that keeps its place in the order and carries the refusal, see `refusedPlaceHolder`.)
   */
  code: 'invalid_json' | 'line_too_long' | 'binary_input' | 'too_deep';
  line: number;
  message: string;
}

/**
 * What `parseJsonl` returns: the records in input order and the issues. Ingest `records.map(r =>
 * r.value)`.
 */
export interface JsonlParseResult {
  records: JsonlRecord[];
  issues: JsonlIssue[];
}

/** Parses a whole text as one JSON document, without throwing. */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Options of `parseJsonl` / `parseJsonLine`. */
export interface JsonlOptions {
  /** A longer line is refused unparsed: a place-holder record keeps its place (default: no limit). */
  maxLineChars?: number;
}

/**
 * Parses JSON Lines (line ends LF, CRLF or CR). Blank lines are skipped; a line that is not JSON becomes an `invalid_json`
 * issue with its line number, and parsing goes on; a line holding a NUL is `binary_input`, and parsing stops there. A line nested too deep (or longer than
 * `maxLineChars`) becomes a place-holder record the store refuses while it keeps its place. Never throws.
 * @example
 * const { records, issues } = parseJsonl(text);
 * store.getState().ingest(records.map((r) => r.value), { lines: records.map((r) => r.line) });
 */
export function parseJsonl(text: string, options: JsonlOptions = {}): JsonlParseResult {
  const records: JsonlRecord[] = [];
  const issues: JsonlIssue[] = [];
  // As the streamed readers read text: a byte order mark is not text, lines end at LF, CRLF or a
  // lone CR, a blank line is skipped, and a line is parsed as it is (JSON allows only its own
  // whitespace around a value: a no-break space there is not JSON).
  const lines = (text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const parsed = parseJsonLine(line, i + 1, options);
    if (!('issue' in parsed)) records.push(parsed);
    else {
      issues.push(parsed.issue);
      // Binary input: reading stops there.
      if (parsed.issue.code === 'binary_input') break;
    }
  }
  return { records, issues };
}

/** U+FEFF at the start of a text: a byte order mark, not text (a UTF-8 decoder drops it from bytes). */
export const BYTE_ORDER_MARK = 0xfeff;

/** What a reader says of the line where binary input (bytes that are not UTF-8, a NUL) stopped it. */
export const binaryInputMessage = (line: number): string => `line ${line} is not UTF-8 text (binary input): reading stopped there`;

/**
 * Parses one line of JSON Lines: its value, or why it is not one (not JSON; `binary_input` when it
 * holds a NUL, where a reader stops). A line refused for its
 * depth or length is a place-holder record (`refusedPlaceHolder`): reported by the store, it keeps its place.
 */
export function parseJsonLine(text: string, line: number, options: JsonlOptions = {}): JsonlRecord | { issue: JsonlIssue } {
  if (options.maxLineChars !== undefined && text.length > options.maxLineChars) {
    const message = `line ${line} is longer than ${options.maxLineChars.toLocaleString('en-US')} characters`;
    return { line, value: refusedText(text, { code: 'line_too_long', message }) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A NUL is never in JSON text: such a line is binary input, not a malformed line.
    if (text.includes('\0')) return { issue: { code: 'binary_input', line, message: binaryInputMessage(line) } };
    const reason = error instanceof Error ? error.message : String(error);
    return { issue: { code: 'invalid_json', line, message: `line ${line} is not valid JSON: ${clip(reason)}` } };
  }
  if (exceedsJsonDepth(value)) return { line, value: refusedValue(value, { code: 'too_deep', message: `line ${line} nests deeper than ${MAX_JSON_DEPTH} levels` }) };
  return { line, value };
}

// V8's parse errors quote the input; a quote of a huge line would be huge.
const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
