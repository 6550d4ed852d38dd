import type { RuntimeEventEnvelope } from '../protocol/events';
import type { StreamEndpoint } from './streamEndpoint';
import type { RuntimeCapabilities } from '../protocol/providerAdapter';
import type { RuntimeProviderAdapter, RuntimeThreadReadModel } from './types';

/**
 * Options of `httpAdapter`: the `fetch` to use, headers sent with every request (e.g. the fixture
 * server's `Authorization: Bearer <writeToken>`) and whether cookies go with them. All of them
 * reach the live event stream too, through `adapter.eventStream`.
 */
export interface HttpAdapterOptions {
  fetch?: typeof fetch;
  headers?: Record<string, string>;
  /** fetch's `credentials` for every request and the event stream (`include` sends cookies across origins). */
  credentials?: RequestCredentials;
  /**
   * What the runtime behind the URL can do (the bridge serves it at `GET /capabilities`), so the
   * stock Composer offers only that. Absent: the adapter does not say, and every write is offered.
   */
  capabilities?: RuntimeCapabilities;
}

/** The adapter `httpAdapter` returns: the provider adapter, and its live event stream with the same auth. */
export interface HttpRuntimeAdapter extends RuntimeProviderAdapter {
  /** `GET /events` as a URL alone (no headers: prefer `eventStream`). */
  eventsUrl: string;
  /** `GET /events` with the adapter's headers, credentials and fetch: `useRuntimeStream(adapter.eventStream)`. */
  eventStream: StreamEndpoint;
}

/**
 * A reference RuntimeProviderAdapter over HTTP, the convention the fixture server speaks:
 * `POST /turns` (an NDJSON stream of the turn's events), `POST /turns/:id/cancel`,
 * `POST /actions/:id`, `POST /tools/:toolCallId/output` and `POST /evidence/export` (each answers
 * the resulting event as JSON), `GET /thread[?before=]` (a RuntimeThreadReadModel). Live events come
 * from `GET /events` (SSE), with the same headers and credentials: `adapter.eventStream`.
 * @example
 * const adapter = httpAdapter('http://127.0.0.1:4317', { headers: { authorization: `Bearer ${token}` } });
 * const model = await adapter.readThread({}); // the current read model
 * store.getState().applyReadModel(model);
 * connectRuntimeStream(store, endpointSource(adapter.eventStream), { adapter }); // or useRuntimeStream(adapter.eventStream)
 */
export function httpAdapter(baseUrl: string, options: HttpAdapterOptions = {}): HttpRuntimeAdapter {
  const base = baseUrl.replace(/\/$/, '');
  const fetchImpl = () => options.fetch ?? globalThis.fetch;

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetchImpl()(`${base}${path}`, {
      ...init,
      ...(options.credentials !== undefined && { credentials: options.credentials }),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers, ...(init.headers as Record<string, string>) },
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status}${detail ? ` ${detail.slice(0, 200)}` : ''}`);
    }
    return response;
  }

  const postJson = async (path: string, body: unknown): Promise<RuntimeEventEnvelope> =>
    (await (await request(path, { method: 'POST', body: JSON.stringify(body) })).json()) as RuntimeEventEnvelope;

  return {
    eventsUrl: `${base}/events`,
    eventStream: {
      url: `${base}/events`,
      ...(options.headers !== undefined && { headers: { ...options.headers } }),
      ...(options.credentials !== undefined && { credentials: options.credentials }),
      ...(options.fetch !== undefined && { fetch: options.fetch }),
    },
    ...(options.capabilities !== undefined && { capabilities: options.capabilities }),

    async *startTurn(input) {
      const response = await request('/turns', { method: 'POST', body: JSON.stringify(input), headers: { Accept: 'application/x-ndjson' } });
      if (response.body) yield* (await import('./turnResponseEvents')).turnResponseEvents(response.body);
    },

    cancelTurn: (input) => postJson(`/turns/${encodeURIComponent(input.turnId ?? 'active')}/cancel`, input),

    respondAction: (input) => postJson(`/actions/${encodeURIComponent(input.actionId)}`, input),

    exportEvidence: (input) => postJson('/evidence/export', input),

    addToolOutput: (input) => postJson(`/tools/${encodeURIComponent(input.toolCallId)}/output`, input),

    async readThread(input) {
      const query = new URLSearchParams();
      if (input.threadId) query.set('threadId', input.threadId);
      if (input.before !== undefined) query.set('before', String(input.before));
      const suffix = query.size > 0 ? `?${query}` : '';
      return (await (await request(`/thread${suffix}`)).json()) as RuntimeThreadReadModel;
    },
  };
}
