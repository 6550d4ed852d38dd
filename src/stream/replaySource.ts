import { createStore, type StoreApi } from 'zustand/vanilla';
import { cursorTracker } from './streamCursor';
import type { RuntimeEventSource, SourceHandlers } from './types';

/** Options of `createReplaySource`: speed, autoplay and the longest pause honoured. */
export interface ReplayOptions {
  /** Playback speed: 2 plays twice as fast as recorded. Default 1. */
  speed?: number;
  /** Start playing on start(). Default true. */
  autoplay?: boolean;
  /** Longest pause between two events, in recorded milliseconds (before speed). Default 1,500. */
  maxGapMs?: number;
}

/**
 * Where a replay is: playing or paused, how many events were delivered of how many, at what speed,
 * and the last one.
 */
export interface ReplayState {
  playing: boolean;
  /** How many events have been delivered. */
  index: number;
  total: number;
  speed: number;
  /** The last delivered event. */
  current: unknown;
}

/** A recorded stream played back with controls (play, pause, step, seek), as a `RuntimeEventSource`. */
export interface ReplaySource extends RuntimeEventSource {
  play(): void;
  pause(): void;
  /** Delivers exactly one event. */
  step(): void;
  /** Rebuilds the state up to `index` events (a reset, then one batch). */
  seek(index: number): void;
  /** Seeks to just after the last event whose sequence is at most `sequence`. */
  seekSequence(sequence: number): void;
  /** Delivers everything left at once. */
  end(): void;
  restart(): void;
  setSpeed(speed: number): void;
  getState(): ReplayState;
  /** Notified on every state change, with the new and the previous state. */
  subscribe(listener: (state: ReplayState, previous: ReplayState) => void): () => void;
  /** The same state as a vanilla zustand store (`useStore(source.store)`). */
  store: StoreApi<ReplayState>;
}

const timeOf = (event: unknown): number => {
  const t = (event as { timestamp?: unknown } | null)?.timestamp;
  return typeof t === 'string' ? Date.parse(t) : Number.NaN;
};

/**
 * Fixture playback on a clock that keeps the recorded timing (scaled by speed, long gaps capped),
 * with play / pause / step / seek / end. Drives Storybook playback and demos.
 */
export function replaySource(events: readonly unknown[], options: ReplayOptions = {}): ReplaySource {
  const maxGapMs = options.maxGapMs ?? 1_500;
  let handlers: SourceHandlers | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const store = createStore<ReplayState>()(() => ({ playing: false, index: 0, total: events.length, speed: options.speed ?? 1, current: undefined }));
  const state = () => store.getState();
  const cursor = cursorTracker();
  const update = (patch: Partial<ReplayState>) => store.setState(patch);

  function deliver(count: number): void {
    const from = state().index;
    const to = Math.min(events.length, from + count);
    if (to === from) return;
    const batch = events.slice(from, to);
    update({ index: to, current: batch[batch.length - 1] });
    cursor.note(batch);
    handlers?.events(batch);
    if (to === events.length) {
      stopTimer();
      update({ playing: false });
      handlers?.status?.('ended');
    }
  }

  function stopTimer(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
  }

  // The recorded clock: each event's offset from the first, with long gaps capped.
  const offsets: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const gap = i === 0 ? 0 : timeOf(events[i]) - timeOf(events[i - 1]);
    offsets.push(i === 0 ? 0 : offsets[i - 1]! + (Number.isFinite(gap) ? Math.min(Math.max(gap, 0), maxGapMs) : 0));
  }
  let playStart = 0;
  let playBase = 0;

  /** When the event at `index` is due, on the wall clock, for the current play. */
  const dueAt = (index: number) => playStart + (offsets[index]! - playBase) / state().speed;

  /**
   * Delivers every event already due in one batch, then sleeps until the next is due: recorded
   * timing is kept at any rate, whatever the timer granularity.
   */
  function scheduleNext(): void {
    stopTimer();
    if (!state().playing || state().index >= events.length) return;
    timer = setTimeout(() => {
      timer = undefined;
      const now = performance.now();
      let count = 0;
      while (state().index + count < events.length && dueAt(state().index + count) <= now) count += 1;
      deliver(Math.max(1, count));
      scheduleNext();
    }, Math.max(0, dueAt(state().index) - performance.now()));
  }

  function startClock(): void {
    playStart = performance.now();
    playBase = state().index < events.length ? offsets[state().index]! : 0;
  }

  const source: ReplaySource = {
    start(h) {
      handlers = h;
      handlers.status?.('open');
      if (options.autoplay ?? true) source.play();
    },
    close() {
      stopTimer();
      handlers?.status?.('closed');
      handlers = undefined;
      update({ playing: false });
    },
    cursor: () => cursor.get(),
    play() {
      if (state().index >= events.length) return;
      update({ playing: true });
      startClock();
      scheduleNext();
    },
    pause() {
      stopTimer();
      update({ playing: false });
    },
    step() {
      source.pause();
      deliver(1);
    },
    seek(index) {
      const target = Math.max(0, Math.min(events.length, Math.floor(index)));
      const wasPlaying = state().playing;
      stopTimer();
      handlers?.reset?.();
      cursor.set(undefined);
      update({ index: 0, current: undefined, playing: false });
      deliver(target);
      if (wasPlaying && target < events.length) source.play();
    },
    seekSequence(sequence) {
      let index = 0;
      while (index < events.length) {
        const s = (events[index] as { sequence?: unknown } | null)?.sequence;
        if (typeof s === 'number' && s > sequence) break;
        index += 1;
      }
      source.seek(index);
    },
    end() {
      source.pause();
      deliver(events.length);
    },
    restart() {
      source.seek(0);
      source.play();
    },
    setSpeed(speed) {
      if (!(speed > 0)) return;
      update({ speed });
      if (state().playing) {
        startClock();
        scheduleNext();
      }
    },
    getState: () => store.getState(),
    subscribe: (listener) => store.subscribe(listener),
    store,
  };
  return source;
}
