// Diagnostics keep raw events, and raw events can carry credentials. Redact before anything is
// stored for display (SPEC section 10).
// `token$` catches accessToken/idToken but not usage counts such as inputTokens.
const SECRET_KEY = /api[-_]?key|token$|authorization|password|passwd|secret|cookie|credential|private[-_]?key/i;
const MAX_DEPTH = 8;
const MAX_STRING = 4_000;
export const REDACTED = '[redacted]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A deep copy with secret-looking keys replaced, long strings capped, and depth bounded. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 200).map((item) => redactSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    copy[key] = isSecretKey(key) ? REDACTED : redactSecrets((value as Record<string, unknown>)[key], depth + 1);
  }
  return copy;
}
