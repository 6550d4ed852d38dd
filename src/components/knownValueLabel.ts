// Its own module: only the side lanes (loaded later) name a value by the kit's label alone; the
// first screen's valueLabel falls back to the runtime's own word.
import type { Translate } from './useTranslate';
import type { ValueGroup } from './valueLabel';

/** The label of a runtime value the kit knows, else undefined (the caller says what it is otherwise). */
export function knownValueLabel<K extends string>(t: Translate<K>, group: ValueGroup, value: string): string | undefined {
  const key = `${group}.${value}`;
  return t.has(key) ? t(key as K) : undefined;
}
