// Numbers, money, durations and times in the reader's locale: the locale is a label
// (`format.locale`), so it travels with a translation, and the units' words are labels too.
// Intl formatters are built once per locale and options: building one costs far more than using it.
import type { Translate } from './useTranslate';

/** The format labels: the locale and the units' words. */
type FormatLabels = Translate<'format.locale' | 'format.ms' | 'format.seconds' | 'format.minutes' | 'format.minutesSeconds'>;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** A locale Intl accepts: the label's, else English (a translation with a broken tag still renders). */
function checkedLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(checkedLocale(locale), options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(checkedLocale(locale), options)));
  return format;
}

/** A count in the locale's digits and grouping: 41,300 / 41 300. */
export function formatNumber(n: number, locale = 'en-US', maximumFractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits }).format(n);
}

/** US dollars as the locale writes them: $0.77 / 0,77 $ (four decimals for amounts under a cent). */
export function formatUsd(amount: number, locale = 'en-US'): string {
  const small = amount > 0 && amount < 0.01;
  return numberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(amount);
}

/** Milliseconds as a short duration: 850 ms, 4.2 s, 3 min 5 s (numbers and units from the labels' locale). */
export function formatDuration(ms: number, t?: FormatLabels): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  const locale = t?.('format.locale') ?? 'en-US';
  const unit = (key: 'format.ms' | 'format.seconds' | 'format.minutes' | 'format.minutesSeconds', vars: Record<string, string>) =>
    t ? t(key, vars) : ENGLISH_UNITS[key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name]!);
  if (ms < 1000) return unit('format.ms', { n: formatNumber(Math.round(ms), locale) });
  if (ms < 60_000) return unit('format.seconds', { n: formatNumber(ms / 1000, locale, ms < 10_000 ? 1 : 0) });
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? unit('format.minutesSeconds', { m: formatNumber(minutes, locale), s: formatNumber(seconds, locale) }) : unit('format.minutes', { m: formatNumber(minutes, locale) });
}

const ENGLISH_UNITS = { 'format.ms': '{n} ms', 'format.seconds': '{n} s', 'format.minutes': '{m} min', 'format.minutesSeconds': '{m} min {s} s' } as const;

/** A time of day on the reader's clock, 24-hour, in the locale's form: 15:00 (`seconds`: 15:00:03). */
export function formatTime(ms: number, locale = 'en-US', seconds = false): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', ...(seconds && { second: '2-digit' }), hourCycle: 'h23' }).format(ms);
}

/** A time of day on the reader's clock, `HH:MM` (24 h), in the labels' locale. */
export function formatClock(ms: number, t?: FormatLabels): string {
  return formatTime(ms, t?.('format.locale'));
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
