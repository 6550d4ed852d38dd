import { forwardRef, memo, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { TimelineEntry } from '../store/records';
import { factState } from '../store/selectors/factState';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { dataWord, SafeText } from './safeText';
import { useLabels } from './useLabels';
import { valueLabel } from './valueLabel';
import { useVirtualRows } from './useVirtualRows';
import { VirtualSlot } from './VirtualList';

const GLYPH: Record<TimelineEntry['kind'], string> = {
  tool: '⚙',
  action: '✋',
  artifact: '▣',
  evidence: '✔',
  task: '☐',
  subagent: '☺',
  routing: '⇄',
  limit: '◔', // a gauge; the hourglass ⧗ has no glyph in common fonts (it drew as a box)
  diagnostic: '⚠',
  process: '•',
};

const TimelineRow = memo(function TimelineRow({ entryId, labels }: { entryId: string; labels?: Labels }) {
  const entry = useRuntimeSelector((s) => s.timeline.byId.get(entryId));
  const status = useRuntimeSelector((s) => (entry ? factState(s, entry) : undefined));
  const t = useLabels(labels);
  if (!entry) return null;
  return (
    // The event type and the record id stay in attributes (for tools and tests), not in the reading.
    <div className="aui-timeline__entry" data-kind={entry.kind} data-status={dataWord(status)} data-type={dataWord(entry.type)} data-ref={dataWord(entry.refId)}>
      <span aria-hidden="true" className="aui-timeline__glyph">{GLYPH[entry.kind]}</span>
      <span className="aui-timeline__type">{valueLabel(t, 'timeline.kind', entry.kind)}</span>
      {/* A request's label is its prompt: shown in full once, where it is answered, not here again. */}
      {entry.label && entry.kind !== 'action' && <span className="aui-timeline__label"><SafeText>{entry.label}</SafeText></span>}
      {status === undefined && entry.kind !== 'process' && entry.kind !== 'routing' && entry.kind !== 'limit' && entry.kind !== 'diagnostic' ? (
        <FactBadge fact="unknown" text={t('fact.what.status')} />
      ) : (
        status && <span className="aui-timeline__status">{valueLabel(t, 'state', status)}</span>
      )}
      {entry.at && <time dateTime={entry.at}>{entry.at.slice(11, 19)}</time>}
    </div>
  );
});

/** Props of `ProcessTimeline`; any other prop goes to its root element where it has one. */
export interface ProcessTimelineProps extends ComponentPropsWithoutRef<'div'> {
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /** Only these kinds (all by default). */
  kinds?: readonly TimelineEntry['kind'][];
  /** Mount only the rows in view (default `true`). Pass `false` for server rendering or short lists: every row renders. */
  virtualize?: boolean;
}

/** The virtualized archive of what happened: one summary line per fact, never a second expanded copy. */
export const ProcessTimeline = forwardRef<HTMLDivElement, ProcessTimelineProps>(function ProcessTimeline({ labels, kinds, virtualize = true, className, ...rest }, ref) {
  const ids = useRuntimeSelector((s) => s.timeline.ids);
  const table = useRuntimeSelector((s) => s.timeline.byId);
  const t = useLabels(labels);
  const keys = kinds ? ids.filter((id) => kinds.includes(table.get(id)!.kind)) : ids;
  const { scrollRef, spaceRef: space, virtualizer, onScroll, rows } = useVirtualRows({ keys, estimateSize: 32, stickToBottom: true, overscan: 10, virtualize });
  const mounted = rows(virtualize);
  return (
    <div ref={ref} className={classes('aui-timeline', className)} role="group" aria-label={t('timeline.region')} data-count={keys.length} {...rest}>
      {keys.length === 0 && <p className="aui-muted">{t('timeline.empty')}</p>}
      <div ref={scrollRef} className="aui-timeline__scroll" onScroll={onScroll} tabIndex={keys.length > 0 ? 0 : undefined} role={keys.length > 0 ? 'list' : undefined} aria-label={keys.length > 0 ? t('timeline.region') : undefined}>
        <div ref={space as never} className={virtualize ? 'aui-virtual' : undefined}>
          {mounted.map((row) => (
            <VirtualSlot key={row.key} row={row} virtualize={virtualize} measure={virtualizer.measureElement} role="listitem">
              {row.ready && <TimelineRow entryId={keys[row.index]!} labels={labels} />}
            </VirtualSlot>
          ))}
        </div>
      </div>
    </div>
  );
});
