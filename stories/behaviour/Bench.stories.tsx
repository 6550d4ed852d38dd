import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { Conversation } from '../../src/components/Conversation';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { replaySource } from '../../src/stream/replaySource';
import type { RuntimeEventSource } from '../../src/stream/types';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW, eventsOf } from '../support/storyEvents';
import coding from '../../fixtures/coding-session.jsonl?raw';
import { PeerAiSdk } from './bench/PeerAiSdk';
import { PeerAssistantUi } from './bench/PeerAssistantUi';
import { PinScene as Pin } from './bench/PinScene';
import { bench as probeRecord, startProbe } from './bench/frameProbe';

type Event = Record<string, unknown> & { eventId: string; type: string };

const params = () => new URLSearchParams(window.location.search);
// The probe's record (its arrays made once), with the scenes' own figures beside them.
const bench = () => probeRecord() as unknown as Record<string, unknown>;

/** coding-session repeated with fresh ids to `count` events, re-timed at `rate` events per second. */
function scaled(count: number, rate = 200): Event[] {
  const base = eventsOf(coding) as Event[];
  const out: Event[] = [];
  const start = Date.parse('2026-06-09T10:00:00.000Z');
  const IDS = ['turnId', 'stepId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'runId', 'subagentId'];
  for (let rep = 0; out.length < count; rep++) {
    for (const e of base) {
      if (out.length >= count) break;
      const copy: Event = { ...e, eventId: `r${rep}-${e.eventId}`, sequence: out.length + 1, timestamp: new Date(start + (out.length * 1000) / rate).toISOString() };
      for (const key of IDS) if (typeof copy[key] === 'string') copy[key] = `r${rep}-${copy[key]}`;
      out.push(copy);
    }
  }
  return out;
}

/** Hydrates N events at once and records the time to the first committed screen and to idle. */
function Hydrate() {
  const count = Number(params().get('events') ?? 100_000);
  const virtualize = params().get('virtualize') !== '0';
  const t0 = useMemo(() => performance.now(), []);
  const store = useMemo(() => {
    const events = scaled(count);
    const generated = performance.now();
    const s = createRuntimeStore();
    s.getState().ingest(events);
    bench().ingestMs = performance.now() - generated;
    return s;
  }, [count]);
  useLayoutEffect(() => {
    bench().firstScreenMs = performance.now() - t0;
    requestAnimationFrame(() => (bench().firstPaintMs = performance.now() - t0));
    requestIdleCallback(() => (bench().idleMs = performance.now() - t0), { timeout: 30_000 });
  }, [t0]);
  return (
    <StoryProvider store={store}>
      <div className="story-frame">
        <AgentWorkbench now={STORY_NOW} virtualize={virtualize} />
      </div>
    </StoryProvider>
  );
}

/** A source that notes when the first event of each batch arrived, for arrival-to-paint latency. */
function timed(source: RuntimeEventSource): RuntimeEventSource {
  return {
    ...source,
    start(handlers) {
      source.start({
        ...handlers,
        events(events) {
          const b = bench();
          b.firstArrival ??= performance.now();
          b.arrived = ((b.arrived as number) ?? 0) + events.length;
          handlers.events(events);
        },
      });
    },
  };
}

/** Streams at `rate` events/s into the workbench and records frames, long tasks, updates and latency. */
function Stream() {
  const rate = Number(params().get('rate') ?? 2000);
  const seconds = Number(params().get('seconds') ?? 10);
  const virtualize = params().get('virtualize') !== '0';
  const store = useMemo(() => createRuntimeStore(), []);
  const source = useMemo(() => timed(replaySource(scaled(rate * seconds, rate), { autoplay: true, maxGapMs: 1000 })), [rate, seconds]);
  useEffect(() => {
    // Frames, long tasks from the stream on, and arrival to paint, as the pin scene records them.
    const probe = startProbe(() => undefined);
    const unsubscribe = store.subscribe(probe.updated);
    return () => {
      probe.stop();
      unsubscribe();
    };
  }, [store]);
  return (
    <StoryProvider store={store}>
      <Streamed source={source} virtualize={virtualize} />
    </StoryProvider>
  );
}

function Streamed({ source, virtualize }: { source: RuntimeEventSource; virtualize: boolean }) {
  const stream = useRuntimeStream(source, { flush: 'frame' });
  useEffect(() => {
    if (stream.status === 'ended') bench().endedAt = performance.now();
  }, [stream.status]);
  return (
    <div className="story-frame" data-stream-status={stream.status}>
      <AgentWorkbench now={STORY_NOW} virtualize={virtualize} />
    </div>
  );
}

/** A 10,000-message conversation for scrolling. */
function Scroll() {
  const virtualize = params().get('virtualize') !== '0';
  const store = useMemo(() => {
    const s = createRuntimeStore();
    const events = [];
    for (let i = 0; i < 5000; i++) {
      const base = { schemaVersion: '0.1', sessionId: 's', threadId: 'th', turnId: `t${i}`, timestamp: '2026-06-09T10:00:00.000Z' };
      events.push({ ...base, eventId: `u${i}`, type: 'turn.submitted', payload: { text: `Question ${i}: how does part ${i % 17} work?` } });
      events.push({ ...base, eventId: `a${i}`, type: 'model.completed', payload: { text: `Answer ${i}. ${'The store applies each event once and keeps records by id. '.repeat(1 + (i % 4))}` } });
    }
    s.getState().ingest(events);
    return s;
  }, []);
  return (
    <StoryProvider store={store}>
      <div style={{ height: '100vh', display: 'flex' }}>
        <Conversation virtualize={virtualize} />
      </div>
    </StoryProvider>
  );
}

// Measurement scenes: the a11y addon's own axe run would land in the measured window.
const meta = { title: 'Dev/Bench', id: 'behaviour-bench', tags: ['no-test'], parameters: { a11y: { disable: true, test: 'off' } } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const HydrateScene: Story = { render: () => <Hydrate /> };
export const StreamScene: Story = { render: () => <Stream /> };
export const ScrollScene: Story = { render: () => <Scroll /> };
/** A long history, then one answer streamed fast: does the newest text stay on screen (?feed=ingest|hook|workbench&rate&deltas). */
export const PinScene: Story = { render: () => <Pin /> };
/** The same content in an AI SDK `useChat` page with a plain list (a peer, for comparison). */
export const PeerAiSdkScene: Story = { name: 'Peer: AI SDK useChat', render: () => <PeerAiSdk /> };
/** The same content in assistant-ui 0.15's thread on the external-store runtime (a peer, for comparison). */
export const PeerAssistantUiScene: Story = { name: 'Peer: assistant-ui', render: () => <PeerAssistantUi /> };
