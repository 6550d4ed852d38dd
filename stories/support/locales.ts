import { DEFAULT_LABELS, TOOL_LABELS, type LabelKey, type Labels } from '../../src/ui/labels';
import { fr } from './fr';

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'š', A: 'Å', E: 'É', O: 'Ø' };

/** Every label accented and a third longer, placeholders kept: shows hard-coded strings and tight layouts. */
const pseudo: Labels = Object.fromEntries(
  Object.entries({ ...DEFAULT_LABELS, ...TOOL_LABELS }).map(([key, label]) => {
    const text = label.replace(/\{\w+\}|[a-zA-Z]/g, (m) => (m.length > 1 ? m : (ACCENTS[m] ?? m)));
    return [key, `[${text} ${'~'.repeat(Math.ceil(text.length / 3))}]`];
  }),
);
// Not a word: the locale numbers and times are written in (German separators, so a number the kit
// did not localize stands out).
Object.assign(pseudo, { 'format.locale': 'de-DE' } satisfies Labels);

export const LOCALES = { en: {} as Labels, fr, pseudo };
export type LocaleName = keyof typeof LOCALES;
