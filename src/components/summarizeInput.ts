// A tool call's input in one line, for its row's header and a request's summary.

/** A safe one-line summary of tool input: `key: value` pairs, values shortened. */
export function summarizeInput(value: unknown, max = 160): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return clip(String(value), max);
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const shown = typeof item === 'string' ? item : JSON.stringify(item);
    parts.push(`${key}: ${clip(shown ?? String(item), 60)}`);
  }
  return clip(parts.join(', '), max);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
