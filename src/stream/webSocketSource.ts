import type { BackoffOptions } from './backoff';
import { decodeFrame } from './decodeFrame';
import { reconnectingSource } from './reconnectingSource';
import type { RuntimeEventSource, StreamCursor } from './types';

interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/**
 * Options of `createWebSocketSource`: subprotocols, backoff, retry limit, and the WebSocket
 * constructor (Node, tests).
 */
export interface WebSocketSourceOptions {
  protocols?: string | string[];
  backoff?: BackoffOptions;
  /** Give up with `status: 'error'` after this many failed reconnects in a row. Default 10. */
  maxRetries?: number;
  /** Inject a WebSocket constructor (Node, tests). Defaults to the global WebSocket. */
  WebSocket?: new (url: string, protocols?: string | string[]) => WebSocketLike;
}

function withCursor(url: string, cursor: StreamCursor | undefined): string {
  if (cursor?.sequence === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor.sequence}`;
}

/**
 * Events over a WebSocket: each message a JSON event, array, or JSON lines; reconnects with
 * `?cursor=` (the loop is `reconnectingSource`'s). A normal close (1000) ends the stream.
 */
export function webSocketSource(url: string, options: WebSocketSourceOptions = {}): RuntimeEventSource {
  const label = `WebSocket ${url}`;
  return reconnectingSource(
    (cursor, on) => {
      const Impl = options.WebSocket ?? (globalThis as unknown as { WebSocket?: WebSocketSourceOptions['WebSocket'] }).WebSocket;
      if (!Impl) {
        on.giveUp('no WebSocket implementation');
        return { close: () => undefined };
      }
      const ws = new Impl(withCursor(url, cursor), options.protocols);
      ws.onopen = () => on.open();
      ws.onmessage = ({ data }) => {
        if (typeof data !== 'string') return;
        const { events, diagnostics } = decodeFrame(data, label);
        for (const diagnostic of diagnostics) on.diagnostic(diagnostic);
        on.events(events);
      };
      ws.onerror = () => undefined; // onclose follows and decides
      ws.onclose = (event) => (event.code === 1000 ? on.end() : on.fail(`closed (${event.code ?? 'no code'})`));
      return { close: () => ws.close(1000, 'closed by client') };
    },
    { label, backoff: options.backoff, maxRetries: options.maxRetries },
  );
}
