/** Milliseconds as a short duration: 850 ms, 4.2 s, 3 min 5 s. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** A time of day on the reader's clock, `HH:MM` (24 h). */
export function formatClock(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

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

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function classes(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}
