import { useSyncExternalStore, type ReactNode } from 'react';
import type { ReplaySource } from '../stream/replaySource';
import type { ToolTranslate } from './useToolLabels';

/** The speeds a recorded session plays at (2: twice as fast as recorded). */
const SPEEDS = [0.5, 1, 2, 5, 20];

/** Props of `FixturePlaybackControls`. */
export interface FixturePlaybackControlsProps {
  /** The replay the controls drive. */
  source: ReplaySource;
  /** The tools' strings (`useToolLabels`). */
  t: ToolTranslate;
  /** More tools at the toolbar's end (a player's event-log toggle). */
  children?: ReactNode;
}

/**
 * The toolbar of a recorded session's playback: play or pause, step, restart, end, speed and a
 * scrubber over the events, with the position. At the end, Play replays the session from its first
 * event (a Play that did nothing there was a dead button).
 */
export function FixturePlaybackControls({ source, t, children }: FixturePlaybackControlsProps) {
  const state = useSyncExternalStore(source.subscribe, source.getState, source.getState);
  const atEnd = state.index >= state.total;
  const play = () => {
    if (state.playing) source.pause();
    else if (atEnd) source.restart();
    else source.play();
  };
  return (
    <div className="aui-fixture-story__bar" role="toolbar" aria-label={t('fixture.toolbar')}>
      <button type="button" className="aui-button aui-button--primary" onClick={play}>
        {state.playing ? t('fixture.pause') : t('fixture.play')}
      </button>
      <button type="button" className="aui-button" aria-label={t('fixture.stepLabel')} onClick={() => source.step()} disabled={atEnd}>
        {t('fixture.step')}
      </button>
      <button type="button" className="aui-button" onClick={() => source.restart()}>
        {t('fixture.restart')}
      </button>
      <button type="button" className="aui-button" onClick={() => source.end()} disabled={atEnd}>
        {t('fixture.end')}
      </button>
      <label>
        {t('fixture.speed')}
        <select value={state.speed} onChange={(e) => source.setSpeed(Number(e.target.value))}>
          {SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {t('fixture.speedValue', { speed })}
            </option>
          ))}
        </select>
      </label>
      <label className="aui-fixture-story__scrub">
        <span className="aui-fixture-story__scrub-label">{t('fixture.position')}</span>
        <input
          type="range"
          min={0}
          max={state.total}
          value={state.index}
          onChange={(e) => source.seek(Number(e.target.value))}
          aria-valuetext={t('fixture.positionValue', { index: state.index, total: state.total })}
        />
      </label>
      <output aria-live="off">{t('fixture.count', { index: state.index, total: state.total })}</output>
      {children}
    </div>
  );
}
