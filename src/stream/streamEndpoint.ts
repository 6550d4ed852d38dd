import { sseSource, type SseSourceOptions } from './sseSource';
import type { RuntimeEventSource } from './types';
import { lazyModule } from './lazyModule';
import { lazySource } from './lazySource';

/**
 * Where a live event stream is and what its request carries: the URL, the transport (SSE by
 * default, NDJSON or WebSocket), headers such as `Authorization` and whether cookies go with it.
 * `httpAdapter(url, { headers })` gives one as `adapter.eventStream`, so the adapter's auth reaches
 * the stream: `useRuntimeStream(adapter.eventStream)`.
 */
export interface StreamEndpoint {
  url: string;
  transport?: 'sse' | 'websocket' | 'ndjson';
  /**
   * Sent with every connection and reconnection (SSE and NDJSON run on fetch, so this works in
   * browsers). A browser WebSocket cannot send headers: an endpoint with both fails with an error
   * rather than connecting unauthenticated.
   */
  headers?: Record<string, string>;
  /** Whether the request sends cookies (fetch's `credentials`: `same-origin` by default, `include` across origins). */
  credentials?: RequestCredentials;
  /** The fetch to use (tests, auth wrappers). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** More SSE options (backoff, retries, the end event, the frame limit); `headers` above are added to theirs. */
  sse?: SseSourceOptions;
}

/**
 * What identifies an endpoint's connection: the URL, transport, headers and credentials. A hook
 * keeps its connection while this stays the same (an endpoint object rebuilt each render does not
 * reconnect) and reconnects when it changes (a new token).
 */
export function endpointKey(endpoint: StreamEndpoint): string {
  const headers = Object.entries(endpoint.headers ?? {})
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return JSON.stringify([endpoint.transport ?? 'sse', endpoint.url, endpoint.credentials ?? '', headers]);
}

/** The WebSocket source: a chunk of its own, loaded when a WebSocket endpoint connects. */
const webSocketModule = lazyModule(() => import('./webSocketSource'));

/** A source that only reports why it cannot connect. */
function failedSource(error: string): RuntimeEventSource {
  return {
    start: (handlers) => handlers.status?.('error', { error }),
    close: () => undefined,
    cursor: () => undefined,
  };
}

/** One NDJSON response, fetched with the endpoint's headers and credentials when the source starts. */
function ndjsonEndpointSource(endpoint: StreamEndpoint): RuntimeEventSource {
  let inner: RuntimeEventSource | undefined;
  let closed = false;
  return {
    start(handlers) {
      closed = false;
      (endpoint.fetch ?? globalThis.fetch)(endpoint.url, { headers: { Accept: 'application/x-ndjson', ...endpoint.headers }, credentials: endpoint.credentials })
        // The NDJSON reader is a chunk of its own, loaded with the response: an SSE app never loads it.
        .then(async (response) => {
          if (closed) return void response.body?.cancel();
          if (!response.ok) return handlers.status?.('error', { error: `HTTP ${response.status}` });
          const { ndjsonSource } = await import('./ndjsonSource');
          if (closed) return void response.body?.cancel();
          inner = ndjsonSource(response);
          inner.start(handlers);
        })
        .catch((error: unknown) => handlers.status?.('error', { error: error instanceof Error ? error.message : String(error) }));
    },
    close: () => {
      closed = true;
      inner?.close();
    },
    cursor: () => inner?.cursor(),
  };
}

/** The source for an endpoint: SSE (default) or NDJSON over fetch with its headers and credentials, or a WebSocket. */
export function endpointSource(endpoint: StreamEndpoint): RuntimeEventSource {
  const hasHeaders = Object.keys(endpoint.headers ?? {}).length > 0;
  switch (endpoint.transport) {
    case 'websocket':
      return hasHeaders
        ? failedSource(`${endpoint.url}: a WebSocket cannot send headers; authenticate it with a cookie (credentials) or a token in the URL`)
        : // It reconnects after a cursor (its loop is reconnectingSource's): resumable.
          lazySource(webSocketModule, (m) => m.webSocketSource(endpoint.url), true);
    case 'ndjson':
      return ndjsonEndpointSource(endpoint);
    default:
      return sseSource(endpoint.url, {
        ...endpoint.sse,
        headers: { ...endpoint.sse?.headers, ...endpoint.headers },
        ...(endpoint.credentials !== undefined && { credentials: endpoint.credentials }),
        ...(endpoint.fetch !== undefined && { fetch: endpoint.fetch }),
      });
  }
}
