import { memo } from 'react';
import { useRuntimeActions, useRuntimeContext } from '../hooks/useRuntimeContext';
import type { RuntimeState } from '../store/createRuntimeStore';
import { selectMessageText } from '../store/selectors/text';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectTurnNotice } from '../store/selectors/turnNotice';
import { useRedact } from './displayPolicy';
import { formatClock } from './formatTime';
import { IconBlocked, IconFailed, IconOpenExternal, IconRetry } from './icons';
import { refHref } from './RefLink';
import type { Labels } from '../ui/labels';
import { useLabels } from './useLabels';
import { valueLabel } from './valueLabel';

export { CutNotice } from './CutNotice';

// A turn that did not complete ends in the thread with this notice: a chunk of its own (lazyRows.tsx),
// loaded with the first blocked or failed turn shown, or when the page is idle.

/** The prompt that started a turn (its user message's text), to send again; undefined without one. */
function turnPrompt(state: RuntimeState, turnId: string): string | undefined {
  const turn = state.turns.byId.get(turnId);
  for (const id of turn?.messageIds.toArray() ?? []) {
    const message = state.messages.byId.get(id);
    if (message?.role === 'user') return selectMessageText(state, message) || undefined;
  }
  return undefined;
}

/**
 * Where a blocked or failed turn stops, in the thread: why, and only the ways out its facts offer —
 * the time a quota resets or a rate limit lifts, an upgrade link the runtime gave, Try again when
 * the runtime said the failure is retryable and a runtime is connected to send it to. Shown once,
 * under the turn's last message.
 */
export const TurnNotice = memo(function TurnNotice({ messageId, labels }: { messageId: string; labels?: Labels }) {
  const notice = useRuntimeSelector((s) => selectTurnNotice(s, messageId), shallowEqual);
  const quota = useRuntimeSelector((s) => (notice?.blockReason === 'quota' ? s.costLimits.quota : undefined));
  const prompt = useRuntimeSelector((s) => (notice?.outcome === 'failed' && notice.failure?.retryable === true ? turnPrompt(s, notice.turnId) : undefined));
  const { adapter } = useRuntimeContext();
  const actions = useRuntimeActions();
  const t = useLabels(labels);
  const redact = useRedact();
  if (!notice) return null;
  if (notice.outcome === 'blocked') {
    const retryAt = notice.retryAt === undefined ? Number.NaN : Date.parse(notice.retryAt);
    const resetsAt = quota?.resetsAt === undefined ? Number.NaN : Date.parse(quota.resetsAt);
    const upgrade = quota?.upgradeUrl === undefined ? undefined : refHref(quota.upgradeUrl);
    return (
      <div className="aui-turn-notice" role="note" data-outcome="blocked" data-tone="blocked" data-block-reason={notice.blockReason}>
        <p className="aui-turn-notice__what">
          <IconBlocked />
          {t('notice.blocked')}
          {notice.blockReason !== undefined && <>: {valueLabel(t, 'block', notice.blockReason)}</>}
        </p>
        {notice.detail && <p>{redact(notice.detail)}</p>}
        <div className="aui-turn-notice__actions">
          {Number.isFinite(resetsAt) && <span className="aui-turn-notice__when">{t('notice.resetsAt', { time: formatClock(resetsAt, t) })}</span>}
          {Number.isFinite(retryAt) && <span className="aui-turn-notice__when">{t('notice.waitUntil', { time: formatClock(retryAt, t) })}</span>}
          {upgrade && (
            <a className="aui-button aui-button--primary" href={upgrade} target="_blank" rel="noopener noreferrer nofollow">
              {t('notice.upgrade')}
              <IconOpenExternal />
            </a>
          )}
        </div>
        <p className="aui-muted">{t('notice.steerDisabled')}</p>
      </div>
    );
  }
  const failure = notice.failure;
  const canRetry = prompt !== undefined && adapter !== undefined;
  return (
    <div className="aui-turn-notice" role="note" data-outcome="failed" data-tone="failed" data-failure-category={failure?.category}>
      <p className="aui-turn-notice__what">
        <IconFailed />
        {t('notice.failed')}
        {failure?.category !== undefined && <>: {valueLabel(t, 'category', failure.category)}</>}
      </p>
      {(failure?.message || failure?.recoveryHint) && (
        <p>
          {failure?.message && redact(failure.message)}
          {failure?.message && failure?.recoveryHint && ' '}
          {failure?.recoveryHint && t('tool.hint', { hint: redact(failure.recoveryHint) })}
        </p>
      )}
      {canRetry && (
        <div className="aui-turn-notice__actions">
          <button type="button" className="aui-button" onClick={() => void actions.send(prompt)}>
            <IconRetry />
            {t('notice.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
});
