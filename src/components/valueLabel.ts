// Runtime vocabulary (statuses, categories, kinds, decisions ...) in the reader's words: every value
// the kit knows goes through `labels` (so it translates); a value it does not know is the runtime's
// own word, shown with its separators as spaces rather than as an identifier.
import type { LabelKey } from '../ui/labels';
import type { Translate } from './useTranslate';

export type ValueGroup = 'state' | 'category' | 'block' | 'kind' | 'source' | 'severity' | 'responder' | 'timeline.kind' | 'timeline.event' | 'diagnostic.code';

/** `process_exit` → "Process exit": a runtime word the kit has no label for, made readable, not guessed. */
export function humanize(value: string): string {
  const words = value.replace(/[_\-.]+/g, ' ').trim();
  return words.length > 0 ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/** A runtime name in words (`run_unit_tests` → "Run unit tests"), redacted before its separators become spaces. */
export function displayWord<K extends string>(t: Translate<K>, value: string): string {
  return humanize(t.text ? t.text(value) : value);
}

/** The label of one runtime value (`valueLabel(t, 'state', 'completed')` → "Completed"). */
export function valueLabel<K extends string>(t: Translate<K>, group: ValueGroup, value: string): string {
  const key = `${group}.${value}`;
  // A word the kit does not know is the runtime's: redacted before its separators become spaces.
  return t.has(key) ? t(key as K) : displayWord(t, value);
}

/** Keys that come in `.one` / `.other` forms. */
export type PluralKey<K extends string = LabelKey> = { [P in K]: P extends `${infer Base}.one` ? Base : never }[K];

/** "1 subagent", "2 subagents": the form by count (English rule; a translation gives both forms). */
export function plural<K extends string>(t: Translate<K>, key: PluralKey<K>, count: number, vars: Record<string, string | number> = {}): string {
  return t(`${key}.${count === 1 ? 'one' : 'other'}` as K, { count, ...vars });
}
