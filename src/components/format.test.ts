import { describe, expect, it } from 'vitest';
import { DEFAULT_LABELS, type LabelKey } from '../ui/labels';
import { formatDuration, formatNumber, formatUsd } from './format';
import { formatClock } from './formatTime';
import type { Translate } from './useLabels';

/** Intl separates groups and currencies with (narrow) no-break spaces: compared as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const labelsFor = (overrides: Partial<Record<LabelKey, string>>): Translate =>
  Object.assign((key: LabelKey, vars?: Record<string, string | number>) => (overrides[key] ?? DEFAULT_LABELS[key]).replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name])), {
    has: (key: string) => Object.hasOwn(DEFAULT_LABELS, key),
  });

describe('numbers, money, durations and times in the labels’ locale', () => {
  it('English by default: $0.77, 41,300, 4.2 s, 3 min 5 s', () => {
    expect(formatUsd(0.77)).toBe('$0.77');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatNumber(41_300)).toBe('41,300');
    expect(formatDuration(4_200)).toBe('4.2 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
    expect(formatDuration(850)).toBe('850 ms');
  });

  it('French: 0,77 $, 41 300, 4,2 s, a 24-hour clock', () => {
    const fr = labelsFor({ 'format.locale': 'fr-FR' });
    expect(plain(formatUsd(0.77, 'fr-FR'))).toBe('0,77 $');
    expect(plain(formatNumber(41_300, 'fr-FR'))).toBe('41 300');
    expect(formatDuration(4_200, fr)).toBe('4,2 s');
    expect(formatClock(new Date(2026, 5, 9, 15, 4).getTime(), fr)).toBe('15:04');
  });

  it('a broken locale tag falls back to English instead of throwing', () => {
    expect(formatNumber(41_300, '[éñ-ÜŠ ~~]')).toBe('41,300');
  });
});
