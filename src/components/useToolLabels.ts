import { useContext, useMemo } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import { TOOL_LABELS, type Labels, type ToolLabelKey } from '../ui/labels';

/** Fills a tool string by key, with `{name}` placeholders. */
export type ToolTranslate = (key: ToolLabelKey, vars?: Record<string, string | number>) => string;

/** The tools' strings (TOOL_LABELS): the component's `labels`, then the provider's, then English. */
export function useToolLabels(overrides?: Labels): ToolTranslate {
  const provided = useContext(RuntimeContext)?.labels;
  return useMemo(() => {
    return (key, vars) => {
      const template = overrides?.[key] ?? provided?.[key] ?? TOOL_LABELS[key];
      return vars ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : template;
    };
  }, [provided, overrides]);
}
