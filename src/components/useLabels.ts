import { useContext, useMemo } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import { DEFAULT_LABELS, type LabelKey, type Labels } from '../ui/labels';
import { useDisplayText } from './displayPolicy';

/**
 * A label by key, with its `{name}` placeholders filled. `text` is the display policy's transform,
 * which every runtime string put into a label passes through (a hint, a model, a verdict).
 */
export type Translate = ((key: LabelKey, vars?: Record<string, string | number>) => string) & { text?: (value: string) => string };

/** Labels from the provider and the component's own prop, over the English defaults; runtime strings in them redacted. */
export function useLabels(overrides?: Labels): Translate {
  const provided = useContext(RuntimeContext)?.labels;
  const text = useDisplayText();
  return useMemo(() => {
    const translate: Translate = (key, vars) => {
      const template = overrides?.[key] ?? provided?.[key] ?? DEFAULT_LABELS[key];
      return vars ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? (typeof vars[name] === 'string' ? text(vars[name]) : String(vars[name])) : whole)) : template;
    };
    translate.text = text;
    return translate;
  }, [provided, overrides, text]);
}
