// Times of day in the reader's locale (a label, `format.locale`): a deadline, a reset, a timeline
// entry. Built once per locale and options, as format.ts builds its number formats.
import { checkedLocale, type FormatLabels } from './format';

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(checkedLocale(locale), options)));
  return format;
}

/** A time of day on the reader's clock, 24-hour, in the locale's form: 15:00 (`seconds`: 15:00:03). */
export function formatTime(ms: number, locale = 'en-US', seconds = false): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', ...(seconds && { second: '2-digit' }), hourCycle: 'h23' }).format(ms);
}

/** A time of day on the reader's clock, `HH:MM` (24 h), in the labels' locale. */
export function formatClock(ms: number, t?: FormatLabels): string {
  return formatTime(ms, t?.('format.locale'));
}
