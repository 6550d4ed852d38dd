// A place-holder for a line the reader refused (see refusedLine.ts): made by the readers of text
// (JSONL, NDJSON, a backlog), which load as chunks of their own; the first screen only reads refusals.
import { isPlainObject } from './eventFieldRules';
import { REFUSED_FIELD, type Refusal } from './refusedLine';

/** The longest top-level string a place-holder keeps (ids and timestamps are short; content is not kept). */
const MAX_KEPT_CHARS = 256;

const keep = (value: unknown): boolean =>
  typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= MAX_KEPT_CHARS);

/** A place-holder from a parsed value: its top-level scalars (short strings, numbers, booleans), nothing nested. */
export function refusedValue(value: unknown, refusal: Refusal): Record<string, unknown> {
  const held: Record<string, unknown> = {};
  if (isPlainObject(value)) for (const key of Object.keys(value)) if (keep(value[key])) held[key] = value[key];
  held[REFUSED_FIELD] = refusal;
  return held;
}

/**
 * A place-holder from a line's text, without parsing it: one pass over the characters keeps the
 * top-level scalars of a JSON object and skips every nested value (no recursion, whatever the depth
 * or length). Text that is not a JSON object gives a place-holder with no place.
 */
export function refusedText(text: string, refusal: Refusal): Record<string, unknown> {
  const held: Record<string, unknown> = {};
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return { [REFUSED_FIELD]: refusal };
  i += 1;
  while (i < text.length) {
    i = skipSpace(text, i);
    if (text[i] !== '"') break;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) break;
    const key = keyEnd - i <= MAX_KEPT_CHARS + 2 ? parseString(text.slice(i, keyEnd)) : undefined;
    i = skipSpace(text, keyEnd);
    if (text[i] !== ':') break;
    i = skipSpace(text, i + 1);
    const valueEnd = text[i] === '"' ? stringEnd(text, i) : text[i] === '{' || text[i] === '[' ? containerEnd(text, i) : scalarEnd(text, i);
    if (valueEnd < 0) break;
    if (typeof key === 'string' && text[i] !== '{' && text[i] !== '[' && valueEnd - i <= MAX_KEPT_CHARS + 2) {
      const value = parseString(text.slice(i, valueEnd), true);
      if (value !== undefined && keep(value)) held[key] = value;
    }
    i = skipSpace(text, valueEnd);
    if (text[i] !== ',') break;
    i += 1;
  }
  held[REFUSED_FIELD] = refusal;
  return held;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r' || text[i] === '\n')) i += 1;
  return i;
}

/** The index after the string that starts at `i` (a `"`), or -1 when it does not end. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j += 1;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

/** The index after the object or array that starts at `i`, counting brackets outside strings (no recursion). */
function containerEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"') {
      j = stringEnd(text, j) - 1;
      if (j < 0) return -1;
    } else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

function scalarEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && text[j] !== ',' && text[j] !== '}' && text[j] !== ' ' && text[j] !== '\n' && text[j] !== '\t' && text[j] !== '\r') j += 1;
  return j > i ? j : -1;
}

/** A JSON scalar's value (a string key when `any` is false), or undefined when it is not valid JSON. */
function parseString(slice: string, any = false): unknown {
  try {
    const value: unknown = JSON.parse(slice);
    return any || typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
