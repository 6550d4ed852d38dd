import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AgentWorkbench } from '../../src/components/AgentWorkbench';
import { useRuntimeStore } from '../../src/hooks/useRuntimeContext';
import { useRuntimeSelector } from '../../src/hooks/useRuntimeSelector';
import { useRuntimeStream } from '../../src/hooks/useRuntimeStream';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize } from '../../src/store/selectors/summarize';
import { replaySource, type ReplaySource } from '../../src/stream/replaySource';
import { StoryProvider } from './StoryProvider';
import { STORY_NOW, eventsOf, storeWith } from './storyEvents';
import { useStoryGlobals } from './StoryGlobals';

export interface FixturePlayerProps {
  /** The fixture's name (fixtures/<name>.jsonl). */
  fixture: string;
  /** The fixture's JSONL text. */
  text: string;
  /** `playback`: the recorded stream on its clock, with controls. `final`: everything applied at once. */
  mode: 'playback' | 'final';
  /** Start playing on load (playback). */
  autoplay?: boolean;
  speed?: number;
  /** Start at this many events delivered (playback), for mid-stream frames. */
  startAt?: number;
}

const SPEEDS = [0.5, 1, 2, 5, 20];

function Controls({ source }: { source: ReplaySource }) {
  const state = useSyncExternalStore(source.subscribe, source.getState);
  return (
    <div className="story-player__bar" role="toolbar" aria-label="Playback">
      <button type="button" className="aui-button aui-button--primary" onClick={() => (state.playing ? source.pause() : source.play())}>
        {state.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="aui-button" onClick={() => source.step()} disabled={state.index >= state.total}>
        Step one event
      </button>
      <button type="button" className="aui-button" onClick={() => source.restart()}>
        Restart
      </button>
      <button type="button" className="aui-button" onClick={() => source.end()} disabled={state.index >= state.total}>
        End
      </button>
      <label>
        Speed{' '}
        <select value={state.speed} onChange={(e) => source.setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <label className="story-player__scrub">
        Event{' '}
        <input type="range" min={0} max={state.total} value={state.index} onChange={(e) => source.seek(Number(e.target.value))} aria-valuetext={`${state.index} of ${state.total} events`} />
      </label>
      <output aria-live="off">
        {state.index} / {state.total}
      </output>
    </div>
  );
}

const noSubscribe = () => () => undefined;

function Panel({ source }: { source?: ReplaySource }) {
  const store = useRuntimeStore();
  useRuntimeSelector((s) => s.counts);
  const current = useSyncExternalStore(source?.subscribe ?? noSubscribe, () => source?.getState().current);
  const summary = summarize(store.getState());
  return (
    <aside className="story-player__panel" aria-label="Current event and summary">
      {source && (
        <>
          <h2 className="aui-heading">Current event</h2>
          <pre tabIndex={0}>{current ? JSON.stringify(current, null, 2) : '—'}</pre>
        </>
      )}
      <h2 className="aui-heading">Summary</h2>
      <pre tabIndex={0}>{JSON.stringify({ status: summary.status, stale: summary.stale, counts: summary.counts, diagnostics: summary.diagnostics.length }, null, 2)}</pre>
    </aside>
  );
}

function PlaybackView({ text, autoplay, speed, startAt }: Omit<FixturePlayerProps, 'mode' | 'fixture'>) {
  const events = useMemo(() => eventsOf(text), [text]);
  const [source] = useState(() => replaySource(events, { autoplay: false, speed: speed ?? 1 }));
  const stream = useRuntimeStream(source, { flush: 'frame' });
  useEffect(() => {
    // A story may ask for a mid-stream frame (startAt) or to play at once.
    if (startAt && source.getState().index === 0) source.seek(startAt);
    if (autoplay) source.play();
  }, [source, startAt, autoplay]);
  return (
    <div className="story-player" data-stream-status={stream.status}>
      <Controls source={source} />
      <div className="story-player__body">
        <AgentWorkbench now={STORY_NOW} />
        <Panel source={source} />
      </div>
    </div>
  );
}

/** AgentWorkbench driven by a fixture: live playback with controls, or the final state. */
export function FixturePlayer({ fixture, text, mode, autoplay = false, speed, startAt }: FixturePlayerProps) {
  const { theme } = useStoryGlobals();
  const store = useMemo(() => (mode === 'final' ? storeWith(eventsOf(text)) : createRuntimeStore()), [mode, text]);
  return (
    <StoryProvider store={store}>
      <div className="story-frame" data-fixture={fixture} data-mode={mode} data-theme={theme}>
        {mode === 'final' ? <AgentWorkbench now={STORY_NOW} /> : <PlaybackView text={text} autoplay={autoplay} speed={speed} startAt={startAt} />}
      </div>
    </StoryProvider>
  );
}
