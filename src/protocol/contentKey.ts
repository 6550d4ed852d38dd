// A deterministic key for a JSON-like value's content, for facts that carry no id of their own
// (an event without `eventId`, an incident without `incidentId`). Keys are sorted so the same
// content in another key order gets the same key; depth, length and cycles are capped so hostile
// input (5,000-deep arrays, megabyte strings) costs bounded work and never throws.

const MAX_DEPTH = 64;
const MAX_STRING = 4_096;

function hashText(text: string, seed: number): number {
  // FNV-1a, 32 bits.
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function describe(value: unknown, depth: number, seen: Set<object>, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string') {
      // Long strings: length plus a hash of the whole, so two different long strings still differ.
      out.push(value.length > MAX_STRING ? `s${value.length}:${hashText(value, 2166136261)}:${hashText(value, 16777619)}` : JSON.stringify(value));
    } else out.push(`${typeof value}:${String(value)}`);
    return;
  }
  if (depth >= MAX_DEPTH || seen.has(value)) {
    out.push('…');
    return;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    out.push('[');
    for (const item of value) {
      describe(item, depth + 1, seen, out);
      out.push(',');
    }
    out.push(']');
  } else {
    out.push('{');
    for (const key of Object.keys(value).sort()) {
      out.push(JSON.stringify(key), ':');
      describe((value as Record<string, unknown>)[key], depth + 1, seen, out);
      out.push(',');
    }
    out.push('}');
  }
  seen.delete(value);
}

/** A short key (two 32-bit hashes and the length) for a value's content. Never throws. */
export function contentKey(value: unknown): string {
  const parts: string[] = [];
  try {
    describe(value, 0, new Set(), parts);
  } catch {
    parts.push('unreadable');
  }
  const text = parts.join('');
  return `${text.length.toString(36)}-${hashText(text, 2166136261).toString(36)}-${hashText(text, 0x811c9dc5 ^ 0x5bd1e995).toString(36)}`;
}
