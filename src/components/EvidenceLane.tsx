import { forwardRef, memo, useId, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { EvidenceRecord } from '../store/records';
import { findToolCall } from '../store/toolCallKey';
import { FactBadge } from './FactBadge';
import { IconCheck, IconEvidence, IconFailed, IconUnknown } from './icons';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { RefAction, refHref, type OpenRef } from './RefLink';
import { SafeText } from './safeText';
import { dataWord } from './dataWord';
import { useLabels, type Translate } from './useLabels';
import { VirtualList } from './VirtualList';
import { displayWord, plural, valueLabel } from './valueLabel';

/** The DOM id of an evidence record inside one lane (`scope` from `useId`, so two lanes never collide). */
export const evidenceDomId = (scope: string, evidenceId: string) => `${scope}-evidence-${evidenceId}`;

/** What a record proves, from its facts: the checks it ran, else the tool it records, else plainly a record. */
function evidenceTitle(evidence: EvidenceRecord, toolName: string | undefined, t: Translate): ReactNode {
  if (evidence.verificationOutcomes.length > 0) {
    return t('evidence.title.checks', { names: evidence.verificationOutcomes.map((o) => displayWord(t, o.name)).join(', ') });
  }
  if (toolName !== undefined) {
    // The tool's name is the runtime's: isolated where the translated sentence puts it.
    const [before, after = ''] = t('evidence.title.tool', { tool: '\u0000' }).split('\u0000');
    return (
      <>
        {before}
        <SafeText>{toolName}</SafeText>
        {after}
      </>
    );
  }
  return t('evidence.title.plain');
}

/** Props of `EvidenceItem`; any other prop goes to its root element where it has one. */
export interface EvidenceItemProps extends Omit<ComponentPropsWithoutRef<'li'>, 'children'> {
  evidenceId: string;
  /** Opens a pack, replay, review or trace ref; without it web refs are links and the others are listed under Details. */
  onOpenRef?: OpenRef;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** One evidence record: what it proves, its status (never guessed), outcomes, and its refs as actions. */
export const EvidenceItem = memo(
  forwardRef<HTMLLIElement, EvidenceItemProps>(function EvidenceItem({ evidenceId, onOpenRef, labels, className, ...rest }, ref) {
    const evidence = useRuntimeSelector((s) => s.evidence.byId.get(evidenceId));
    const toolName = useRuntimeSelector((s) => (evidence?.toolCallId === undefined ? undefined : findToolCall((key) => s.toolCalls.byId.get(key), evidence.toolCallId, evidence.correlation.turnId)?.name));
    const t = useLabels(labels);
    if (!evidence) return null;
    const status = evidence.disputed ? 'disputed' : (evidence.status ?? 'unknown');
    const refs = (
      [
        ['evidence.pack', evidence.packRef],
        ['evidence.replay', evidence.replayRef],
        ['evidence.review', evidence.reviewRef],
        ['evidence.trace', evidence.traceRef],
      ] as const
    ).filter((r): r is readonly [(typeof r)[0], string] => r[1] !== undefined);
    const listed = refs.filter(([, value]) => !onOpenRef && refHref(value) === undefined);
    return (
      <li ref={ref} tabIndex={-1} className={classes('aui-evidence', className)} data-evidence-status={dataWord(status)} {...rest}>
        <div className="aui-evidence__header">
          <IconEvidence className="aui-evidence__icon" />
          <span className="aui-evidence__title">{evidenceTitle(evidence, toolName, t)}</span>
          {status === 'disputed' ? (
            <FactBadge fact="disputed" />
          ) : evidence.status === undefined ? (
            <FactBadge fact="unknown" text={t('fact.what.status')} reason={t('fact.why.unknown')} />
          ) : (
            <span className="aui-evidence__status" data-evidence-status={dataWord(status)}>{valueLabel(t, 'state', status)}</span>
          )}
        </div>
        {evidence.verdict && <p>{t('evidence.verdict', { verdict: valueLabel(t, 'state', evidence.verdict) })}</p>}
        {evidence.verificationOutcomes.length > 0 && (
          <ul className="aui-evidence__outcomes" aria-label={t('evidence.outcomes')}>
            {evidence.verificationOutcomes.map((o, i) => (
              <li key={`${o.name}-${i}`} data-outcome={dataWord(o.status)}>
                {o.status === 'passed' ? <IconCheck /> : o.status === 'failed' ? <IconFailed /> : <IconUnknown />}
                {t('evidence.outcome', { name: displayWord(t, o.name), status: valueLabel(t, 'state', o.status) })}
              </li>
            ))}
          </ul>
        )}
        <div className="aui-evidence__refs">
          {refs.map(([key, value]) => (
            <RefAction key={key} value={value} label={t(key)} onOpenRef={onOpenRef} />
          ))}
        </div>
        <details className="aui-dev-details aui-evidence__ids">
          <summary>{t('dev.details')}</summary>
          <dl>
            <dt>{t('dev.evidenceId')}</dt>
            <dd><code><SafeText>{evidence.evidenceId}</SafeText></code></dd>
            {evidence.toolCallId !== undefined && (
              <>
                <dt>{t('dev.toolCallId')}</dt>
                <dd><code><SafeText>{evidence.toolCallId}</SafeText></code></dd>
              </>
            )}
            {listed.map(([key, value]) => (
              <div key={key} className="aui-tool-call__arg">
                <dt>{t(key)}</dt>
                <dd><code><SafeText>{value}</SafeText></code></dd>
              </div>
            ))}
          </dl>
        </details>
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
  /** Opens a pack, replay, review or trace ref (see `EvidenceItem`). */
  onOpenRef?: OpenRef;
  /** Mount only the records in view (default `true`); `false` renders every record (server rendering). */
  virtualize?: boolean;
  /** A record to scroll into view and focus (a new object asks again), e.g. evidence opened from the thread. */
  reveal?: { evidenceId: string };
  /** Called once the revealed record has focus. */
  onRevealed?: () => void;
}

/** The evidence lane: every evidence record, in order, with disputes marked; only the records in view mount. */
export const EvidenceLane = forwardRef<HTMLDivElement, EvidenceLaneProps>(function EvidenceLane({ labels, idScope, onOpenRef, virtualize, reveal, onRevealed, className, ...rest }, ref) {
  const ownScope = useId();
  const scope = idScope ?? ownScope;
  const ids = useRuntimeSelector((s) => s.evidence.ids);
  const t = useLabels(labels);
  const revealRow = useMemo(() => (reveal ? { key: reveal.evidenceId } : undefined), [reveal]);
  return (
    <div ref={ref} className={classes('aui-evidence-lane', className)} role="group" aria-label={t('evidence.region')} data-count={ids.length} {...rest}>
      {ids.length === 0 ? (
        <p className="aui-muted">{t('evidence.none')}</p>
      ) : (
        <>
          <p className="aui-visually-hidden">{plural(t, 'evidence.count', ids.length)}</p>
          <VirtualList
            keys={ids}
            estimateSize={96}
            className="aui-list"
            virtualize={virtualize}
            reveal={revealRow}
            onRevealed={onRevealed}
            renderRow={(id, rowProps) => <EvidenceItem {...rowProps} id={evidenceDomId(scope, id)} evidenceId={id} onOpenRef={onOpenRef} labels={labels} />}
          />
        </>
      )}
    </div>
  );
});
