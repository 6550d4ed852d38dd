import type { BackoffOptions } from './backoff';
import { decodeFrame } from './decodeFrame';
import { lastEventIdHeader } from './lastEventId';
import { reconnectingSource } from './reconnectingSource';
import { SseParser } from './sseParser';
import type { RuntimeEventSource, StreamCursor } from './types';

/** Options of `createSseSource`: request method, headers and body, first cursor, backoff and retry limit. */
export interface SseSourceOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Resume after this position on the first connection too. */
  cursor?: StreamCursor;
  backoff?: BackoffOptions;
  /** Give up with `status: 'error'` after this many failed reconnects in a row. Default 10. */
  maxRetries?: number;
  /** Whether the request sends cookies (fetch's `credentials`). */
  credentials?: RequestCredentials;
  /** Inject a fetch (tests, auth wrappers). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The name of the event that says the stream is complete (no reconnect after it). */
  endEvent?: string;
  /**
   * The most characters one SSE line or message may hold: default 64 MiB, the largest JSON
   * document the CLI reads (a frame may hold a whole array: 200,000 events are about 48 MB). A
   * longer one is dropped with a `frame_too_large` diagnostic and the stream goes on: an endless
   * line holds this much memory, never more.
   */
  maxFrameChars?: number;
}

function resumeUrl(url: string, cursor: StreamCursor | undefined): string {
  if (cursor?.sequence === undefined) return url;
  const base = typeof location === 'undefined' ? 'http://localhost' : location.href;
  const parsed = new URL(url, base);
  parsed.searchParams.set('cursor', String(cursor.sequence));
  return /^[a-z]+:\/\//i.test(url) ? parsed.toString() : `${parsed.pathname}${parsed.search}`;
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);

/** Client errors other than a timeout or a rate limit: reconnecting would be refused again. */
const REFUSED = (status: number): boolean => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * Server-Sent Events over fetch streaming (so headers and POST bodies work), resuming after a
 * disconnect with `Last-Event-ID` and `?cursor=`; the reconnect loop is `reconnectingSource`'s.
 */
export function sseSource(url: string, options: SseSourceOptions = {}): RuntimeEventSource {
  const endEvent = options.endEvent ?? 'end';
  const label = `SSE ${url}`;
  return reconnectingSource(
    (cursor, on) => {
      const controller = new AbortController();
      void (async () => {
        let response: Response;
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', ...options.headers };
          const lastEventId = cursor?.eventId === undefined ? undefined : lastEventIdHeader(cursor.eventId);
          if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
          response = await (options.fetch ?? globalThis.fetch)(resumeUrl(url, cursor), {
            method: options.method ?? 'GET',
            headers,
            body: options.body,
            signal: controller.signal,
            cache: 'no-store',
            ...(options.credentials !== undefined && { credentials: options.credentials }),
          });
        } catch (error) {
          return on.fail(describe(error));
        }
        if (!response.ok || !response.body || controller.signal.aborted) {
          void response.body?.cancel().catch(() => undefined);
          // A refusal (401, 403, 404 ...) stays a refusal: give up at once, as EventSource does, and
          // say why. A timeout, rate limit or server error may pass: reconnect after a backoff.
          if (REFUSED(response.status)) return on.giveUp(`HTTP ${response.status}: the server refused the stream${response.status === 401 || response.status === 403 ? ' (check its credentials)' : ''}`);
          return on.fail(`HTTP ${response.status}`);
        }
        on.open();
        let ended = false;
        let transportId: string | undefined;
        const batch: unknown[] = [];
        const overflow = (what: 'line' | 'message', limit: number) =>
          on.diagnostic({ code: 'frame_too_large', severity: 'error', message: `${label}: an SSE ${what} longer than ${limit.toLocaleString('en-US')} characters was dropped` });
        const parser = new SseParser((message) => {
          if (message.lastEventId !== '') transportId = message.lastEventId;
          if (message.event === endEvent) {
            ended = true;
            return;
          }
          const { events, diagnostics } = decodeFrame(message.data, label);
          for (const diagnostic of diagnostics) on.diagnostic(diagnostic);
          for (const event of events) batch.push(event); // no spread: a frame may hold 200,000 events
        }, { maxMessageChars: options.maxFrameChars, onOverflow: overflow });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done || controller.signal.aborted) break;
            parser.push(value);
            if (batch.length > 0) on.events(batch.splice(0), transportId);
            if (ended) break;
          }
          parser.end();
        } catch (error) {
          return on.fail(describe(error));
        } finally {
          reader.releaseLock();
        }
        if (ended) {
          void response.body.cancel().catch(() => undefined);
          return on.end();
        }
        on.fail('the server closed the stream');
      })();
      return { close: () => controller.abort() };
    },
    { label, cursor: options.cursor, backoff: options.backoff, maxRetries: options.maxRetries },
  );
}
