// Numbers, money and durations in the reader's locale: the locale is a label (`format.locale`), so
// it travels with a translation, and the units' words are labels too. Intl formatters are built
// once per locale and options: building one costs far more than using it. Times of day
// (formatTime.ts) and tool input summaries (summarizeInput.ts) are files of their own: only lazily
// loaded rows show them.
import type { Translate } from './useTranslate';

/** The format labels: the locale and the units' words. */
export type FormatLabels = Translate<'format.locale' | 'format.ms' | 'format.seconds' | 'format.minutes' | 'format.minutesSeconds'>;

const formatters = new Map<string, Intl.NumberFormat>();

/** A locale Intl accepts: the label's, else English (a translation with a broken tag still renders). */
export function checkedLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(checkedLocale(locale), options)));
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

export function classes(...names: (string | false | undefined | null)[]): string {
  return names.filter(Boolean).join(' ');
}
