import type { ProjectionData } from '../state';

/**
 * The usage chip's facts: recorded (or estimated) cost, tokens and a low-quota warning, as the
 * runtime reported them.
 */
export interface UsageFacts {
  /** Cost the runtime recorded, else its estimate (`estimated` says which); absent without either. */
  costUsd?: number;
  estimated: boolean;
  inputTokens?: number;
  outputTokens?: number;
  /** A low-quota warning while it is the latest quota fact (a block ends the turn in the thread instead). */
  quotaLow?: { detail?: string };
}

/** The usage chip's facts: cost, tokens and a quota warning, or undefined when the runtime sent none. */
export function selectUsage(state: Pick<ProjectionData, 'costLimits'>): UsageFacts | undefined {
  const c = state.costLimits;
  const costUsd = c.recordedUsd ?? c.estimatedUsd;
  const quotaLow = c.quota?.state === 'low' ? { detail: c.quota.detail } : undefined;
  if (costUsd === undefined && c.inputTokens === undefined && c.outputTokens === undefined && !quotaLow) return undefined;
  return { costUsd, estimated: c.recordedUsd === undefined && c.estimatedUsd !== undefined, inputTokens: c.inputTokens, outputTokens: c.outputTokens, quotaLow };
}
