import { backoffDelay, type BackoffOptions } from './backoff';
import type { DiagnosticInput } from '../store/draft';
import { cursorTracker } from './streamCursor';
import type { RuntimeEventSource, SourceHandlers, StreamCursor } from './types';

/** Failed reconnects in a row before a source gives up with `error` (a retry restarts it). */
export const DEFAULT_MAX_RETRIES = 10;

/** What one connection attempt reports. Calls from an attempt that was superseded or closed are ignored. */
export interface TransportCallbacks {
  open(): void;
  /** Decoded events; `transportId` is the transport's own position (the SSE `id:` field). */
  events(events: unknown[], transportId?: string): void;
  diagnostic(diagnostic: DiagnosticInput): void;
  /** The server said the stream is complete: no reconnect. */
  end(): void;
  /** The connection dropped or never opened: reconnect after a backoff. */
  fail(error: string): void;
  /** Reconnecting cannot help (no transport available): give up now. */
  giveUp(error: string): void;
}

/** One connection attempt, resuming after `cursor`. */
export type ConnectTransport = (cursor: StreamCursor | undefined, on: TransportCallbacks) => { close(): void };

/**
 * Options of the shared reconnect loop behind SSE and WebSocket sources: first cursor, backoff,
 * retry limit, the transport's name.
 */
export interface ReconnectOptions {
  /** Resume after this position on the first connection too. */
  cursor?: StreamCursor;
  backoff?: BackoffOptions;
  /** Give up with `error` after this many failed reconnects in a row. Default 10. */
  maxRetries?: number;
  /** Names the transport in diagnostics. */
  label: string;
}

/**
 * The reconnect loop every network transport shares (SSE, WebSocket): one attempt at a time
 * (each new attempt supersedes the last, whose late callbacks are ignored), capped exponential
 * backoff with jitter, giving up after `maxRetries`, and one cursor tracked the same way for all.
 */
export function reconnectingSource(connect: ConnectTransport, options: ReconnectOptions): RuntimeEventSource {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const cursor = cursorTracker(options.cursor);
  let handlers: SourceHandlers | undefined;
  let attempt: { close(): void } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let failures = 0;
  let closed = true;

  function stopTimer(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
  }

  function retryAfter(error: string): void {
    failures += 1;
    if (failures > maxRetries) {
      const message = `${options.label}: gave up after ${failures - 1} reconnects: ${error}`;
      handlers?.diagnostic?.({ code: 'stream_failed', severity: 'error', message });
      handlers?.status?.('error', { error: message, attempt: failures });
      return;
    }
    const delayMs = backoffDelay(failures, options.backoff);
    handlers?.status?.('reconnecting', { attempt: failures, delayMs, error });
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, delayMs);
  }

  function open(): void {
    if (closed) return;
    stopTimer();
    attempt?.close();
    attempt = undefined;
    const mine = ++generation;
    const live = () => !closed && mine === generation;
    const finish = () => {
      generation += 1; // nothing more from this attempt
      attempt = undefined;
    };
    handlers?.status?.('connecting', { attempt: failures });
    const started = connect(cursor.get(), {
      open() {
        if (!live()) return;
        failures = 0;
        handlers?.status?.('open');
      },
      events(events, transportId) {
        if (!live() || events.length === 0) return;
        cursor.note(events, transportId);
        handlers?.events(events);
      },
      diagnostic(diagnostic) {
        if (live()) handlers?.diagnostic?.(diagnostic);
      },
      end() {
        if (!live()) return;
        finish();
        handlers?.status?.('ended');
      },
      fail(error) {
        if (!live()) return;
        finish();
        retryAfter(error);
      },
      giveUp(error) {
        if (!live()) return;
        finish();
        // Said in the diagnostics too, like a give-up after retries: the log shows why the stream stopped.
        handlers?.diagnostic?.({ code: 'stream_failed', severity: 'error', message: `${options.label}: ${error}` });
        handlers?.status?.('error', { error });
      },
    });
    if (mine === generation) attempt = started;
    else started.close();
  }

  return {
    start(h) {
      handlers = h;
      closed = false;
      failures = 0;
      open();
    },
    close() {
      closed = true;
      stopTimer();
      attempt?.close();
      attempt = undefined;
      handlers?.status?.('closed');
      handlers = undefined;
    },
    cursor: () => cursor.get(),
    resumeFrom(next) {
      if (closed) return;
      cursor.set(next);
      failures = 0;
      open();
    },
  };
}
