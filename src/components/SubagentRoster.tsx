import { forwardRef, memo, type ComponentPropsWithoutRef } from 'react';
import { DisclosureContent, DisclosureRoot, DisclosureTrigger } from './Disclosure';
import { shallowEqual, useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectMessageText } from '../store/selectors/text';
import { FactBadge } from './FactBadge';
import { IconChevron, IconSubagent } from './icons';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { useOpenLane } from './laneNavigation';
import { revealBidi, SafeText, useDisplayName } from './safeText';
import { dataWord } from './dataWord';
import { useLabels } from './useLabels';
import { VirtualList, type VirtualRowProps } from './VirtualList';
import { plural, valueLabel } from './valueLabel';

const Transcript = memo(function Transcript({ messageIds }: { messageIds: readonly string[] }) {
  const text = useRuntimeSelector((s) =>
    messageIds
      .map((id) => {
        const m = s.subagentMessages.byId.get(id);
        return m ? selectMessageText(s, m) : '';
      })
      .join('\n'),
  );
  return <pre className="aui-subagent__transcript">{text}</pre>;
});

/** The titles of a subagent's artifacts, for a summary that names what it made. */
const useArtifactTitles = (artifactIds: readonly string[]) =>
  useRuntimeSelector((s) => artifactIds.map((id) => s.artifacts.byId.get(id)?.title).filter((t): t is string => t !== undefined), shallowEqual);

const SubagentRow = memo(function SubagentRow({ subagentId, labels, rowProps }: { subagentId: string; labels?: Labels; rowProps?: VirtualRowProps }) {
  const subagent = useRuntimeSelector((s) => s.subagents.byId.get(subagentId));
  const titles = useArtifactTitles(subagent?.artifactIds ?? []);
  const t = useLabels(labels);
  const name = useDisplayName();
  if (!subagent) return rowProps ? <li {...rowProps} /> : null;
  return (
    <li {...rowProps} className={classes('aui-subagent', rowProps?.className)} data-status={dataWord(subagent.status)} data-closed={subagent.closed || undefined}>
      <div className="aui-subagent__header">
        <IconSubagent className="aui-evidence__icon" />
        <span className="aui-subagent__role">{subagent.role !== undefined ? <SafeText>{subagent.role}</SafeText> : <FactBadge fact="unknown" text={t('fact.what.role')} />}</span>
        {subagent.title && <span className="aui-subagent__title"><SafeText>{subagent.title}</SafeText></span>}
        <span className="aui-subagent__status" data-status={dataWord(subagent.status)}>{valueLabel(t, 'state', subagent.status)}</span>
      </div>
      {subagent.summary && (
        <p>
          <SafeText>{subagent.summary}</SafeText>
        </p>
      )}
      {subagent.artifactIds.length > 0 && (
        <p className="aui-muted">
          {plural(t, 'artifact.count', subagent.artifactIds.length)}
          {titles.length > 0 && <>: {titles.map(name).join(', ')}</>}
        </p>
      )}
      {subagent.evidenceIds.length > 0 && <p className="aui-muted">{plural(t, 'evidence.count', subagent.evidenceIds.length)}</p>}
      <details className="aui-dev-details aui-subagent__ids">
        <summary>{t('team.details')}</summary>
        <p className="aui-muted">
          {subagent.parentTaskId ? t('team.parentTask', { id: revealBidi(subagent.parentTaskId) }) : <FactBadge fact="unknown" text={t('fact.what.parentTask')} reason="parentTaskId" />}
          {subagent.parentThreadId && <> · {t('team.parentThread', { id: revealBidi(subagent.parentThreadId) })}</>}
        </p>
      </details>
      {subagent.messageIds.length > 0 && (
        <DisclosureRoot>
          <DisclosureTrigger className="aui-button aui-button--quiet">
            {t('team.transcript')} <IconChevron className="aui-chevron" />
          </DisclosureTrigger>
          <DisclosureContent>
            <Transcript messageIds={subagent.messageIds} />
          </DisclosureContent>
        </DisclosureRoot>
      )}
    </li>
  );
});

/** Props of `SubagentSummary`. */
export interface SubagentSummaryProps {
  subagentId: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/**
 * A subagent's work in one line for the thread: who, on what, how it ended, what it made, and a
 * link to its lane (in a workbench). Its transcript stays in the lane, never in the conversation.
 */
export const SubagentSummary = memo(function SubagentSummary({ subagentId, labels }: SubagentSummaryProps) {
  const subagent = useRuntimeSelector((s) => s.subagents.byId.get(subagentId));
  const titles = useArtifactTitles(subagent?.artifactIds ?? []);
  const t = useLabels(labels);
  const name = useDisplayName();
  const openLane = useOpenLane();
  if (!subagent) return null;
  const role = subagent.role !== undefined ? revealBidi(subagent.role) : t('fact.what.role');
  return (
    <div className="aui-subagent-summary" data-status={dataWord(subagent.status)}>
      <p>
        <IconSubagent />
        {subagent.title !== undefined ? t('team.summary', { role, title: revealBidi(subagent.title) }) : t('team.summaryUntitled', { role })}
        {' · '}
        <span className="aui-subagent__status" data-status={dataWord(subagent.status)}>{valueLabel(t, 'state', subagent.status)}</span>
        {subagent.summary && (
          <>
            {' · '}
            <SafeText>{subagent.summary}</SafeText>
          </>
        )}
        {subagent.artifactIds.length > 0 && (
          <>
            {' · '}
            {plural(t, 'artifact.count', subagent.artifactIds.length)}
            {titles.length > 0 && <>: {titles.map(name).join(', ')}</>}
          </>
        )}
      </p>
      {openLane && (
        <button type="button" className="aui-button aui-button--quiet" onClick={() => openLane('team')}>
          {t('team.open')} <IconChevron />
        </button>
      )}
    </div>
  );
});

/** Props of `SubagentRoster`; any other prop goes to its root element where it has one. */
export interface SubagentRosterProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Mount only the subagents in view (default `true`); `false` renders every one (server rendering). */
  virtualize?: boolean;
}

/** The team: subagents with role, status and lineage. Their messages stay here, never in the main conversation. */
export const SubagentRoster = forwardRef<HTMLDivElement, SubagentRosterProps>(function SubagentRoster({ labels, virtualize, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.subagents);
  const t = useLabels(labels);
  return (
    <div ref={ref} className={classes('aui-subagent-roster', className)} role="group" aria-label={t('team.region')} {...rest}>
      {table.ids.length === 0 ? (
        <p className="aui-muted">{t('team.empty')}</p>
      ) : (
        <VirtualList keys={table.ids} estimateSize={88} className="aui-list" virtualize={virtualize} renderRow={(id, rowProps) => <SubagentRow subagentId={id} labels={labels} rowProps={rowProps} />} />
      )}
    </div>
  );
});
