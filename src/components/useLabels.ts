import { useContext, useMemo } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import { DEFAULT_LABELS, type LabelKey, type Labels } from '../ui/labels';

export type Translate = (key: LabelKey, vars?: Record<string, string | number>) => string;

/** Labels from the provider and the component's own prop, over the English defaults. */
export function useLabels(overrides?: Labels): Translate {
  const provided = useContext(RuntimeContext)?.labels;
  return useMemo(() => {
    return (key, vars) => {
      const template = overrides?.[key] ?? provided?.[key] ?? DEFAULT_LABELS[key];
      return vars ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : template;
    };
  }, [provided, overrides]);
}
