import type { JsonObject } from '../../protocol/events';
import { isSecretKey, REDACTED } from '../../protocol/redactSecrets';

/**
 * A copy of tool arguments with the values of unmistakably secret keys (`apiKey`, `password`,
 * `authorization` ...) replaced, and nothing else touched: an adapter's event is kept and sent on,
 * so it loses only what is certainly a credential. Looser rules (a whole `env` value, random-looking
 * strings) are the display policy's, applied where the value is shown.
 */
export function withoutSecretKeys(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecretKeys(item, depth + 1));
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = (isSecretKey(key) ? REDACTED : withoutSecretKeys(item, depth + 1)) as JsonObject[string];
  }
  return copy;
}
