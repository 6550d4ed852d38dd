import { forwardRef, useContext, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { RuntimeContext } from '../hooks/RuntimeContext';
import { redactForRecording } from '../protocol/redactRecording';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { Diagnostic } from '../store/records';
import { summarize } from '../store/selectors/summarize';
import { TOOL_LABELS, type Labels, type ToolLabelKey } from '../ui/labels';
import { useDisplayText, useRedact } from './displayPolicy';
import { classes } from './format';
import { entryEventId, entryFamily, entryIds, entryMatches, entryTime, entryType, type EntryFilter } from './inspector/entryText';
import { fixtureText, type SavedFixture } from './inspector/fixtureText';
import { operationLogOf, type OperationLog, type StoreOperation } from './inspector/operationLog';
import { ScratchReplay } from './inspector/scratchReplay';
import { storeChanges, type FieldChange, type StoreChange } from './inspector/storeChanges';
import { useToolLabels, type ToolTranslate } from './useToolLabels';

/** Props of `RuntimeInspector`; any other prop goes to its root `<section>`. */
export interface RuntimeInspectorProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** The store to inspect; by default the nearest `RuntimeProvider`'s. */
  store?: RuntimeStore;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
  /**
   * What time travel shows for the scratch store replayed up to a position (your own surfaces over
   * it, e.g. `<RuntimeProvider store={store}><Conversation /></RuntimeProvider>`); by default a summary.
   */
  renderAt?: (store: RuntimeStore, position: number) => ReactNode;
  /** Receives a saved fixture instead of the browser download. */
  onSaveFixture?: (fixture: SavedFixture, fileName: string) => void;
  /** Height of the event log in pixels; its rows are virtualized. Default 320. */
  logHeight?: number;
}

/** Every row is one line: a fixed height needs no measuring and keeps a long log cheap. */
const ROW_PX = 28;

/**
 * Shows a value in one short line: strings through the display policy (secrets replaced before the
 * clip, which would cut one out of the patterns' reach), quoted and clipped, lists by size, records by braces.
 */
function shortValue(value: unknown, show: (value: string) => string): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') {
    const shown = show(value);
    return JSON.stringify(shown.length > 40 ? `${shown.slice(0, 39)}…` : shown);
  }
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object' && value !== null) return '{…}';
  return String(value);
}

function describeFields(fields: readonly FieldChange[], t: ToolTranslate, show: (value: string) => string): string {
  return fields.map((f) => t('inspector.effect.field', { field: f.field, before: shortValue(f.before, show), after: shortValue(f.after, show) })).join(', ');
}

function describeChange(change: StoreChange, t: ToolTranslate, show: (value: string) => string): string {
  if (change.kind === 'added') return t('inspector.effect.added', { table: change.table, id: change.id });
  if (change.kind === 'changed') return t('inspector.effect.changed', { table: change.table, id: change.id, fields: describeFields(change.fields, t, show) });
  return t('inspector.effect.scalar', { name: change.name, fields: describeFields(change.fields, t, show) });
}

/** A diagnostic in plain words: the kit's explanation of its code, else its own message. */
function explain(diagnostic: Diagnostic, t: ToolTranslate): string {
  const key = `inspector.why.${diagnostic.code}`;
  return key in TOOL_LABELS ? t(key as ToolLabelKey, { message: diagnostic.message }) : t('inspector.why.other', { message: diagnostic.message });
}

/** The log as the filters show it, kept up incrementally: an append scans only what is new (O(1) per event, not per render). */
interface LogView {
  /** Positions in the log of the entries that pass the filters, oldest first (grows in place). */
  shown: readonly number[];
  /** How many pass now: the length to render up to. */
  count: number;
  /** Every event family seen, sorted. */
  families: readonly string[];
}

function useLogView(log: OperationLog, version: number, filter: EntryFilter, t: ToolTranslate): LogView {
  const cache = useRef<{ filter: EntryFilter; t: ToolTranslate; scanned: number; shown: number[]; families: Set<string>; sorted: string[] } | null>(null);
  return useMemo(() => {
    let c = cache.current;
    if (!c || c.filter !== filter || c.t !== t) c = cache.current = { filter, t, scanned: 0, shown: [], families: new Set(c?.families), sorted: c?.sorted ?? [] };
    const familiesBefore = c.families.size;
    for (let i = c.scanned; i < log.entries.length; i++) {
      const entry = log.entries[i]!;
      c.families.add(entryFamily(entry));
      if (entryMatches(entry, filter, t)) c.shown.push(i);
    }
    c.scanned = log.entries.length;
    if (c.families.size !== familiesBefore || c.sorted.length !== c.families.size) c.sorted = [...c.families].sort();
    return { shown: c.shown, count: c.shown.length, families: c.sorted };
  }, [log, version, filter, t]);
}

/** Event ids the live store holds a diagnostic for (one set per diagnostics commit). */
function useDiagnosedIds(store: RuntimeStore, enabled: boolean): ReadonlySet<string> | undefined {
  const table = useSyncExternalStore(store.subscribe, () => store.getState().diagnostics, () => store.getState().diagnostics);
  return useMemo(() => {
    if (!enabled) return undefined;
    const ids = new Set<string>();
    for (const d of table.byId.values()) if (d.eventId !== undefined) ids.add(d.eventId);
    return ids;
  }, [table, enabled]);
}

function StateSummary({ store, t }: { store: RuntimeStore; t: ToolTranslate }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const summary = useMemo(() => summarize(state), [state]);
  const show = useDisplayText();
  const list = (items: string[]) => (items.length === 0 ? t('inspector.summary.none') : items.join(', '));
  return (
    <dl className="aui-inspector__summary">
      <dt>{t('inspector.summary.status')}</dt>
      <dd data-status={summary.status}>
        {summary.status}
        {summary.stale && ` (${t('inspector.stale')})`}
      </dd>
      <dt>{t('inspector.summary.events')}</dt>
      <dd>{t('inspector.summary.eventsValue', { applied: summary.counts.applied, received: summary.counts.received })}</dd>
      <dt>{t('inspector.summary.turns')}</dt>
      <dd>{list(summary.turns.map((turn) => `${turn.turnId} ${turn.status}`))}</dd>
      <dt>{t('inspector.summary.tools')}</dt>
      <dd>{list(summary.tools.map((tool) => `${show(tool.name ?? '')} ${tool.status}`))}</dd>
      <dt>{t('inspector.summary.actions')}</dt>
      <dd>{list(summary.actions.map((action) => `${action.actionId} ${action.status}`))}</dd>
      <dt>{t('inspector.summary.diagnostics')}</dt>
      <dd>{list(summary.diagnostics.map((d) => d.code))}</dd>
    </dl>
  );
}

/** What one log entry did: the records and facts it changed, its diagnostics in plain words, the event itself. */
function EntryDetails({ entry, probe, index, t }: { entry: StoreOperation; probe: ScratchReplay; index: number; t: ToolTranslate }) {
  const effect = useMemo(() => {
    const before = probe.moveTo(index).getState();
    const after = probe.moveTo(index + 1).getState();
    const changes = storeChanges(before, after);
    const diagnostics = changes.flatMap((c) => (c.kind === 'added' && c.table === 'diagnostics' ? [after.diagnostics.byId.get(c.id)!] : []));
    return { changes: changes.filter((c) => !(c.kind === 'added' && c.table === 'diagnostics')), diagnostics };
  }, [probe, index]);
  const raw = entry.kind === 'event' ? entry.event : entry.kind === 'snapshot' ? entry.snapshot : entry;
  // The inspector shows the store's values through the app's display policy, like every surface.
  const show = useDisplayText();
  const redact = useRedact();
  return (
    <div className="aui-inspector__details-body">
      <h3 className="aui-heading">
        {index + 1}. {entryType(entry, t)} <span className="aui-muted">{entryTime(entry)}</span>
      </h3>
      <h4 className="aui-label">{t('inspector.effect')}</h4>
      {effect.changes.length === 0 ? (
        <p className="aui-muted">{t('inspector.effect.none')}</p>
      ) : (
        <ul className="aui-list aui-inspector__changes">
          {effect.changes.map((change, i) => (
            <li key={i} data-change={change.kind}>
              {describeChange(change, t, show)}
            </li>
          ))}
        </ul>
      )}
      <h4 className="aui-label">{t('inspector.diagnostics')}</h4>
      {effect.diagnostics.length === 0 ? (
        <p className="aui-muted">{t('inspector.diagnostics.none')}</p>
      ) : (
        <ul className="aui-list">
          {effect.diagnostics.map((d) => (
            <li key={d.id} data-code={d.code} data-severity={d.severity}>
              <code>{d.code}</code> {explain(d, t)}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>{t('inspector.raw')}</summary>
        <pre>{JSON.stringify(redact(redactForRecording(raw).value), null, 2)}</pre>
      </details>
    </div>
  );
}

function download(text: string, fileName: string): void {
  if (typeof document === 'undefined') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A development panel over a live store: the event log (virtualized, filtered by family, text or
 * diagnostics), what each event changed in the store, its diagnostics in plain words, time travel
 * (the log replayed into a scratch store up to a position; the live store's facts are never
 * touched) and "save as fixture" (the log as redacted JSONL, for `agentui story`). It logs what
 * the store takes from the moment it mounts; `operationLogOf(store)` right after creating the
 * store logs from the first event. Import it from `agentui-kit/inspector`, in development only.
 * @example
 * const Inspector = lazy(() => import('agentui-kit/inspector').then((m) => ({ default: m.RuntimeInspector })));
 * {import.meta.env.DEV && <Suspense><Inspector /></Suspense>}
 */
export const RuntimeInspector = forwardRef<HTMLElement, RuntimeInspectorProps>(function RuntimeInspector(
  { store: given, labels, renderAt, onSaveFixture, logHeight = 320, className, ...rest },
  ref,
) {
  const context = useContext(RuntimeContext);
  const store = given ?? context?.store;
  if (!store) throw new Error('AgentUI: RuntimeInspector needs a store: pass `store`, or put it inside <RuntimeProvider>.');
  const t = useToolLabels(labels);
  const log = useMemo(() => operationLogOf(store), [store]);
  const version = useSyncExternalStore(log.subscribe, log.version, log.version);
  const count = log.entries.length;
  // The scratch stores follow the live store's session (a store created for one session ignores others).
  const sessionId = store.getState().session.sessionId;
  const scratchOptions = useMemo(() => (sessionId === undefined ? {} : { sessionId }), [sessionId]);
  const probe = useMemo(() => new ScratchReplay(log.entries, scratchOptions), [log, scratchOptions]);
  const travel = useMemo(() => new ScratchReplay(log.entries, scratchOptions), [log, scratchOptions]);

  const [family, setFamily] = useState('');
  const [query, setQuery] = useState('');
  const [diagnosedOnly, setDiagnosedOnly] = useState(false);
  const diagnosed = useDiagnosedIds(store, diagnosedOnly);
  const filter = useMemo<EntryFilter>(() => ({ family, query, diagnosed }), [family, query, diagnosed]);
  const { shown, count: shownCount, families } = useLogView(log, version, filter, t);

  const [selected, setSelected] = useState<number | undefined>();
  const [position, setPosition] = useState<number | 'live'>('live');
  const [travelStore, setTravelStore] = useState<RuntimeStore | undefined>();
  useLayoutEffect(() => {
    if (position !== 'live') setTravelStore(travel.moveTo(position));
  }, [travel, position]);
  const [saved, setSaved] = useState('');

  // Newest first: a reader scrolled into the history keeps their rows when new ones arrive on top.
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({ count: shownCount, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: 8 });
  const shownBefore = useRef(shownCount);
  useLayoutEffect(() => {
    const added = shownCount - shownBefore.current;
    shownBefore.current = shownCount;
    const el = scrollRef.current;
    if (el && added > 0 && el.scrollTop > 0) el.scrollTop += added * ROW_PX;
  }, [shownCount]);

  const ids = { family: useId(), query: useId(), log: useId(), position: useId() };
  const at = position === 'live' ? count : position;
  const save = () => {
    const fixture = fixtureText(log.entries);
    const fileName = `${store.getState().session.sessionId ?? 'session'}.jsonl`;
    if (onSaveFixture) onSaveFixture(fixture, fileName);
    else download(fixture.text, fileName);
    setSaved(t('inspector.saved', { count: fixture.lines, file: fileName }));
  };

  return (
    <section ref={ref} className={classes('aui-inspector', className)} aria-label={t('inspector.region')} data-count={count} data-position={position} {...rest}>
      <header className="aui-inspector__header">
        <h2 className="aui-heading">{t('inspector.region')}</h2>
        <span className="aui-muted">{t('inspector.captured', { count })}</span>
        <button type="button" className="aui-button" onClick={save} disabled={count === 0}>
          {t('inspector.save')}
        </button>
        <span className="aui-muted" role="status">
          {saved}
        </span>
      </header>
      {log.missedBefore > 0 && <p className="aui-inspector__notice">{t('inspector.attachedLate', { count: log.missedBefore })}</p>}
      <div className="aui-inspector__filters" role="group" aria-label={t('inspector.filters')}>
        <label htmlFor={ids.family}>{t('inspector.filter.family')}</label>
        <select id={ids.family} value={family} onChange={(e) => setFamily(e.target.value)}>
          <option value="">{t('inspector.filter.allFamilies')}</option>
          {families.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
        <label htmlFor={ids.query}>{t('inspector.filter.query')}</label>
        <input id={ids.query} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <label>
          <input type="checkbox" checked={diagnosedOnly} onChange={(e) => setDiagnosedOnly(e.target.checked)} /> {t('inspector.filter.diagnosed')}
        </label>
        <span className="aui-muted">{t('inspector.shown', { shown: shownCount, count })}</span>
      </div>
      <div className="aui-inspector__body">
        <div ref={scrollRef} className="aui-inspector__log" style={{ height: logHeight }} role="region" aria-labelledby={ids.log} tabIndex={0}>
          <h3 id={ids.log} className="aui-visually-hidden">
            {t('inspector.log')}
          </h3>
          {shownCount === 0 ? (
            <p className="aui-muted">{t(count === 0 ? 'inspector.noEvents' : 'inspector.empty')}</p>
          ) : (
            <ol className="aui-inspector__rows" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((row) => {
                const index = shown[shownCount - 1 - row.index]!;
                const entry = log.entries[index]!;
                return (
                  <li key={index} className="aui-inspector__row" style={{ transform: `translateY(${row.start}px)`, height: ROW_PX }} data-kind={entry.kind} data-future={index >= at || undefined}>
                    <button type="button" aria-pressed={selected === index} onClick={() => setSelected(index)} data-event-id={entryEventId(entry)}>
                      <span className="aui-inspector__n">{index + 1}</span>
                      <span className="aui-inspector__time">{entryTime(entry)}</span>
                      <span className="aui-inspector__type">{entryType(entry, t)}</span>
                      <span className="aui-inspector__ids">{entryIds(entry).join(' · ')}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
        <div className="aui-inspector__details" role="region" aria-label={t('inspector.details')}>
          {selected === undefined || log.entries[selected] === undefined ? (
            <p className="aui-muted">{t('inspector.selectHint')}</p>
          ) : (
            <EntryDetails entry={log.entries[selected]!} probe={probe} index={selected} t={t} />
          )}
        </div>
      </div>
      <div className="aui-inspector__travel" role="group" aria-label={t('inspector.timeTravel')}>
        <label htmlFor={ids.position}>{t('inspector.position')}</label>
        <input
          id={ids.position}
          type="range"
          min={0}
          max={count}
          value={at}
          onChange={(e) => setPosition(Number(e.target.value) >= count ? 'live' : Number(e.target.value))}
          aria-valuetext={t('inspector.positionValue', { index: at, count })}
        />
        <output>{t('inspector.positionValue', { index: at, count })}</output>
        {position === 'live' ? (
          <span className="aui-inspector__live">{t('inspector.atLive')}</span>
        ) : (
          <button type="button" className="aui-button" onClick={() => setPosition('live')}>
            {t('inspector.live')}
          </button>
        )}
      </div>
      {position !== 'live' && travelStore && (
        <div className="aui-inspector__at" data-position={position}>
          <p className="aui-muted">{t('inspector.stateAt', { index: position })}</p>
          {renderAt ? renderAt(travelStore, position) : <StateSummary store={travelStore} t={t} />}
        </div>
      )}
    </section>
  );
});
