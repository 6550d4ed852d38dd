import { backoffDelay, type BackoffOptions } from './backoff';
import { decodeFrame } from './decodeFrame';
import type { RuntimeEventSource, SourceHandlers, StreamCursor } from './types';

interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface WebSocketSourceOptions {
  protocols?: string | string[];
  backoff?: BackoffOptions;
  maxRetries?: number;
  /** Inject a WebSocket constructor (Node, tests). Defaults to the global WebSocket. */
  WebSocket?: new (url: string, protocols?: string | string[]) => WebSocketLike;
}

function withCursor(url: string, cursor: StreamCursor | undefined): string {
  if (cursor?.sequence === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor.sequence}`;
}

/** Events over a WebSocket: each message a JSON event, array, or JSON lines; reconnects with `?cursor=`. */
export function webSocketSource(url: string, options: WebSocketSourceOptions = {}): RuntimeEventSource {
  let socket: WebSocketLike | undefined;
  let handlers: SourceHandlers | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failures = 0;
  let cursor: StreamCursor | undefined;

  function connect(): void {
    if (closed) return;
    const Impl = options.WebSocket ?? (globalThis as unknown as { WebSocket?: WebSocketSourceOptions['WebSocket'] }).WebSocket;
    if (!Impl) {
      handlers?.status?.('error', { error: 'no WebSocket implementation' });
      return;
    }
    handlers?.status?.('connecting', { attempt: failures });
    const ws = new Impl(withCursor(url, cursor), options.protocols);
    socket = ws;
    ws.onopen = () => {
      failures = 0;
      handlers?.status?.('open');
    };
    ws.onmessage = ({ data }) => {
      if (socket !== ws || typeof data !== 'string') return;
      const { events, diagnostics } = decodeFrame(data, `WebSocket ${url}`);
      for (const diagnostic of diagnostics) handlers?.diagnostic?.(diagnostic);
      for (const event of events) {
        const e = event as { sequence?: unknown; eventId?: unknown } | null;
        if (typeof e?.sequence === 'number') cursor = { sequence: e.sequence, eventId: typeof e.eventId === 'string' ? e.eventId : undefined };
      }
      if (events.length > 0) handlers?.events(events);
    };
    ws.onerror = () => undefined; // onclose follows and decides
    ws.onclose = (event) => {
      if (socket !== ws || closed) return;
      if (event.code === 1000) {
        handlers?.status?.('ended');
        return;
      }
      failures += 1;
      if (options.maxRetries !== undefined && failures > options.maxRetries) {
        handlers?.status?.('error', { error: `closed (${event.code ?? 'no code'})`, attempt: failures });
        return;
      }
      const delayMs = backoffDelay(failures, options.backoff);
      handlers?.status?.('reconnecting', { attempt: failures, delayMs, error: `closed (${event.code ?? 'no code'})` });
      timer = setTimeout(connect, delayMs);
    };
  }

  return {
    start(h) {
      handlers = h;
      closed = false;
      connect();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000, 'closed by client');
      handlers?.status?.('closed');
      handlers = undefined;
    },
    cursor: () => cursor,
    resumeFrom(next) {
      if (closed) return;
      cursor = next;
      if (timer) clearTimeout(timer);
      const old = socket;
      socket = undefined;
      old?.close(1000, 'resuming');
      connect();
    },
  };
}
