import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { Conversation } from '../../src/components/Conversation';
import { useRuntimeStream, type StreamEndpoint } from '../../src/hooks/useRuntimeStream';
import { createRuntimeStore, type RuntimeStore } from '../../src/store/createRuntimeStore';
import { httpAdapter } from '../../src/stream/httpAdapter';
import { StoryProvider } from '../support/StoryProvider';
import { STORY_NOW, eventsOf } from '../support/storyEvents';
import coding from '../../fixtures/coding-session.jsonl?raw';
import { ApprovalScene } from './Behaviour.stories';

type Event = Record<string, unknown> & { type: string; sequence?: number; eventId: string };

/** A long conversation: `turns` user/assistant pairs with varied lengths, built like a runtime would send them. */
function longConversation(store: RuntimeStore, turns: number, from = 0, older = false) {
  const events: Event[] = [];
  for (let i = from; i < from + turns; i++) {
    const t = { turnId: `turn-${i}` };
    const base = { schemaVersion: '0.1', runtimeId: 'rt', sessionId: 'sess-lab', threadId: 'thread-1', timestamp: '2026-06-09T10:00:00.000Z' };
    events.push({ ...base, ...t, eventId: `u${i}`, type: 'turn.submitted', payload: { text: `Question ${i}` } } as Event);
    events.push({ ...base, ...t, eventId: `a${i}`, type: 'model.completed', payload: { text: `Answer ${i}. ${'This line makes rows differ in height. '.repeat(1 + (i % 5))}` } } as Event);
  }
  if (older) store.getState().applyReadModel({ threadId: 'thread-1', sessionId: 'sess-lab', messages: events.map((e) => ({ messageId: e.eventId, turnId: e.turnId, role: e.type === 'turn.submitted' ? 'user' : 'assistant', text: (e.payload as { text: string }).text })) }, { older: true });
  else store.getState().ingest(events);
}

/** The scroll lab: a long conversation a test drives through window.__auiLab. */
function ScrollLab() {
  const store = useMemo(() => {
    const s = createRuntimeStore();
    longConversation(s, 60, 1000);
    return s;
  }, []);
  useEffect(() => {
    let older = 1000;
    let n = 0;
    const lab = {
      store,
      stream(text: string) {
        n += 1;
        store.getState().ingest([{ schemaVersion: '0.1', runtimeId: 'rt', sessionId: 'sess-lab', threadId: 'thread-1', turnId: 'turn-live', eventId: `live-${n}`, timestamp: '2026-06-09T10:00:00.000Z', type: 'model.delta', payload: { delta: text } }]);
      },
      prependOlder(count: number) {
        older -= count;
        longConversation(store, count, older, true);
      },
    };
    (window as unknown as { __auiLab: typeof lab }).__auiLab = lab;
  }, [store]);
  return (
    <StoryProvider store={store}>
      <div style={{ height: '100vh', display: 'flex' }}>
        <Conversation />
      </div>
    </StoryProvider>
  );
}

/** The coding-session fixture scaled to 10,000+ messages: its turns repeated with fresh ids. */
function LongSession() {
  const store = useMemo(() => {
    const base = eventsOf(coding) as Event[];
    // The conversation-relevant skeleton of each turn: prompt, tool rows, final answer.
    const keep = new Set(['turn.submitted', 'turn.started', 'tool.started', 'tool.result', 'tool.failed', 'model.completed', 'turn.completed']);
    const skeleton = base.filter((e) => keep.has(e.type));
    const s = createRuntimeStore();
    const ID = ['turnId', 'stepId', 'toolCallId'];
    let sequence = 0;
    for (let rep = 0; s.getState().messages.ids.length < 10_000; rep++) {
      s.getState().ingest(
        skeleton.map((e) => {
          const copy: Event = { ...e, eventId: `r${rep}-${e.eventId}`, sequence: ++sequence };
          for (const key of ID) if (typeof copy[key] === 'string') copy[key] = `r${rep}-${copy[key]}`;
          return copy;
        }),
      );
    }
    return s;
  }, []);
  return (
    <StoryProvider store={store}>
      <div className="story-frame">
        <AgentWorkbench now={STORY_NOW} defaultLane="timeline" />
      </div>
    </StoryProvider>
  );
}

/**
 * A page connected to a live runtime over SSE: ?sse=<base url of `agentui serve`>&token=<its write
 * token>; the server must allow this page's origin (`--allow-origin`).
 */
function LiveSse() {
  const query = new URLSearchParams(window.location.search);
  const base = query.get('sse') ?? '';
  const token = query.get('token');
  const adapter = useMemo(() => (base ? httpAdapter(base, token ? { headers: { Authorization: `Bearer ${token}` } } : {}) : undefined), [base, token]);
  const store = useMemo(() => createRuntimeStore(), []);
  return (
    <StoryProvider store={store} adapter={adapter}>
      <Live endpoint={adapter?.eventStream} />
    </StoryProvider>
  );
}

function Live({ endpoint }: { endpoint?: StreamEndpoint }) {
  const stream = useRuntimeStream(endpoint ?? null, { gapTimeoutMs: 400 });
  return (
    <div className="story-frame" data-stream-status={stream.status} data-stale={stream.stale || undefined} data-repair-ms={stream.lastRepairMs}>
      <AgentWorkbench now={STORY_NOW} />
    </div>
  );
}

const meta = {
  title: 'Dev/Lab',
  id: 'behaviour-lab',
  tags: ['no-test'],
  parameters: { docs: { description: { component: 'Scenes the Playwright suite drives: scrolling, a 10,000-message session, a live SSE connection.' } } },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Scroll: Story = { render: () => <ScrollLab /> };
export const TenThousandMessages: Story = { tags: ['full-height'], render: () => <LongSession /> };
export const LiveSseConnection: Story = { render: () => <LiveSse /> };
/** The approval scene without a play function, for keyboard-only tests. */
export const Approval: Story = { tags: ['full-height'], render: () => <ApprovalScene onRespond={() => undefined} /> };
