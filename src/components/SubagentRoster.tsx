import { forwardRef, memo, type ComponentPropsWithoutRef } from 'react';
import { Collapsible } from 'radix-ui';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { selectMessageText } from '../store/selectors/text';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from './labels';
import { useLabels } from './useLabels';

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

const SubagentRow = memo(function SubagentRow({ subagentId, labels }: { subagentId: string; labels?: Labels }) {
  const subagent = useRuntimeSelector((s) => s.subagents.byId.get(subagentId));
  const t = useLabels(labels);
  if (!subagent) return null;
  return (
    <li className="aui-subagent" data-status={subagent.status} data-closed={subagent.closed || undefined}>
      <div className="aui-subagent__header">
        <span className="aui-subagent__role">{subagent.role ?? <FactBadge fact="unknown" />}</span>
        {subagent.title && <span className="aui-subagent__title">{subagent.title}</span>}
        <span className="aui-subagent__status" data-status={subagent.status}>{subagent.status}</span>
      </div>
      <p className="aui-muted">
        {subagent.parentTaskId ? t('team.parentTask', { id: subagent.parentTaskId }) : <FactBadge fact="unknown" reason="parentTaskId" />}
        {subagent.parentThreadId && <> · {t('team.parentThread', { id: subagent.parentThreadId })}</>}
        {' · '}
        {t('team.outputs', { artifacts: subagent.artifactIds.length, evidence: subagent.evidenceIds.length })}
      </p>
      {subagent.messageIds.length > 0 && (
        <Collapsible.Root>
          <Collapsible.Trigger className="aui-button aui-button--quiet">{t('team.transcript')}</Collapsible.Trigger>
          <Collapsible.Content>
            <Transcript messageIds={subagent.messageIds} />
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </li>
  );
});

/** Props of `SubagentRoster`; any other prop goes to its root element where it has one. */
export interface SubagentRosterProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** The team: subagents with role, status and lineage. Their messages stay here, never in the main conversation. */
export const SubagentRoster = forwardRef<HTMLDivElement, SubagentRosterProps>(function SubagentRoster({ labels, className, ...rest }, ref) {
  const table = useRuntimeSelector((s) => s.subagents);
  const t = useLabels(labels);
  return (
    <div ref={ref} className={classes('aui-subagent-roster', className)} role="group" aria-label={t('team.region')} {...rest}>
      {table.ids.length === 0 ? <p className="aui-muted">{t('team.empty')}</p> : <ul className="aui-list">{table.ids.map((id) => <SubagentRow key={id} subagentId={id} labels={labels} />)}</ul>}
    </div>
  );
});
