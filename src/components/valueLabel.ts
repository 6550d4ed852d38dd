// Runtime vocabulary (statuses, categories, kinds, decisions ...) in the reader's words: every value
// the kit knows goes through `labels` (so it translates); a value it does not know is the runtime's
// own word, shown with its separators as spaces rather than as an identifier.
import { DEFAULT_LABELS, type LabelKey } from '../ui/labels';
import type { Translate } from './useLabels';

export type ValueGroup = 'state' | 'category' | 'block' | 'kind' | 'source' | 'severity' | 'responder' | 'timeline.kind' | 'timeline.event' | 'diagnostic.code';

const isLabelKey = (key: string): key is LabelKey => Object.hasOwn(DEFAULT_LABELS, key);

/** `process_exit` → "Process exit": a runtime word the kit has no label for, made readable, not guessed. */
export function humanize(value: string): string {
  const words = value.replace(/[_\-.]+/g, ' ').trim();
  return words.length > 0 ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/** A runtime name in words (`run_unit_tests` → "Run unit tests"), redacted before its separators become spaces. */
export function displayWord(t: Translate, value: string): string {
  return humanize(t.text ? t.text(value) : value);
}

/** The label of one runtime value (`valueLabel(t, 'state', 'completed')` → "Completed"). */
export function valueLabel(t: Translate, group: ValueGroup, value: string): string {
  const key = `${group}.${value}`;
  // A word the kit does not know is the runtime's: redacted before its separators become spaces.
  return isLabelKey(key) ? t(key) : displayWord(t, value);
}

/** Keys that come in `.one` / `.other` forms. */
export type PluralKey = { [K in LabelKey]: K extends `${infer Base}.one` ? Base : never }[LabelKey];

/** The label of a runtime value the kit knows, else undefined (the caller says what it is otherwise). */
export function knownValueLabel(t: Translate, group: ValueGroup, value: string): string | undefined {
  const key = `${group}.${value}`;
  return isLabelKey(key) ? t(key) : undefined;
}

/** "1 subagent", "2 subagents": the form by count (English rule; a translation gives both forms). */
export function plural(t: Translate, key: PluralKey, count: number, vars: Record<string, string | number> = {}): string {
  return t(`${key}.${count === 1 ? 'one' : 'other'}` as LabelKey, { count, ...vars });
}
