import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { ProjectionDraft } from '../draft';

export interface ApplyOptions {
  /** Characters of tool output / artifact preview kept inline; the rest stays behind its ref. */
  previewBudget: number;
}

export interface ApplyContext {
  draft: ProjectionDraft;
  options: ApplyOptions;
}

export type Reducer = (ctx: ApplyContext, event: RuntimeEventEnvelope) => void;

/** Caps a preview at the budget, saying whether anything was cut. */
export function capPreview(text: string, budget: number): { text: string; truncated: boolean } {
  return text.length > budget ? { text: text.slice(0, budget), truncated: true } : { text, truncated: false };
}
