import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { useRuntimeSelector } from '../../src/hooks/useRuntimeSelector';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { FixturePlaybackControls } from '../../src/components/FixturePlaybackControls';
import { useBacklogOnce } from '../../src/components/useBacklogOnce';
import { useToolLabels } from '../../src/components/useToolLabels';
import { selectSessionStatus } from '../../src/store/selectors/turnStatus';
import { replaySource, type ReplaySource } from '../../src/stream/replaySource';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import type { RefLoader } from '../../src/components/useRefContent';
import { StoryProvider } from './StoryProvider';
import { STORY_NOW } from './storyEvents';
import { useStoryGlobals } from './StoryGlobals';
import { deliverMalformedAsDiagnostics, fixtureLines, isMalformed } from './fixtureLines';

export interface FixturePlayerProps {
  /** The fixture's file name in fixtures/, without its .jsonl extension. */
  fixture: string;
  /** The fixture's JSONL text. */
  text: string;
  /** `playback`: the recorded stream on its clock, with controls. `final`: everything applied at once. */
  mode: 'playback' | 'final';
  /** Start playing on load (playback). */
  autoplay?: boolean;
  speed?: number;
  /** Start at this many events delivered (playback), for mid-stream frames; by default at the end (the finished session, Play replays it). */
  startAt?: number;
  /** What the runtime's ref store serves for the refs the events name (artifact versions, diffs, outputs): the player's loadRef. */
  refs?: Record<string, string>;
  /** The read model the runtime returns when the stream is repaired (the fixture's snapshot): the player's readThread. */
  repair?: unknown;
  /** The fixture's human title (fixtures/stories.json). */
  title?: string;
  /** What the fixture demonstrates, in one paragraph: shown above the playback controls. */
  caption?: string;
}

/** The event log shows the latest entries; older ones are in the fixture file. */
const LOG_LIMIT = 200;
/** Wide enough for the workbench and the event log side by side: the log starts open. */
const LOG_OPEN_FROM_PX = 900;

/** `10:00:01.250` from an event's timestamp (UTC, as the fixtures are recorded). */
function timeOf(event: unknown): string {
  const stamp = (event as { timestamp?: unknown } | null)?.timestamp;
  const ms = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(11, 23) : '—';
}

const SUMMARY_FIELDS = ['delta', 'text', 'prompt', 'title', 'name', 'toolName', 'stage', 'status', 'message', 'reason', 'summary', 'decision', 'kind'];

/** One line that says what an event carries: its most telling payload field, else its ids. */
function summaryOf(event: unknown): string {
  if (isMalformed(event)) return event.malformed.message;
  if (typeof event !== 'object' || event === null) return JSON.stringify(event) ?? String(event);
  const e = event as Record<string, unknown>;
  const payload = (typeof e.payload === 'object' && e.payload !== null ? e.payload : {}) as Record<string, unknown>;
  const field = SUMMARY_FIELDS.find((key) => typeof payload[key] === 'string' && payload[key] !== '');
  const ids = ['toolCallId', 'actionId', 'artifactId', 'taskId', 'subagentId'].map((k) => e[k] ?? payload[k]).filter((v) => typeof v === 'string');
  const text = field ? `${field === 'delta' || field === 'text' ? '' : `${field}: `}${String(payload[field])}` : Object.keys(payload).join(', ');
  const line = [ids.join(' '), text].filter(Boolean).join(' · ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line || '—';
}

function typeOf(event: unknown): string {
  if (isMalformed(event)) return `line ${event.malformed.line}: ${event.malformed.code}`;
  const type = (event as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '(no type)';
}

/** The delivered events, newest first: time, type and one line each; the raw JSON on demand. */
function EventLog({ events, source }: { events: readonly unknown[]; source: ReplaySource }) {
  const index = useSyncExternalStore(source.subscribe, () => source.getState().index);
  const from = Math.max(0, index - LOG_LIMIT);
  const shown = events.slice(from, index).map((event, i) => ({ event, n: from + i + 1 })).reverse();
  return (
    <section className="story-log" aria-label="Event log">
      <h2 className="aui-heading">
        Event log <span className="aui-muted">({index} delivered{from > 0 ? `, latest ${LOG_LIMIT} shown` : ''})</span>
      </h2>
      {shown.length === 0 ? (
        <p className="aui-muted">No events yet: press Play or Step.</p>
      ) : (
        <ol className="story-log__list" reversed>
          {shown.map(({ event, n }) => (
            <li key={n} className="story-log__entry" data-malformed={isMalformed(event) || undefined}>
              <details>
                <summary>
                  <span className="story-log__time">{timeOf(event)}</span> <span className="story-log__type">{typeOf(event)}</span>{' '}
                  <span className="story-log__summary">{summaryOf(event)}</span>
                </summary>
                <pre>{JSON.stringify(event, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What the kit made of the events so far, as a few plain figures. */
function Summary() {
  const status = useRuntimeSelector((s) => selectSessionStatus(s));
  const stale = useRuntimeSelector((s) => s.session.stale);
  const counts = useRuntimeSelector((s) => s.counts);
  const diagnostics = useRuntimeSelector((s) => s.diagnostics.byId.size);
  return (
    <section aria-label="Summary">
      <h2 className="aui-heading">What the kit holds</h2>
      <dl className="story-summary">
        <dt>Status</dt>
        <dd>{String(status)}{stale ? ' (stale)' : ''}</dd>
        <dt>Events</dt>
        <dd>
          {counts.applied} applied of {counts.received} received
          {counts.invalid ? `, ${counts.invalid} invalid` : ''}
          {counts.duplicates ? `, ${counts.duplicates} duplicates` : ''}
        </dd>
        <dt>Diagnostics</dt>
        <dd>{diagnostics}</dd>
      </dl>
    </section>
  );
}

/** The fixture's title and what it demonstrates; open when there is room for it, a one-line summary otherwise. */
function About({ title, caption }: { title?: string; caption?: string }) {
  const [open] = useState(() => typeof window === 'undefined' || window.innerWidth >= LOG_OPEN_FROM_PX);
  if (!title || !caption) return null;
  return (
    <details className="story-player__about" open={open}>
      <summary>{title}</summary>
      <p>{caption}</p>
    </details>
  );
}

function PlaybackView({ text, autoplay, speed, startAt, title, caption, refs }: Omit<FixturePlayerProps, 'mode' | 'fixture' | 'repair'>) {
  // Every line, malformed ones included: the kit reports those, the player does not hide them.
  const events = useMemo(() => fixtureLines(text), [text]);
  const [source] = useState(() => deliverMalformedAsDiagnostics(replaySource(events, { autoplay: false, speed: speed ?? 1 })));
  const stream = useRuntimeStream(source, { flush: 'frame' });
  const [logOpen, setLogOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= LOG_OPEN_FROM_PX);
  const logId = useId();
  const t = useToolLabels();
  useEffect(() => {
    // Opens on the finished session unless a story asks for a mid-stream frame (startAt) or to play at once.
    if (source.getState().index !== 0) return;
    if (autoplay) source.play();
    else source.seek(startAt ?? events.length);
  }, [source, startAt, autoplay, events.length]);
  return (
    <div className="story-player" data-stream-status={stream.status}>
      <About title={title} caption={caption} />
      <FixturePlaybackControls source={source} t={t}>
        <button type="button" className="aui-button story-player__log-toggle" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((open) => !open)}>
          Event log
        </button>
      </FixturePlaybackControls>
      <div className="story-player__body" data-log-open={logOpen || undefined}>
        <AgentWorkbench now={STORY_NOW} loadRef={refLoader(refs)} />
        <aside id={logId} className="story-player__panel" aria-label="Event log and summary" hidden={!logOpen}>
          <Summary />
          <EventLog events={events} source={source} />
        </aside>
      </div>
    </div>
  );
}

/** Loaders are kept per refs object: a new function each render would reload every ref. */
const loaders = new WeakMap<Record<string, string>, RefLoader>();

/** The app's loadRef for a recorded session: the content the runtime's ref store served, or a clear refusal. */
function refLoader(refs: Record<string, string> | undefined): RefLoader | undefined {
  if (!refs) return undefined;
  let loader = loaders.get(refs);
  if (!loader) {
    loader = async (ref) => {
      if (Object.hasOwn(refs, ref)) return refs[ref]!;
      throw new Error(`The recording does not include ${ref}`);
    };
    loaders.set(refs, loader);
  }
  return loader;
}

/**
 * The recorded runtime, for a fixture that ends with a repair: `readThread` returns the snapshot the
 * runtime served; it takes no new turns or answers (a recording cannot).
 */
function recordedRuntime(snapshot: unknown): RuntimeProviderAdapter {
  const refuse = () => Promise.reject(new Error('A recorded session takes no input'));
  return {
    startTurn: () => ({ [Symbol.asyncIterator]: () => ({ next: refuse }) }),
    cancelTurn: refuse,
    respondAction: refuse,
    readThread: async () => snapshot as never,
  };
}

/** AgentWorkbench driven by a fixture: live playback with controls, or the final state. */
export function FixturePlayer({ fixture, text, mode, autoplay = false, speed, startAt, title, caption, refs, repair }: FixturePlayerProps) {
  const { theme } = useStoryGlobals();
  const store = useMemo(() => createRuntimeStore(), [mode, text]);
  // The final state loads the fixture as an app opens a recorded session; `data-history` says when it is all applied.
  const loaded = useBacklogOnce(store, text, mode === 'final', repair);
  const adapter = useMemo(() => (repair === undefined ? undefined : recordedRuntime(repair)), [repair]);
  return (
    <StoryProvider store={store} adapter={adapter}>
      <div className="story-frame" data-fixture={fixture} data-mode={mode} data-theme={theme} data-history={mode === 'final' ? (loaded ? 'loaded' : 'loading') : undefined}>
        {mode === 'final' ? <AgentWorkbench now={STORY_NOW} loadRef={refLoader(refs)} /> : <PlaybackView text={text} autoplay={autoplay} speed={speed} startAt={startAt} title={title} caption={caption} refs={refs} />}
      </div>
    </StoryProvider>
  );
}
