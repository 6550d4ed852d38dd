// @vitest-environment jsdom
// Authenticated streams (issue 21 item 7) over real HTTP: the fixture server refuses a stream
// without its token, so only a request that carries the adapter's Authorization header gets events.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../protocol/events';
import { parseJsonl } from '../protocol/parseJsonl';
import { startFixtureServer, type FixtureServer } from '../server/fixtureServer';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { httpAdapter } from '../stream/httpAdapter';
import type { StreamEndpoint } from '../stream/streamEndpoint';
import { readFixture } from '../../test/referenceData';
import { RuntimeProvider } from './RuntimeProvider';
import { useRuntimeStream, type RuntimeStreamResult } from './useRuntimeStream';

const servers: FixtureServer[] = [];
afterEach(async () => {
  cleanup();
  for (const server of servers.splice(0)) await server.close();
});

const events = parseJsonl(readFixture('text-basic')).records.map((r) => r.value as JsonObject);

async function serveWithRecord() {
  const server = await startFixtureServer(events, { speed: 1000, maxGapMs: 1 });
  servers.push(server);
  return server;
}

function Live({ endpoint, onResult }: { endpoint: StreamEndpoint; onResult: (result: RuntimeStreamResult) => void }) {
  onResult(useRuntimeStream(endpoint, { flush: 'sync', repair: false }));
  return null;
}

describe('useRuntimeStream with an authenticated endpoint', () => {
  it('httpAdapter(url, { headers }).eventStream carries the Authorization header to GET /events', async () => {
    const server = await serveWithRecord();
    const adapter = httpAdapter(server.url, { headers: { Authorization: `Bearer ${server.writeToken}` } });
    const store = createRuntimeStore();
    let last: RuntimeStreamResult | undefined;
    render(
      <RuntimeProvider store={store} adapter={adapter}>
        <Live endpoint={adapter.eventStream} onResult={(r) => (last = r)} />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(store.getState().counts.applied).toBe(events.length));
    expect(last?.status).toBe('ended');
  });

  it('the same URL without the header is refused: no event, and the hook says why', async () => {
    const server = await serveWithRecord();
    const store = createRuntimeStore();
    let last: RuntimeStreamResult | undefined;
    render(
      <RuntimeProvider store={store}>
        <Live endpoint={{ url: `${server.url}/events`, sse: { maxRetries: 0 } }} onResult={(r) => (last = r)} />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(last?.status).toBe('error'));
    expect(last?.error).toMatch(/HTTP 401/);
    expect(store.getState().counts.received).toBe(0);
  });

  it('a new token is a new connection; the same endpoint rebuilt each render is not', async () => {
    const server = await serveWithRecord();
    const store = createRuntimeStore();
    const statuses: string[] = [];
    const endpoint = (token: string): StreamEndpoint => ({ url: `${server.url}/events`, headers: { Authorization: `Bearer ${token}` }, sse: { maxRetries: 0 } });
    const view = render(
      <RuntimeProvider store={store}>
        <Live endpoint={endpoint('wrong-token-0000')} onResult={(r) => statuses.push(r.status)} />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(statuses.at(-1)).toBe('error'));
    view.rerender(
      <RuntimeProvider store={store}>
        <Live endpoint={endpoint('wrong-token-0000')} onResult={(r) => statuses.push(r.status)} />
      </RuntimeProvider>,
    );
    expect(statuses.at(-1)).toBe('error');
    view.rerender(
      <RuntimeProvider store={store}>
        <Live endpoint={endpoint(server.writeToken)} onResult={(r) => statuses.push(r.status)} />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(store.getState().counts.applied).toBe(events.length));
  });
});
