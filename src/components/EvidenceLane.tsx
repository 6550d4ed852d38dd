import { forwardRef, memo, useId, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from './labels';
import { RefLink } from './RefLink';
import { useLabels } from './useLabels';

/** The DOM id of an evidence record inside one lane (`scope` from `useId`, so two lanes never collide). */
export const evidenceDomId = (scope: string, evidenceId: string) => `${scope}-evidence-${evidenceId}`;

/** Props of `EvidenceItem`; any other prop goes to its root element where it has one. */
export interface EvidenceItemProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  evidenceId: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** One evidence record: status (never guessed), outcomes, and its pack/replay/review refs together. */
export const EvidenceItem = memo(
  forwardRef<HTMLLIElement, EvidenceItemProps>(function EvidenceItem({ evidenceId, labels, className, ...rest }, ref) {
    const evidence = useRuntimeSelector((s) => s.evidence.byId.get(evidenceId));
    const t = useLabels(labels);
    if (!evidence) return null;
    const status = evidence.disputed ? 'disputed' : (evidence.status ?? 'unknown');
    return (
      <li ref={ref} tabIndex={-1} className={classes('aui-evidence', className)} data-evidence-status={status} {...rest}>
        <div className="aui-evidence__header">
          <span className="aui-evidence__id">{evidence.evidenceId}</span>
          {status === 'disputed' ? (
            <FactBadge fact="disputed" />
          ) : evidence.status === undefined ? (
            <FactBadge fact="unknown" reason={t('fact.why.unknown')} />
          ) : (
            <span className="aui-evidence__status" data-evidence-status={status}>{status}</span>
          )}
        </div>
        {evidence.verdict && <p>{t('evidence.verdict', { verdict: evidence.verdict })}</p>}
        {evidence.verificationOutcomes.length > 0 && (
          <ul className="aui-evidence__outcomes" aria-label={t('evidence.outcomes')}>
            {evidence.verificationOutcomes.map((o, i) => (
              <li key={`${o.name}-${i}`} data-outcome={o.status}>
                <span aria-hidden="true">{o.status === 'passed' ? '✓' : o.status === 'failed' ? '✕' : '?'}</span> {o.name}: {o.status}
              </li>
            ))}
          </ul>
        )}
        <div className="aui-evidence__refs">
          {evidence.packRef && <RefLink value={evidence.packRef} label={t('evidence.pack')} />}
          {evidence.replayRef && <RefLink value={evidence.replayRef} label={t('evidence.replay')} />}
          {evidence.reviewRef && <RefLink value={evidence.reviewRef} label={t('evidence.review')} />}
          {evidence.traceRef && <RefLink value={evidence.traceRef} label={t('evidence.trace')} />}
        </div>
        {evidence.toolCallId && <p className="aui-muted">{t('evidence.forTool', { id: evidence.toolCallId })}</p>}
      </li>
    );
  }),
);

/** Props of `EvidenceLane`; any other prop goes to its root element where it has one. */
export interface EvidenceLaneProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Scope of the records' DOM ids (see `evidenceDomId`); the lane's own `useId` when omitted. */
  idScope?: string;
}

/** The evidence lane: every evidence record, in order, with disputes marked. */
export const EvidenceLane = forwardRef<HTMLDivElement, EvidenceLaneProps>(function EvidenceLane({ labels, idScope, className, ...rest }, ref) {
  const ownScope = useId();
  const scope = idScope ?? ownScope;
  const ids = useRuntimeSelector((s) => s.evidence.ids);
  const t = useLabels(labels);
  return (
    <div ref={ref} className={classes('aui-evidence-lane', className)} role="group" aria-label={t('evidence.region')} {...rest}>
      {ids.length === 0 ? <p className="aui-muted">{t('evidence.none')}</p> : <ul className="aui-list">{ids.map((id) => <EvidenceItem key={id} id={evidenceDomId(scope, id)} evidenceId={id} labels={labels} />)}</ul>}
    </div>
  );
});
