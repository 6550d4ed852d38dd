import { backoffDelay, type BackoffOptions } from './backoff';
import { decodeFrame } from './decodeFrame';
import { SseParser } from './sseParser';
import type { RuntimeEventSource, SourceHandlers, StreamCursor } from './types';

export interface SseSourceOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Resume after this position on the first connection too. */
  cursor?: StreamCursor;
  backoff?: BackoffOptions;
  /** Give up after this many failed reconnects in a row (default: never). */
  maxRetries?: number;
  /** Inject a fetch (tests, auth wrappers). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The name of the event that says the stream is complete (no reconnect after it). */
  endEvent?: string;
}

function resumeUrl(url: string, cursor: StreamCursor | undefined): string {
  if (cursor?.sequence === undefined) return url;
  const base = typeof location === 'undefined' ? 'http://localhost' : location.href;
  const parsed = new URL(url, base);
  parsed.searchParams.set('cursor', String(cursor.sequence));
  return /^[a-z]+:\/\//i.test(url) ? parsed.toString() : `${parsed.pathname}${parsed.search}`;
}

/**
 * Server-Sent Events over fetch streaming (so headers and POST bodies work), resuming after a
 * disconnect with `Last-Event-ID` and `?cursor=`, with capped exponential backoff and jitter.
 */
export function sseSource(url: string, options: SseSourceOptions = {}): RuntimeEventSource {
  const endEvent = options.endEvent ?? 'end';
  let handlers: SourceHandlers | undefined;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let ended = false;
  let failures = 0;
  let lastEventId = options.cursor?.eventId;
  let resumeSequence = options.cursor?.sequence;
  let generation = 0;

  const fetchImpl = () => options.fetch ?? globalThis.fetch;

  function schedule(error: string): void {
    if (closed || ended) return;
    failures += 1;
    if (options.maxRetries !== undefined && failures > options.maxRetries) {
      handlers?.status?.('error', { error, attempt: failures });
      handlers?.diagnostic?.({ code: 'stream_failed', severity: 'error', message: `SSE ${url}: gave up after ${failures - 1} reconnects: ${error}` });
      return;
    }
    const delayMs = backoffDelay(failures, options.backoff);
    handlers?.status?.('reconnecting', { attempt: failures, delayMs, error });
    timer = setTimeout(() => void connect(), delayMs);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const mine = ++generation;
    controller?.abort();
    controller = new AbortController();
    handlers?.status?.('connecting', { attempt: failures });
    let response: Response;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      response = await fetchImpl()(resumeUrl(url, resumeSequence === undefined ? undefined : { sequence: resumeSequence }), {
        method: options.method ?? 'GET',
        headers,
        body: options.body,
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch (error) {
      if (mine === generation) schedule(error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error));
      return;
    }
    if (!response.ok || !response.body) {
      void response.body?.cancel();
      return schedule(`HTTP ${response.status}`);
    }
    if (closed || mine !== generation) return void response.body.cancel();
    failures = 0;
    handlers?.status?.('open');
    const parser = new SseParser((message) => {
      if (message.lastEventId !== '') lastEventId = message.lastEventId;
      if (message.event === endEvent) {
        ended = true;
        return;
      }
      const { events, diagnostics } = decodeFrame(message.data, `SSE ${url}`);
      for (const diagnostic of diagnostics) handlers?.diagnostic?.(diagnostic);
      if (events.length > 0) {
        noteSequence(events);
        batch.push(...events);
      }
    });
    const batch: unknown[] = [];
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed || mine !== generation) break;
        parser.push(value);
        if (batch.length > 0) handlers?.events(batch.splice(0));
        if (ended) break;
      }
      parser.end();
    } catch (error) {
      if (closed || mine !== generation) return;
      return schedule(error instanceof Error ? error.message : String(error));
    } finally {
      reader.releaseLock();
    }
    if (closed || mine !== generation) return;
    if (ended) {
      void response.body.cancel().catch(() => undefined);
      handlers?.status?.('ended');
      return;
    }
    schedule('the server closed the stream');
  }

  function noteSequence(events: unknown[]): void {
    for (const event of events) {
      const sequence = (event as { sequence?: unknown } | null)?.sequence;
      if (typeof sequence === 'number' && (resumeSequence === undefined || sequence > resumeSequence)) resumeSequence = sequence;
    }
  }

  return {
    start(h) {
      handlers = h;
      closed = false;
      ended = false;
      void connect();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      handlers?.status?.('closed');
      handlers = undefined;
    },
    cursor: () => (lastEventId === undefined && resumeSequence === undefined ? undefined : { eventId: lastEventId, sequence: resumeSequence }),
    resumeFrom(cursor) {
      if (closed) return;
      resumeSequence = cursor.sequence;
      lastEventId = cursor.eventId;
      ended = false;
      if (timer) clearTimeout(timer);
      void connect();
    },
  };
}
