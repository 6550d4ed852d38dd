import { forwardRef, memo, useMemo, type ComponentPropsWithoutRef } from 'react';
import { useRuntimeSelector } from '../hooks/useRuntimeSelector';
import type { TimelineEntry } from '../store/records';
import { factState } from '../store/selectors/factState';
import { FactBadge } from './FactBadge';
import { classes } from './format';
import type { Labels } from '../ui/labels';
import { SafeText } from './safeText';
import { dataWord } from './dataWord';
import { useLabels, type Translate } from './useLabels';
import { displayWord, valueLabel } from './valueLabel';
import { knownValueLabel } from './knownValueLabel';
import { formatTime } from './formatTime';
import { IconDiagnostic, IconDocument, IconEvidence, IconLimit, IconPending, IconRouting, IconSubagent, IconTask, IconTool, IconWaiting, type KitIcon } from './icons';
import { useVirtualRows } from './useVirtualRows';
import { VirtualSlot } from './VirtualSlot';

/** An icon per kind of fact, so a row reads at a glance; its colour is the fact's state. */
const ICON: Record<TimelineEntry['kind'], KitIcon> = {
  tool: IconTool,
  action: IconWaiting,
  artifact: IconDocument,
  evidence: IconEvidence,
  task: IconTask,
  subagent: IconSubagent,
  routing: IconRouting,
  limit: IconLimit,
  diagnostic: IconDiagnostic,
  process: IconPending,
};

const TONE: Partial<Record<string, string>> = { failed: 'failed', blocked: 'blocked', 'needs-input': 'waiting', pending: 'waiting', running: 'running', completed: 'done', succeeded: 'done', resolved: 'done', ready: 'done', recorded: 'done', exported: 'done', passed: 'done' };

/**
 * What happened, in words: the event's own label ("Rate limit reached", "Model chosen"), else the
 * kind of fact ("Tool"), else the runtime's event name made readable ("Hook completed").
 */
function whatHappened(t: Translate, entry: TimelineEntry): string {
  return knownValueLabel(t, 'timeline.event', entry.type) ?? (entry.kind === 'process' ? displayWord(t, entry.type) : valueLabel(t, 'timeline.kind', entry.kind));
}

/** `10:00:01` on the reader's clock, in the labels' locale. */
function timeOf(at: string, locale: string): string | undefined {
  const ms = Date.parse(at);
  return Number.isFinite(ms) ? formatTime(ms, locale, true) : undefined;
}

const TimelineRow = memo(function TimelineRow({ entryId, labels }: { entryId: string; labels?: Labels }) {
  const entry = useRuntimeSelector((s) => s.timeline.byId.get(entryId));
  const status = useRuntimeSelector((s) => (entry ? factState(s, entry) : undefined));
  // An artifact's entry names it by its title (the event that made it carries none).
  const title = useRuntimeSelector((s) => (entry?.kind === 'artifact' ? s.artifacts.byId.get(entry.refId)?.title : undefined));
  const t = useLabels(labels);
  if (!entry) return null;
  const Icon = ICON[entry.kind];
  // A request's label is its prompt: shown in full once, where it is answered, not here again.
  const label = entry.kind === 'action' ? undefined : entry.kind === 'diagnostic' && entry.label ? knownValueLabel(t, 'diagnostic.code', entry.label) ?? entry.label : (entry.label ?? title);
  const time = entry.at === undefined ? undefined : timeOf(entry.at, t('format.locale'));
  return (
    // The event type and the record id stay in attributes (for tools and tests), not in the reading.
    <div className="aui-timeline__entry" data-kind={entry.kind} data-status={dataWord(status)} data-type={dataWord(entry.type)} data-ref={dataWord(entry.refId)} data-tone={(status && TONE[status]) ?? 'idle'}>
      <Icon className="aui-timeline__glyph" />
      <span className="aui-timeline__what">{whatHappened(t, entry)}</span>
      {label && <span className="aui-timeline__label"><SafeText>{label}</SafeText></span>}
      {status === undefined && entry.kind !== 'process' && entry.kind !== 'routing' && entry.kind !== 'limit' && entry.kind !== 'diagnostic' ? (
        <FactBadge fact="unknown" text={t('fact.what.status')} />
      ) : (
        status && <span className="aui-timeline__status">{valueLabel(t, 'state', status)}</span>
      )}
      {time !== undefined && <time dateTime={entry.at}>{time}</time>}
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
  // A new array only when the entries or the kinds change (the list places every row again for a
  // new keys array; `kinds` is often written inline, a new array each render).
  const kindsKey = kinds?.join(' ');
  const keys = useMemo(() => (kinds ? ids.filter((id) => kinds.includes(table.get(id)!.kind)) : ids), [ids, table, kindsKey]);
  const { scrollRef, spaceRef: space, virtualizer, onScroll, rows, placed } = useVirtualRows({ keys, estimateSize: 32, stickToBottom: true, overscan: 10, virtualize });
  const mounted = rows();
  return (
    <div ref={ref} className={classes('aui-timeline', className)} role="group" aria-label={t('timeline.region')} data-count={keys.length} {...rest}>
      {keys.length === 0 && <p className="aui-muted">{t('timeline.empty')}</p>}
      <div ref={scrollRef} className="aui-timeline__scroll" onScroll={onScroll} tabIndex={keys.length > 0 ? 0 : undefined} role={keys.length > 0 ? 'list' : undefined} aria-label={keys.length > 0 ? t('timeline.region') : undefined}>
        <div ref={space as never} className={placed ? 'aui-virtual' : undefined}>
          {mounted.map((row) => (
            <VirtualSlot key={row.key} row={row} virtualize={placed} measure={virtualizer.measureElement} role="listitem">
              {row.ready && <TimelineRow entryId={keys[row.index]!} labels={labels} />}
            </VirtualSlot>
          ))}
        </div>
      </div>
    </div>
  );
});
