import { FactBadge } from './FactBadge';
import { useStatus } from './runtimeStatusContext';
import { dataWord } from './dataWord';
import { useLabels } from './useLabels';
import { valueLabel } from './valueLabel';

/**
 * Typed failure (category, retryability, hint) or what blocks the turn. Not in the default
 * composition: the workbench ends the turn in the thread with it (`TurnNotice`), once. For
 * layouts without a thread. Loaded when a layout first renders it (lazyStatusProblem.tsx): the
 * words of failure categories are not the first screen's.
 */
export function Problem() {
  const { facts, labels } = useStatus();
  const t = useLabels(labels);
  if (facts.stage === 'blocked') {
    return (
      <span className="aui-runtime-status__problem">
        {facts.blockedReason !== undefined ? t('status.blockedBy', { reason: facts.blockedReason }) : <FactBadge fact="blocked" />}
      </span>
    );
  }
  const failure = facts.failure;
  if (!failure) return null;
  return (
    <span className="aui-runtime-status__problem" data-failure-category={dataWord(failure.category)}>
      {failure.category !== undefined ? valueLabel(t, 'category', failure.category) : <FactBadge fact="unknown" text={t('fact.what.cause')} />}
      {failure.retryable !== undefined && <span> · {t(failure.retryable ? 'status.retryable' : 'status.notRetryable')}</span>}
      {failure.recoveryHint && <span> · {t('tool.hint', { hint: failure.recoveryHint })}</span>}
    </span>
  );
}
