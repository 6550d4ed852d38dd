import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectRuntimeStream, type ConnectionState, type StreamConnection, type StreamConnectionOptions } from '../stream/connectRuntimeStream';
import type { BacklogInput } from '../stream/openBacklog';
import type { HistoryProgress } from '../stream/historySource';
import { lazyModule } from '../stream/lazyModule';
import { lazySource } from '../stream/lazySource';
import { endpointKey, endpointSource, type StreamEndpoint } from '../stream/streamEndpoint';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeEventSource, RuntimeProviderAdapter } from '../stream/types';
import { IDLE_CONNECTION, type PublishedConnection } from './connectionStore';
import { useRuntimeContext } from './useRuntimeContext';

export type { StreamEndpoint } from '../stream/streamEndpoint';

/**
 * A source object, an endpoint to connect to (`adapter.eventStream` carries the adapter's headers
 * and credentials), an adapter turn (AsyncIterable), or nothing yet.
 */
export type StreamInput = RuntimeEventSource | StreamEndpoint | AsyncIterable<unknown> | null | undefined;

/** Imperative controls of the stream `useRuntimeStream` opened. */
export interface RuntimeStreamControls {
  /** Reconnects (or repairs) now instead of waiting for the backoff. */
  retry(): void;
  /** Applies the events buffered for the next frame right away. */
  flush(): void;
  /** Closes the stream; it stays closed until the input changes. */
  close(): void;
}

/**
 * What `useRuntimeStream` returns: the connection as facts for the UI to show, and its controls.
 * @example
 * const stream = useRuntimeStream({ url: '/events' });
 * if (stream.stale) // show the stale badge; the hook is already repairing from readThread
 */
export interface RuntimeStreamResult {
  /** `idle` without input; then `connecting`, `open`, `reconnecting`, `repairing`, `closed` or `error`. */
  status: ConnectionState['status'] | 'idle';
  /** True while a gap or a dropped connection waits for repair. */
  stale: boolean;
  /** The last applied sequence per session: where a reconnect resumes. */
  cursor: ConnectionState['cursor'];
  /** Why the connection is in `error` (or what the last failed attempt said). */
  error?: string;
  /** How long the last repair took, in milliseconds. */
  lastRepairMs?: number;
  /** With `options.history`: how much of it is applied (the live stream starts when `done`). */
  history?: HistoryProgress;
  controls: RuntimeStreamControls;
}

/**
 * Options of `useRuntimeStream`: the connection options (batching, gap deadline, repair timing),
 * whether to repair through the provider's adapter, and a backlog to open before the live stream.
 */
export interface RuntimeStreamOptions extends Omit<StreamConnectionOptions, 'adapter'> {
  /** Repair gaps and dropped connections through the provider's adapter. Default true. */
  repair?: boolean;
  /**
   * A backlog to open before the live stream (an array of events, JSONL text, a `Response` or a
   * `ReadableStream`): applied with `openBacklog`, in slices that never hold the main thread long,
   * then the live source starts after it. Read when the connection opens.
   */
  history?: BacklogInput;
}

const isSource = (input: object): input is RuntimeEventSource => typeof (input as RuntimeEventSource).start === 'function';
const isEndpoint = (input: object): input is StreamEndpoint => typeof (input as StreamEndpoint).url === 'string';

// An adapter turn's iterable and a history before the live stream are rarer inputs than an endpoint:
// their readers are chunks of their own, loaded when the connection opens with one.
const iterableModule = lazyModule(() => import('../stream/iterableSource'));
const historyModule = lazyModule(() => import('../stream/historySource'));

function sourceFor(input: Exclude<StreamInput, null | undefined>): RuntimeEventSource {
  if (isSource(input)) return input;
  if (isEndpoint(input)) return endpointSource(input);
  // An iterable is read once: it cannot resume after a cursor.
  return lazySource(iterableModule, (m) => m.iterableSource(input), false);
}

/** `live` after `history` (withHistory), resumable as `live` is. */
function afterHistory(store: RuntimeStore, live: RuntimeEventSource, history: BacklogInput, onHistory: (progress: HistoryProgress) => void): RuntimeEventSource {
  return lazySource(historyModule, (m) => m.withHistory(store, live, history, onHistory), typeof live.resumeFrom === 'function');
}

// An endpoint is known by its URL, transport, headers and credentials, not by object identity.
const keyOf = (input: StreamInput): unknown => (input && !isSource(input) && isEndpoint(input) ? endpointKey(input) : input);

const IDLE: ConnectionState = { status: 'connecting', phase: 'connecting', stale: false, repairAttempts: 0, storeUpdates: 0, crossDoorDuplicates: 0 };
/** What the hook renders from: the connection's state and, with a history, its progress (one object per change). */
interface StreamView {
  state: ConnectionState;
  history?: HistoryProgress;
}
const IDLE_VIEW: StreamView = { state: IDLE };

/**
 * Connects a stream to the provider's store: batching (one ingest per frame), reconnect, gap and
 * disconnect repair through the provider's adapter. Closes on unmount and when the input changes;
 * survives StrictMode's double effects (the close is deferred a tick and cancelled by a re-run);
 * touches no browser global during render (SSR-safe).
 * @example
 * function Live() {
 *   // SSE with the adapter's Authorization header; resumes after its cursor.
 *   const stream = useRuntimeStream(adapter.eventStream); // or { url, headers, credentials }
 *   if (stream.status === 'error') return <button onClick={stream.controls.retry}>{stream.error}</button>;
 *   return <AgentWorkbench style={{ height: '100dvh' }} />;
 * }
 */
export function useRuntimeStream(input: StreamInput, options: RuntimeStreamOptions = {}): RuntimeStreamResult {
  const { store, adapter, connection: published } = useRuntimeContext();
  const live = useRef<LiveConnection | null>(null);
  const listeners = useRef(new Set<() => void>());
  const key = keyOf(input);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!input) return;
    let entry = live.current;
    // The same input into the same store through the same adapter is the same connection;
    // a new store or adapter needs its own (the old one would keep feeding the old store).
    if (entry && entry.key === key && entry.store === store && entry.adapter === adapter) {
      if (entry.closeTimer) clearTimeout(entry.closeTimer);
      entry.closeTimer = undefined;
    } else {
      if (entry) closeEntry(entry);
      const { repair = true, history, ...rest } = optionsRef.current;
      let created: LiveConnection | undefined;
      const onHistory = (progress: HistoryProgress) => {
        if (!created) return;
        created.view = { state: created.view.state, history: progress };
        for (const listener of listeners.current) listener();
      };
      const source = history === undefined ? sourceFor(input) : afterHistory(store, sourceFor(input), history, onHistory);
      const connection = connectRuntimeStream(store, source, { ...rest, adapter: repair ? adapter : undefined });
      created = { key, store, adapter, connection, retry: () => connection.retry(), view: { state: connection.getState(), history: history === undefined ? undefined : { applied: 0, bytes: 0, done: false } } };
      const current = created;
      entry = created;
      live.current = created;
      const publish = () => {
        const state = connection.getState();
        current.view = { state, history: current.view.history };
        // Last connected wins; a closed connection hands the provider back to idle.
        if (state.status === 'closed') {
          if (published.getState().retry === current.retry) published.setState(IDLE_CONNECTION, true);
        } else published.setState({ ...published.getState(), ...publicView(state), retry: current.retry }, true);
        for (const listener of listeners.current) listener();
      };
      connection.subscribe(publish);
      publish();
    }
    for (const listener of listeners.current) listener();
    const current = entry;
    return () => {
      current.closeTimer = setTimeout(() => {
        closeEntry(current);
        if (live.current === current) live.current = null;
        for (const listener of listeners.current) listener();
      }, 0);
    };
    // `input` is represented by `key`: an endpoint object recreated each render must not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, store, adapter, published]);

  const view = useSyncExternalStore(
    (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
    () => live.current?.view ?? IDLE_VIEW,
    () => IDLE_VIEW,
  );
  const state = view.state;
  const connection = live.current?.connection;
  return {
    status: input ? state.status : 'idle',
    stale: state.stale,
    cursor: state.cursor,
    error: state.error,
    lastRepairMs: state.lastRepairMs,
    ...(input && view.history && { history: view.history }),
    controls: {
      retry: () => connection?.retry(),
      flush: () => connection?.flush(),
      close: () => connection?.close(),
    },
  };
}

interface LiveConnection {
  key: unknown;
  store: RuntimeStore;
  adapter: RuntimeProviderAdapter | undefined;
  connection: StreamConnection;
  retry: () => void;
  view: StreamView;
  closeTimer?: ReturnType<typeof setTimeout>;
}

function closeEntry(entry: LiveConnection): void {
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.connection.close();
}

const publicView = (state: ConnectionState): Omit<PublishedConnection, 'retry'> => ({
  status: state.status,
  stale: state.stale,
  error: state.error,
  repairAttempts: state.repairAttempts,
  lastRepairMs: state.lastRepairMs,
});
