import { useEffect, useMemo } from 'react';
import { AgentWorkbench } from '../../../src/components/AgentWorkbench';
import { Conversation } from '../../../src/components/Conversation';
import { useRuntimeStream } from '../../../src/hooks/useRuntimeStream';
import { createRuntimeStore } from '../../../src/store/createRuntimeStore';
import type { RuntimeEventSource, SourceHandlers } from '../../../src/stream/types';
import { StoryProvider } from '../../support/StoryProvider';
import { STORY_NOW } from '../../support/storyEvents';
import { bottomInView, startProbe } from './frameProbe';
import { deltaEvent, historyEvents, timedFeed, streamParams } from './streamContent';

/** How the deltas reach the kit: straight into `ingest`, through `useRuntimeStream`, or into the workbench through it. */
export type FeedPath = 'ingest' | 'hook' | 'workbench';

/** A source the scene pushes events into (what a transport would do). */
function pushSource(): RuntimeEventSource & { push(events: unknown[]): void; end(): void } {
  let handlers: SourceHandlers | undefined;
  return {
    start: (h) => {
      handlers = h;
      h.status?.('open');
    },
    close: () => (handlers = undefined),
    cursor: () => undefined,
    push: (events) => handlers?.events(events),
    end: () => handlers?.status?.('ended'),
  };
}

/** The kit's newest message: the row with the last index, when it is mounted. */
function kitNewestInView(): boolean | undefined {
  const conversation = document.querySelector('.aui-conversation');
  const scroller = conversation?.querySelector('.aui-conversation__scroll') ?? null;
  const count = Number(conversation?.getAttribute('data-count') ?? 0);
  if (!scroller || count === 0) return undefined;
  const rows = scroller.querySelectorAll('.aui-conversation__row');
  const last = rows[rows.length - 1];
  // A virtualized list mounts a window: the newest row is not on screen unless it is mounted.
  if (!last || (last.hasAttribute('data-index') && Number(last.getAttribute('data-index')) !== count - 1)) return false;
  return bottomInView(scroller, last.querySelector('.aui-message'));
}

/**
 * `messages` of history, then `deltas` text deltas at `rate` per second into one answer, fed by
 * `path`; records on window.__bench the frames with the newest text on screen. Starts by itself
 * unless `start=0`, then window.__pin.start() starts it.
 */
export function PinScene() {
  const { q, rate, deltas, history } = streamParams();
  const path = (q.get('feed') ?? 'ingest') as FeedPath;
  const virtualize = q.get('virtualize') !== '0';
  const store = useMemo(() => {
    const s = createRuntimeStore();
    s.getState().ingest(historyEvents(history));
    return s;
  }, [history]);
  const source = useMemo(pushSource, []);
  useEffect(() => {
    let stopFeed = () => {};
    const probe = startProbe(kitNewestInView);
    const unsubscribe = store.subscribe(probe.updated);
    const start = () => {
      stopFeed = timedFeed(
        deltas,
        rate,
        (from, to) => {
          probe.arrived(to - from);
          if (path === 'ingest') for (let i = from; i < to; i++) store.getState().ingest([deltaEvent(i)]);
          else {
            const events = [];
            for (let i = from; i < to; i++) events.push(deltaEvent(i));
            source.push(events);
          }
        },
        () => {
          source.end();
          probe.ended();
        },
      );
    };
    (window as unknown as { __pin: { start(): void } }).__pin = { start };
    // Let the first screen settle before the stream starts.
    const timer = q.get('start') === '0' ? undefined : setTimeout(start, 500);
    return () => {
      clearTimeout(timer);
      stopFeed();
      probe.stop();
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, source]);
  return (
    <StoryProvider store={store}>
      {path === 'ingest' ? (
        <div style={{ height: '100vh', display: 'flex' }}>
          <Conversation virtualize={virtualize} />
        </div>
      ) : (
        <Streamed source={source} workbench={path === 'workbench'} virtualize={virtualize} />
      )}
    </StoryProvider>
  );
}

function Streamed({ source, workbench, virtualize }: { source: RuntimeEventSource; workbench: boolean; virtualize: boolean }) {
  const stream = useRuntimeStream(source);
  return workbench ? (
    <div className="story-frame" data-stream-status={stream.status}>
      <AgentWorkbench now={STORY_NOW} virtualize={virtualize} />
    </div>
  ) : (
    <div style={{ height: '100vh', display: 'flex' }} data-stream-status={stream.status}>
      <Conversation virtualize={virtualize} />
    </div>
  );
}
