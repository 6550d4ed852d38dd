// A recorded session becomes a fixture others read, so its secrets go before it is written
// (`agentui record`, the inspector's "save as fixture"). The policy is the display's own
// `redactSecrets`; only its bounds are lifted here (it cuts strings at 4,000 characters, arrays and
// objects at 200 entries, nesting at 8 levels, which is right for display and lossy for a
// fixture): what it cut short is redacted again from where it stopped, a long text in pieces.
import { REDACTED, redactSecrets } from './redactSecrets';

/** One value the redaction changed: where in the event, and whether all of it went or a part. */
export interface RecordingRedaction {
  /** Where in the event: `payload.safeArgs.apiKey`, `payload.items[3]`. */
  path: string;
  /** `value`: the whole value (a secret key name); `part`: a secret inside the text. */
  kind: 'value' | 'part';
}

/** An event as it is written to a recording, and what was redacted from it. */
export interface RedactedRecord<T = unknown> {
  value: T;
  redactions: RecordingRedaction[];
}

/** Longer strings are redacted in pieces of at most this many characters, cut at line ends. */
const PIECE_CHARS = 2_000;

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A long text redacted piece by piece, each piece ending at a blank line or a line end when one is near. */
function redactLongText(text: string): string {
  let out = '';
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + PIECE_CHARS);
    if (end < text.length) {
      const paragraph = text.lastIndexOf('\n\n', end);
      const line = text.lastIndexOf('\n', end);
      if (paragraph > start + PIECE_CHARS / 2) end = paragraph + 2;
      else if (line > start) end = line + 1;
    }
    out += redactSecrets(text.slice(start, end));
    start = end;
  }
  return out;
}

/** `original` redacted: the redactor's verdict where it reached, and the redactor again where its bounds stopped it. */
function redactWhole(original: unknown): unknown {
  return reconcile(original, redactSecrets(original));
}

function reconcile(original: unknown, redacted: unknown): unknown {
  if (typeof original === 'string') {
    if (redacted === REDACTED || original.length <= PIECE_CHARS) return redacted;
    return redactLongText(original);
  }
  if (!isObject(original)) return redacted;
  // The whole value went for its key's name; any other string where an object was is a bound (nesting).
  if (!isObject(redacted)) return redacted === REDACTED ? redacted : redactWhole(original);
  if (Array.isArray(original)) {
    const kept = redacted as unknown as unknown[];
    const head = original.slice(0, kept.length).map((item, i) => reconcile(item, kept[i]));
    const rest = original.length > head.length ? (redactWhole(original.slice(head.length)) as unknown[]) : [];
    return [...head, ...rest];
  }
  const keys = Object.keys(original);
  const missing = keys.filter((key) => !own(redacted, key));
  const rest = missing.length > 0 ? (redactWhole(Object.fromEntries(missing.map((key) => [key, original[key]]))) as Record<string, unknown>) : {};
  const copy: Record<string, unknown> = {};
  for (const key of keys) define(copy, key, own(redacted, key) ? reconcile(original[key], redacted[key]) : rest[key]);
  return copy;
}

function collectChanges(original: unknown, redacted: unknown, path: string, out: RecordingRedaction[]): void {
  if (Object.is(original, redacted)) return;
  if (typeof original === 'string' || !isObject(original) || !isObject(redacted)) {
    if (original !== redacted) out.push({ path: path || '(the event)', kind: redacted === REDACTED ? 'value' : 'part' });
    return;
  }
  if (Array.isArray(original)) {
    const items = redacted as unknown as unknown[];
    original.forEach((item, i) => collectChanges(item, items[i], `${path}[${i}]`, out));
    return;
  }
  for (const key of Object.keys(original)) collectChanges(original[key], redacted[key], path ? `${path}.${key}` : key, out);
}

/**
 * Redacts a value for a recording with the display policy's `redactSecrets`, without its display
 * bounds (nothing is cut short), and says which paths changed. Never throws.
 * @example
 * const { value, redactions } = redactForRecording(event);
 * // redactions: [{ path: 'payload.safeArgs.apiKey', kind: 'value' }]
 */
export function redactForRecording<T>(value: T): RedactedRecord<T> {
  const redacted = redactWhole(value) as T;
  const redactions: RecordingRedaction[] = [];
  collectChanges(value, redacted, '', redactions);
  return { value: redacted, redactions };
}
