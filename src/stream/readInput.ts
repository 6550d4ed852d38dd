// What the CLI (and hydrate) reads: one JSON document (possibly pretty-printed over many lines) or JSON Lines,
// told apart without holding more than one bounded document in memory.
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../protocol/jsonDepth';
import { binaryInputMessage, parseJsonLine, tryParseJson, type JsonlIssue, type JsonlRecord } from '../protocol/parseJsonl';
import { refusedValue } from '../protocol/refusedPlaceHolder';
import { MAX_DOCUMENT_CHARS, MAX_LINE_CHARS } from './lineSplitter';
import { lineBatches, type InputLine } from './splitLines';

export type InputItem =
  /** The whole input is one JSON document (an object or an array). */
  | { kind: 'document'; value: unknown }
  /** A parsed line; `text` is the line itself when the reader was asked to keep it (`keepText`). */
  | ({ kind: 'record'; text?: string } & JsonlRecord)
  | { kind: 'issue'; issue: JsonlIssue };

export interface InputLimits {
  maxLineChars?: number;
  maxDocumentChars?: number;
  /**
   * A line's record keeps the line's text (`text`): a reader that lets the parsed value go can
   * parse it again (`parseJsonLine(text, line)` gives the same record).
   */
  keepText?: boolean;
}

const STOP_MESSAGE: Record<'line_too_long' | 'binary_input', (line: number, limit: number) => string> = {
  line_too_long: (line, limit) => `line ${line} is longer than ${limit.toLocaleString('en-US')} characters: reading stopped there`,
  binary_input: binaryInputMessage,
};

/** A held line past which the input cannot be one document: where reading stopped, or one holding a NUL. */
const endsHolding = (entry: InputLine): boolean => 'stop' in entry || entry.text.includes('\0');

/** An event of an array document, or its place-holder when it nests too deep (see `refusedValue`). */
const refusedIfDeep = (event: unknown, at: number): unknown =>
  exceedsJsonDepth(event) ? refusedValue(event, { code: 'too_deep', message: `event ${at + 1} of the array nests deeper than ${MAX_JSON_DEPTH} levels` }) : event;

const OPEN_BRACE = 123;
/** Blank: whitespace only. A line opening an object (every event's) is not: no trim per line. */
const isBlank = (entry: InputLine) => 'text' in entry && entry.text.charCodeAt(0) !== OPEN_BRACE && entry.text.trim() === '';

/**
 * Reads input chunks as items in input order. A first non-blank line that is JSON by itself and
 * alone in the input is a document; a first line that opens an object or array but is not JSON
 * by itself starts a multi-line document if the whole input (up to MAX_DOCUMENT_CHARS) parses as
 * one; anything else is JSON Lines.
 */
export async function* readInput(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, limits: InputLimits = {}): AsyncGenerator<InputItem> {
  for await (const items of readInputBatches(chunks, limits)) yield* items;
}

/**
 * `readInput`, an array of items per chunk read: a reader that applies items in slices takes them
 * synchronously, without a generator step per line.
 */
export async function* readInputBatches(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, limits: InputLimits = {}): AsyncGenerator<InputItem[]> {
  const maxLine = limits.maxLineChars ?? MAX_LINE_CHARS;
  const maxDocument = limits.maxDocumentChars ?? MAX_DOCUMENT_CHARS;
  const keepText = limits.keepText === true;
  const batches = lineBatches(chunks, maxLine);
  /** Reading stopped at a line holding a NUL (the line reader hands such lines on: see `LineReader`). */
  let binary = false;
  const toItems = (entries: readonly InputLine[], from = 0): InputItem[] => {
    const items: InputItem[] = [];
    for (let i = from; i < entries.length; i++) {
      const entry = entries[i]!;
      if ('stop' in entry) {
        items.push({ kind: 'issue', issue: { code: entry.stop, line: entry.line, message: STOP_MESSAGE[entry.stop](entry.line, maxLine) } });
        continue;
      }
      if (isBlank(entry)) continue;
      const parsed = parseJsonLine(entry.text, entry.line);
      if (!('issue' in parsed)) {
        items.push(keepText ? { kind: 'record', line: parsed.line, value: parsed.value, text: entry.text } : { kind: 'record', line: parsed.line, value: parsed.value });
        continue;
      }
      items.push({ kind: 'issue', issue: parsed.issue });
      // A line holding a NUL is binary input: reading stops there.
      if (parsed.issue.code === 'binary_input') {
        binary = true;
        break;
      }
    }
    return items;
  };
  // An array of events is judged an event at a time, as its lines would be: one nested too deep is
  // a place-holder that keeps its place (the array's own level counted, an event as deep as a line
  // may be refused the whole document).
  const asDocument = (value: unknown): InputItem => {
    if (Array.isArray(value)) return { kind: 'document', value: value.some((event) => exceedsJsonDepth(event)) ? value.map(refusedIfDeep) : value };
    return exceedsJsonDepth(value) ? { kind: 'issue', issue: { code: 'too_deep', line: 1, message: `the document nests deeper than ${MAX_JSON_DEPTH} levels` } } : { kind: 'document', value };
  };

  // Lines read ahead while deciding (blank ones dropped), from the batch being read.
  const held: InputLine[] = [];
  let heldChars = 0;
  let ended = false;
  let batch: InputLine[] = [];
  let at = 0;
  const readAhead = async (): Promise<InputLine | undefined> => {
    for (;;) {
      while (at >= batch.length) {
        const next = await batches.next();
        if (next.done) {
          ended = true;
          return undefined;
        }
        batch = next.value;
        at = 0;
      }
      const entry = batch[at++]!;
      if (isBlank(entry)) continue;
      held.push(entry);
      heldChars += 'text' in entry ? entry.text.length + 1 : 0;
      return entry;
    }
  };

  const first = await readAhead();
  if (first === undefined) return;
  if ('text' in first) {
    const alone = tryParseJson(first.text);
    if (alone.ok && typeof alone.value === 'object' && alone.value !== null) {
      // One JSON value on its line: a document if nothing follows it.
      if ((await readAhead()) === undefined) return yield [asDocument(alone.value)];
    } else if (!alone.ok && /^\s*[[{]/.test(first.text)) {
      // Perhaps a pretty-printed document: hold lines while it may still be one. A line holding a
      // NUL ends that (no JSON text holds one): the line reader hands such a line on, and holding
      // on past it read binary input up to the document limit.
      while (!ended && heldChars <= maxDocument && !endsHolding(held[held.length - 1]!)) await readAhead();
      if (ended && heldChars <= maxDocument && held.every((entry) => 'text' in entry)) {
        const whole = tryParseJson(held.map((entry) => (entry as { text: string }).text).join('\n'));
        if (whole.ok && typeof whole.value === 'object' && whole.value !== null) return yield [asDocument(whole.value)];
      }
    }
  }
  const heldItems = toItems(held.splice(0));
  if (heldItems.length > 0) yield heldItems;
  if (ended || binary) return void (await batches.return(undefined));
  const rest = toItems(batch, at);
  if (rest.length > 0) yield rest;
  if (binary) return void (await batches.return(undefined));
  for await (const entries of batches) {
    const items = toItems(entries);
    if (items.length > 0) yield items;
    if (binary) return;
  }
}
