// RFC 3339 date-time, as JSON Schema's `format: date-time` (and ajv-formats) checks it:
// a real calendar date, a time, and a mandatory offset. A regex alone would accept 2026-02-30.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const digit = (value: string, i: number): number => value.charCodeAt(i) - 48;
const isDigit = (value: string, i: number): boolean => {
  const c = value.charCodeAt(i);
  return c >= 48 && c <= 57;
};

const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] as const;

/** Fast path for the common `YYYY-MM-DDTHH:MM:SS[.fff]Z` shape; anything else takes the full check. */
function isPlainUtcDateTime(value: string): boolean | undefined {
  const n = value.length;
  if (n < 20 || value.charCodeAt(n - 1) !== 90 /* Z */ || value[4] !== '-' || value[7] !== '-' || value[10] !== 'T' || value[13] !== ':' || value[16] !== ':') return undefined;
  for (const i of DIGIT_POSITIONS) if (!isDigit(value, i)) return undefined;
  if (n > 20) {
    if (value[19] !== '.' || n === 21) return undefined;
    for (let i = 20; i < n - 1; i++) if (!isDigit(value, i)) return undefined;
  }
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const month = digit(value, 5) * 10 + digit(value, 6);
  const day = digit(value, 8) * 10 + digit(value, 9);
  const hour = digit(value, 11) * 10 + digit(value, 12);
  const minute = digit(value, 14) * 10 + digit(value, 15);
  const second = digit(value, 17) * 10 + digit(value, 18);
  if (second === 60) return undefined; // leap seconds take the full check
  const maxDay = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month];
  return month >= 1 && month <= 12 && day >= 1 && day <= (maxDay ?? 0) && hour <= 23 && minute <= 59 && second <= 59;
}

/** The last value found valid: events of one stream share a timestamp per millisecond, often longer. */
let lastValid = '';

/** True when `value` is an RFC 3339 date-time with a time zone (what `timestamp` must be). */
export function isRfc3339DateTime(value: string): boolean {
  if (value === lastValid) return true;
  const valid = checkRfc3339DateTime(value);
  if (valid) lastValid = value;
  return valid;
}

function checkRfc3339DateTime(value: string): boolean {
  const fast = isPlainUtcDateTime(value);
  if (fast !== undefined) return fast;
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const maxDay = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month];
  if (month < 1 || month > 12 || day < 1 || day > (maxDay ?? 0)) return false;
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  const tzHour = Number(m[9] ?? 0);
  const tzMinute = Number(m[10] ?? 0);
  if (tzHour > 23 || tzMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is only valid at 23:59:60 UTC.
  const sign = m[8] === '-' ? -1 : 1;
  const utcMinute = minute - tzMinute * sign;
  const utcHour = hour - tzHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}
