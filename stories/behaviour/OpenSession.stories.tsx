import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { createRuntimeStore, type RuntimeStore } from '../../src/store/createRuntimeStore';
import { openBacklog } from '../../src/stream/openBacklog';
import { preloadKit } from '../../src/components/preloadKit';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW, eventsOf } from '../support/storyEvents';

// Opening a long session in the workbench, for bench/browser/open-session.mjs (issue 14): the
// same backlog opened at once (one ingest, as before `hydrate`) or through `hydrate` in slices,
// from events or from JSONL text. Results land on window.__open.

type Event = Record<string, unknown> & { eventId: string; type: string };
const params = () => new URLSearchParams(window.location.search);
const results = () => ((window as unknown as { __open: Record<string, unknown> }).__open ??= {});
const IDS = ['turnId', 'stepId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'runId', 'subagentId'];

/** coding-session repeated with fresh ids to `count` events (as the Bench hydrate scene builds it). */
async function codingSession(count: number): Promise<Event[]> {
  // Loaded only for this session: a static import kept the 0.65 MB fixture text in every page's heap.
  const { default: coding } = await import('../../fixtures/coding-session.jsonl?raw');
  const base = eventsOf(coding) as Event[];
  const out: Event[] = [];
  const start = Date.parse('2026-06-09T10:00:00.000Z');
  for (let rep = 0; out.length < count; rep++) {
    for (const e of base) {
      if (out.length >= count) break;
      const copy: Event = { ...e, eventId: `r${rep}-${e.eventId}`, sequence: out.length + 1, timestamp: new Date(start + out.length * 5).toISOString() };
      for (const key of IDS) if (typeof copy[key] === 'string') copy[key] = `r${rep}-${copy[key]}`;
      out.push(copy);
    }
  }
  return out;
}

/** Many short turns, each a prompt, a few text deltas, one tool call with args and a result, and the end. */
function shortTurns(count: number): Event[] {
  const out: Event[] = [];
  const start = Date.parse('2026-06-09T10:00:00.000Z');
  const envelope = (type: string, ids: Record<string, unknown>, payload: Record<string, unknown> = {}): Event => ({
    schemaVersion: 'lime-profile-0.4.0',
    runtimeId: 'rt-bench',
    sessionId: 'sess-bench',
    threadId: 'thread-bench',
    eventId: `e${out.length + 1}`,
    sequence: out.length + 1,
    timestamp: new Date(start + out.length * 5).toISOString(),
    type,
    ...ids,
    payload,
  });
  for (let t = 0; out.length < count; t++) {
    const turn = { turnId: `turn-${t}` };
    const tool = { ...turn, stepId: `step-${t}`, toolCallId: `tool-${t}` };
    out.push(envelope('turn.submitted', turn, { text: `Question ${t}: what does file ${t} say?` }));
    out.push(envelope('turn.started', turn));
    for (const word of ['Let me ', 'read ', `file ${t} `, 'first.']) out.push(envelope('model.delta', turn, { delta: word }));
    out.push(envelope('tool.started', tool, { toolName: 'read_file' }));
    out.push(envelope('tool.args', tool, { delta: `{"path":"src/file${t}.ts"}` }));
    out.push(envelope('tool.result', tool, { preview: `export const value${t} = ${t};` }));
    for (const word of ['It exports ', `value${t}.`]) out.push(envelope('model.delta', turn, { delta: word }));
    out.push(envelope('turn.completed', turn));
  }
  return out.slice(0, count);
}

/** Resolves after the next frame is painted. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** What a painted frame showed: whether the thread was readable at its end, and its last row's text. */
interface Frame {
  at: number;
  readable: boolean;
  last: string | undefined;
}

/**
 * The thread as painted now: message rows mounted, the thread at its end, its last row a message
 * (not an empty slot still waiting for its frame), nothing in it still waiting for its code (a
 * lazily loaded part is `aria-busy` until its chunk arrives and renders it), and the text of the
 * last row (the newest message on screen). The last row is the one placed last, not the one
 * mounted last: an overscan row above the newest is mounted after it, and taken for the last it
 * made a frame showing the newest screen read as another.
 */
function frameOf(at: number): Frame {
  const thread = document.querySelector('.aui-conversation');
  const scroller = thread?.querySelector<HTMLElement>('.aui-conversation__scroll');
  const atEnd = scroller !== null && scroller !== undefined && scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 2;
  let lastRow: Element | undefined;
  let lastPlace = -Infinity;
  for (const row of thread?.querySelectorAll('[data-index]') ?? []) {
    const place = Number(row.getAttribute('data-index'));
    if (place > lastPlace) [lastRow, lastPlace] = [row, place];
  }
  const last = lastRow?.querySelector('.aui-message') ?? undefined;
  const readable = last !== undefined && atEnd && !thread!.querySelector('[aria-busy="true"]') && thread!.getAttribute('aria-busy') !== 'true';
  return { at, readable, last: last ? last.textContent ?? '' : undefined };
}

/**
 * Reads every frame from now until `stop()`, as the frame is about to be painted (in its animation
 * frame callback: a task queued after the frame would wait behind the backlog's slices, which
 * `scheduler.yield` puts ahead of it); the frames so far are `frames`.
 */
function watchFrames(start: number): { frames: Frame[]; stop: () => void } {
  const frames: Frame[] = [];
  let watching = true;
  const next = () =>
    requestAnimationFrame(() => {
      if (!watching) return;
      frames.push(frameOf(performance.now() - start));
      next();
    });
  next();
  return { frames, stop: () => void (watching = false) };
}

/** Resolves after the first painted frame in which the whole session's newest screen is readable. */
async function newestOnScreen(): Promise<Frame> {
  for (let frame = 0; frame < 600; frame++) {
    await painted();
    const now = frameOf(0);
    if (now.readable) return now;
  }
  throw new Error('the newest screen was not readable within 600 frames');
}

async function open(store: RuntimeStore, setProgress: (p: number) => void): Promise<void> {
  const count = Number(params().get('events') ?? 100_000);
  const session = params().get('session') ?? 'coding';
  const mechanism = params().get('mechanism') ?? 'hydrate';
  // hydrate's own default unless the URL asks for intermediate publishes (publishMs=250).
  const publishEveryMs = params().has('publishMs') ? Number(params().get('publishMs')) : undefined;
  // `pauseMs`: the host gets this long between slices, so a person (or a screenshot) sees the opening as it goes.
  const pauseMs = params().has('pauseMs') ? Number(params().get('pauseMs')) : undefined;
  const r = results();
  // The kit's code is loaded and its rows rehearsed, as in an app whose idle preload ran while the
  // history downloaded (this page builds its 100k events in one task and has no idle time before it
  // opens them); without it the rows' chunks would load after the last slice (`noPreload` in the
  // URL measures that; `noRehearse` the preload without the rehearsal).
  // What the preload itself costs, before the clock: its time and its longest task.
  const preloadTasks: number[] = [];
  const preloadObserver = new PerformanceObserver((list) => preloadTasks.push(...list.getEntries().map((entry) => entry.duration)));
  preloadObserver.observe({ type: 'longtask' });
  const preloadStart = performance.now();
  if (!params().has('noPreload')) await preloadKit({ rehearse: !params().has('noRehearse') });
  r.preloadMs = performance.now() - preloadStart;
  await painted();
  preloadObserver.disconnect();
  r.preloadLongestTaskMs = Math.max(0, ...preloadTasks);
  const gc = (window as unknown as { gc?: () => void }).gc;
  gc?.();
  r.baseHeapMB = heapMB();
  let events: Event[] | undefined = session === 'turns' ? shortTurns(count) : await codingSession(count);
  // A JSONL Response from fetch, as an app gets one, obtained before the clock starts (its body is
  // read after: that is the kit's work). Not `new Response(text)`: Chromium hands such a body over
  // as one 30 MB chunk after ~40 ms of copying in one task, which no network fetch does. A Blob
  // URL's body arrives in chunks of up to 2 MB. Only the size is kept, for the progress bar.
  let response: Response | undefined;
  let textBytes = 0;
  if (mechanism === 'hydrate-jsonl') {
    const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    textBytes = text.length;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }));
    response = await fetch(url);
    URL.revokeObjectURL(url);
    events = undefined;
  }
  const longTasks: number[] = [];
  // When each began, from the start (negative: it began before the clock, as the page's own work).
  const longTaskStarts: number[] = [];
  // Set when the clock starts; a long task reported before that (while the page paints) is not ours.
  let start = Number.POSITIVE_INFINITY;
  const observer = new PerformanceObserver((list) => {
    // A task that ends after the start counts (the one that starts the work began just before it).
    for (const entry of list.getEntries()) {
      if (entry.startTime + entry.duration < start) continue;
      longTasks.push(entry.duration);
      longTaskStarts.push(entry.startTime - start);
    }
  });
  observer.observe({ type: 'longtask' });
  await painted();
  start = performance.now();
  let progressUpdates = 0;
  let firstCommit: number | undefined;
  // Values of the newest turns shown before the history (openBacklog's `presented`; 0: none were).
  let presented = 0;
  // Every painted frame from the start: the newest screen may be readable before the whole backlog is applied.
  const watch = watchFrames(start);
  const unsubscribe = store.subscribe(() => (firstCommit ??= performance.now() - start));
  if (mechanism === 'ingest') {
    store.getState().ingest(events!);
    store.getState().settle();
  } else {
    // The input is not kept in a variable here: the heap read after opening is the session's, not the input's.
    // Handed over, not kept: the heap read after opening is the session's, not the input's.
    const take = (): Event[] | Response => {
      const input = response ?? events!;
      response = undefined;
      events = undefined;
      return input;
    };
    ({ presented } = await openBacklog(store, take(), {
      publishEveryMs,
      ...(pauseMs !== undefined && { yieldToHost: () => new Promise<void>((resolve) => setTimeout(resolve, pauseMs)) }),
      onProgress: ({ applied, bytes }) => {
        progressUpdates += 1;
        setProgress(textBytes > 0 ? bytes / textBytes : applied / count);
      },
    }));
  }
  unsubscribe();
  events = undefined;
  r.appliedMs = performance.now() - start;
  const whole = await newestOnScreen();
  watch.stop();
  // The first frame that showed what the whole session's newest screen shows: readable, its last row the same.
  const first = watch.frames.find((frame) => frame.readable && frame.last === whole.last);
  r.newestScreenMs = first?.at ?? performance.now() - start;
  r.wholeScreenMs = performance.now() - start;
  r.firstCommitMs = firstCommit;
  r.messagesShown = Number(document.querySelector('.aui-conversation')?.getAttribute('data-count') ?? -1);
  r.messages = store.getState().messages.ids.length;
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 30_000 }));
  r.idleMs = performance.now() - start;
  observer.disconnect();
  r.longTasks = longTasks;
  r.longTaskStarts = longTaskStarts;
  r.startedAt = start;
  r.progressUpdates = progressUpdates;
  r.presented = presented;
  r.heapMB = heapMB();
  gc?.();
  // bench/browser/open-session.mjs reads the heap again after a full collection through the DevTools protocol.
  r.heapAfterGcMB = heapMB();
  r.received = store.getState().counts.received;
  r.done = true;
  setProgress(1);
}

const heapMB = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory!.usedJSHeapSize / 2 ** 20;

/** The loading bar in its own component: a progress update re-renders the bar, never the workbench. */
function Progress({ subscribe, value }: { subscribe: (listener: () => void) => () => void; value: () => number }) {
  const progress = useSyncExternalStore(subscribe, value);
  // Gone once the session is open: a finished bar is not a loader.
  if (progress >= 1) return null;
  return <progress className="story-open__progress" max={1} value={progress} aria-label="Older history loading" />;
}

function OpenSession() {
  const [store] = useState(() => createRuntimeStore());
  const [bar] = useState(() => {
    let value = 0;
    const listeners = new Set<() => void>();
    return {
      value: () => value,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      set: (next: number) => {
        value = next;
        for (const listener of listeners) listener();
      },
    };
  });
  useEffect(() => {
    void open(store, bar.set);
  }, [store, bar]);
  return (
    <StoryProvider store={store}>
      <div className="story-frame">
        <Progress subscribe={bar.subscribe} value={bar.value} />
        <AgentWorkbench now={STORY_NOW} />
      </div>
    </StoryProvider>
  );
}

const meta = { title: 'Dev/Open session', id: 'behaviour-open-session', tags: ['no-test'], parameters: { a11y: { disable: true, test: 'off' } } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenSessionScene: Story = { render: () => <OpenSession /> };
