import { memo } from 'react';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectTurnNotice } from '../store/selectors/turnNotice';
import { selectTurnSubagents } from '../store/selectors/turnSubagents';
import { useRedact } from './displayPolicy';
import { formatClock } from './format';
import { IconBlocked, IconFailed } from './icons';
import type { Labels } from '../ui/labels';
import { SubagentSummary } from './SubagentRoster';
import { useLabels } from './useLabels';
import { valueLabel } from './valueLabel';

/**
 * Where a blocked or failed turn stops, in the thread: why, and only the ways out its facts offer
 * (wait until a time the runtime gave). Shown once, under the turn's last message.
 */
export const TurnNotice = memo(function TurnNotice({ messageId, labels }: { messageId: string; labels?: Labels }) {
  const notice = useRuntimeSelector((s) => selectTurnNotice(s, messageId), shallowEqual);
  const t = useLabels(labels);
  const redact = useRedact();
  if (!notice) return null;
  if (notice.outcome === 'blocked') {
    const retryAt = notice.retryAt === undefined ? Number.NaN : Date.parse(notice.retryAt);
    return (
      <div className="aui-turn-notice" role="note" data-outcome="blocked" data-tone="blocked" data-block-reason={notice.blockReason}>
        <p className="aui-turn-notice__what">
          <IconBlocked />{t('notice.blocked')}
          {notice.blockReason !== undefined && <>: {valueLabel(t, 'block', notice.blockReason)}</>}
        </p>
        {notice.detail && <p>{redact(notice.detail)}</p>}
        {Number.isFinite(retryAt) && <p>{t('notice.waitUntil', { time: formatClock(retryAt, t) })}</p>}
        <p className="aui-muted">{t('notice.steerDisabled')}</p>
      </div>
    );
  }
  const failure = notice.failure;
  return (
    <div className="aui-turn-notice" role="note" data-outcome="failed" data-tone="failed" data-failure-category={failure?.category}>
      <p className="aui-turn-notice__what">
        <IconFailed />{t('notice.failed')}
        {failure?.category !== undefined && <>: {valueLabel(t, 'category', failure.category)}</>}
      </p>
      {failure?.message && <p>{redact(failure.message)}</p>}
      {failure?.recoveryHint && <p>{t('tool.hint', { hint: failure.recoveryHint })}</p>}
    </div>
  );
});

/**
 * The end of a turn in the thread, under its last message: the subagents it ran (summarized, with
 * a link to their lane) and, when it did not complete, why. Renders nothing for other messages.
 */
export const TurnEnd = memo(function TurnEnd({ messageId, labels }: { messageId: string; labels?: Labels }) {
  const subagents = useRuntimeSelector((s) => selectTurnSubagents(s, messageId), shallowEqual);
  return (
    <>
      {subagents.map((id) => (
        <SubagentSummary key={id} subagentId={id} labels={labels} />
      ))}
      <TurnNotice messageId={messageId} labels={labels} />
    </>
  );
});
