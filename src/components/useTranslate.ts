import { useContext, useMemo } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import type { LabelKey, Labels } from '../ui/labels';
import { useDisplayText } from './displayPolicy';

/**
 * A label by key, with its `{name}` placeholders filled. `text` is the display policy's transform,
 * which every runtime string put into a label passes through (a hint, a model, a verdict). `has`
 * says whether the English table it reads has a key (a runtime value the kit knows).
 */
export type Translate<K extends string = LabelKey> = ((key: K, vars?: Record<string, string | number>) => string) & {
  text?: (value: string) => string;
  has: (key: string) => boolean;
};

/** Labels from the provider and the component's own prop, over `defaults` (English); runtime strings in them redacted. */
export function useTranslate<K extends LabelKey>(defaults: Readonly<Record<K, string>>, overrides?: Labels): Translate<K> {
  const provided = useContext(RuntimeContext)?.labels;
  const text = useDisplayText();
  return useMemo(() => {
    const translate = ((key, vars) => {
      const template = overrides?.[key] ?? provided?.[key] ?? defaults[key];
      return vars ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? (typeof vars[name] === 'string' ? text(vars[name]) : String(vars[name])) : whole)) : template;
    }) as Translate<K>;
    translate.text = text;
    translate.has = (key) => Object.hasOwn(defaults, key);
    return translate;
  }, [defaults, provided, overrides, text]);
}
