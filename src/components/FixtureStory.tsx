import { useContext, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { useRuntimeStream } from '../hooks/useRuntimeStream';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { deliverMalformedAsDiagnostics, fixtureLines } from '../stream/recordedLines';
import { replaySource } from '../stream/replaySource';
import type { Labels } from '../ui/labels';
import { AgentWorkbench } from './AgentWorkbench';
import { FixturePlaybackControls } from './FixturePlaybackControls';
import { useBacklogOnce } from './useBacklogOnce';
import { useToolLabels, type ToolTranslate } from './useToolLabels';

/** Props of `FixtureStory`. */
export interface FixtureStoryProps {
  /** The recorded session: JSON Lines of events (what `agentui record` writes), e.g. a `?raw` import. */
  text: string;
  /** `final`: every event applied (what a visual test compares). `playback`: on the recorded clock, with controls. */
  mode?: 'final' | 'playback';
  /** Overrides for the kit's strings, over those of an enclosing `RuntimeProvider` (your app's labels). */
  labels?: Labels;
  /** `light` or `dark`; by default the system's. */
  theme?: 'light' | 'dark';
  /** The clock for elapsed times and deadlines, so a screenshot is the same every day. Default: the last event's timestamp. */
  now?: number;
  /** Playback speed (2 plays twice as fast as recorded). Default 1. */
  speed?: number;
  /** Start playing on load (playback). */
  autoplay?: boolean;
  /** Start with this many events delivered (playback): a mid-stream frame. */
  startAt?: number;
  /** The frame's height; the workbench scrolls inside it. Default `100vh`. */
  height?: CSSProperties['height'];
}

/** The latest timestamp in the recording: the fixed "now" that keeps elapsed times stable. */
function lastTimestamp(lines: readonly unknown[]): number | undefined {
  let latest: number | undefined;
  for (const line of lines) {
    const stamp = (line as { timestamp?: unknown } | null)?.timestamp;
    const ms = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
    if (Number.isFinite(ms) && (latest === undefined || ms > latest)) latest = ms;
  }
  return latest;
}

function Playback({ lines, speed, autoplay, startAt, now, t, height }: { lines: unknown[]; speed: number; autoplay: boolean; startAt?: number; now: () => number; t: ToolTranslate; height: CSSProperties['height'] }) {
  const [source] = useState(() => deliverMalformedAsDiagnostics(replaySource(lines, { autoplay: false, speed })));
  const stream = useRuntimeStream(source, { flush: 'frame' });
  useEffect(() => {
    if (startAt && source.getState().index === 0) source.seek(startAt);
    if (autoplay) source.play();
  }, [source, startAt, autoplay]);
  return (
    <div className="aui-fixture-story__playback" data-stream-status={stream.status} style={{ height }}>
      <FixturePlaybackControls source={source} t={t} />
      <AgentWorkbench now={now} className="aui-fixture-story__workbench" />
    </div>
  );
}

/**
 * A recorded session in your app's Storybook: the final state (every event applied, what a visual
 * test compares) or a playback on the recorded clock with play, pause, step, speed and a scrubber.
 * It takes the labels of an enclosing `RuntimeProvider` (your app's), and a fixed clock from the
 * recording so a screenshot does not change with the day. `data-history` on its frame says
 * `loading` until the final state is all applied (`agentui-kit/playwright` waits for `loaded`).
 * @example
 * // text: the JSONL of a recording, e.g. Vite's `?raw` import of checkout.jsonl
 * export const FinalState = { args: { text, mode: 'final' } }; // with `component: FixtureStory` in the meta
 */
export function FixtureStory({ text, mode = 'final', labels, theme, now, speed = 1, autoplay = false, startAt, height = '100vh' }: FixtureStoryProps) {
  const outer = useContext(RuntimeContext)?.labels;
  const merged = useMemo(() => ({ ...outer, ...labels }), [outer, labels]);
  const t = useToolLabels(merged);
  const lines = useMemo(() => fixtureLines(text), [text]);
  const at = now ?? lastTimestamp(lines) ?? 0;
  const clock = useMemo(() => () => at, [at]);
  const store = useMemo(() => createRuntimeStore(), [mode, text]);
  const loaded = useBacklogOnce(store, text, mode === 'final');
  return (
    <RuntimeProvider store={store} labels={merged}>
      <div className="aui-root aui-fixture-story" data-aui-theme={theme} data-agentui-fixture="" data-mode={mode} data-history={mode === 'final' ? (loaded ? 'loaded' : 'loading') : undefined}>
        {mode === 'final' ? (
          <AgentWorkbench now={clock} style={{ height }} />
        ) : (
          <Playback lines={lines} speed={speed} autoplay={autoplay} startAt={startAt} now={clock} t={t} height={height} />
        )}
      </div>
    </RuntimeProvider>
  );
}
