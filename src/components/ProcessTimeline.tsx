import { forwardRef, memo, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { TimelineEntry } from '../store/records';
import type { RuntimeState } from '../store/createRuntimeStore';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from './labels';
import { useLabels } from './useLabels';
import { useVirtualRows, virtualRowStyle } from './useVirtualRows';

const GLYPH: Record<TimelineEntry['kind'], string> = {
  tool: '⚙',
  action: '✋',
  artifact: '▣',
  evidence: '✔',
  task: '☐',
  subagent: '☺',
  routing: '⇄',
  limit: '⧗',
  diagnostic: '⚠',
  process: '•',
};

/** The one-line state of the fact an entry points at (the fact itself is expanded elsewhere, not here). */
function factState(state: RuntimeState, entry: TimelineEntry): string | undefined {
  switch (entry.kind) {
    case 'tool':
      return state.toolCalls.byId.get(entry.refId)?.status;
    case 'action':
      return state.actions.byId.get(entry.refId)?.status;
    case 'artifact':
      return state.artifacts.byId.get(entry.refId)?.status;
    case 'evidence': {
      const e = state.evidence.byId.get(entry.refId);
      return e?.disputed ? 'disputed' : e?.status;
    }
    case 'task':
      return state.tasks.byId.get(entry.refId)?.status;
    case 'subagent':
      return state.subagents.byId.get(entry.refId)?.status;
    default:
      return undefined;
  }
}

const TimelineRow = memo(function TimelineRow({ entryId }: { entryId: string }) {
  const entry = useRuntimeSelector((s) => s.timeline.byId.get(entryId));
  const status = useRuntimeSelector((s) => (entry ? factState(s, entry) : undefined));
  if (!entry) return null;
  return (
    <div className="aui-timeline__entry" data-kind={entry.kind} data-status={status}>
      <span aria-hidden="true" className="aui-timeline__glyph">{GLYPH[entry.kind]}</span>
      <span className="aui-timeline__type">{entry.type}</span>
      {entry.label && <span className="aui-timeline__label">{entry.label}</span>}
      <span className="aui-timeline__ref">{entry.refId}</span>
      {status === undefined && entry.kind !== 'process' && entry.kind !== 'routing' && entry.kind !== 'limit' && entry.kind !== 'diagnostic' ? (
        <FactBadge fact="unknown" />
      ) : (
        status && <span className="aui-timeline__status">{status}</span>
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
  const { scrollRef, virtualizer, onScroll, totalSize, rows } = useVirtualRows({ keys, estimateSize: 32, stickToBottom: true, overscan: 10 });
  const mounted = rows(virtualize);
  return (
    <div ref={ref} className={classes('aui-timeline', className)} role="group" aria-label={t('timeline.region')} data-count={keys.length} {...rest}>
      {keys.length === 0 && <p className="aui-muted">{t('timeline.empty')}</p>}
      <div ref={scrollRef} className="aui-timeline__scroll" onScroll={onScroll} tabIndex={keys.length > 0 ? 0 : undefined} role={keys.length > 0 ? 'list' : undefined} aria-label={keys.length > 0 ? t('timeline.region') : undefined}>
        <div style={virtualize ? { height: totalSize, position: 'relative' } : undefined}>
          {mounted.map((row) => (
            <div
              key={row.key}
              role="listitem"
              data-index={row.index}
              ref={virtualize ? virtualizer.measureElement : undefined}
              style={virtualRowStyle(row.start, virtualize)}
            >
              <TimelineRow entryId={keys[row.index]!} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});
