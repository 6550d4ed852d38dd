// The stream layer against a real fixture server on loopback: real fetch, real sockets, no mocks.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJsonl } from '../src/protocol/parseJsonl';
import type { JsonObject } from '../src/protocol/events';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from '../src/server/fixtureServer';
import { createRuntimeStore, type RuntimeStore } from '../src/store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../src/store/selectors/summarize';
import { connectRuntimeStream, type StreamConnection } from '../src/stream/connectRuntimeStream';
import { httpAdapter } from '../src/stream/httpAdapter';
import { createRuntimeActions } from '../src/stream/runtimeActions';
import { replayText } from '../src/stream/replayText';
import { sseSource } from '../src/stream/sseSource';
import { endpointSource } from '../src/stream/streamEndpoint';
import { readFixture } from './referenceData';

const open: { server?: FixtureServer; connection?: StreamConnection }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.connection?.close();
    await o.server?.close();
  }
});

const facts = ({ counts: _c, diagnostics: _d, ...rest }: RuntimeSummary) => rest;
const eventsOf = (name: string) => parseJsonl(readFixture(name)).records.map((r) => r.value as JsonObject);
const uncut = (name: string) => facts(summarize(replayText(readFixture(name)).store.getState()));

async function until(predicate: () => boolean, timeoutMs = 15_000, label = 'condition'): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function live(name: string, serverOptions: FixtureServerOptions, { repair = true } = {}) {
  const server = await startFixtureServer(eventsOf(name), { speed: 50, maxGapMs: 100, ...serverOptions });
  const store: RuntimeStore = createRuntimeStore();
  const adapter = httpAdapter(server.url, { headers: { Authorization: `Bearer ${server.writeToken}` } });
  // The adapter's endpoint carries its Authorization header: the server refuses streams without it.
  const connection = connectRuntimeStream(store, endpointSource({ ...adapter.eventStream, sse: { backoff: { initialMs: 10, maxMs: 100 } } }), {
    adapter: repair ? adapter : undefined,
    flush: 'sync',
    gapTimeoutMs: 150,
  });
  open.push({ server, connection });
  const done = () => until(() => connection.getState().status === 'ended' && !store.getState().session.stale, 15_000, `${name} to end`);
  return { server, store, adapter, connection, done };
}

describe('loopback: the stream layer against the fixture server', () => {
  it('a stream cut mid-turn resumes with Last-Event-ID and ends in the uncut summary', async () => {
    const { store, connection, done } = await live('tool-success', { dropAfter: 4 }, { repair: false });
    await done();
    expect(facts(summarize(store.getState()))).toEqual(uncut('tool-success'));
    expect(store.getState().counts.duplicates).toBe(0);
    expect(connection.getState().status).toBe('ended');
  });

  it('a cut stream with an adapter repairs from the snapshot, resumes, and ends in the uncut summary', async () => {
    const { store, connection, done } = await live('coding-session', { dropAfter: 300, speed: 400, maxGapMs: 50, awaitActions: false });
    await done();
    expect(facts(summarize(store.getState()))).toEqual(uncut('coding-session'));
    expect(connection.getState().lastRepairMs).toBeGreaterThanOrEqual(0);
  });

  it('a duplicate storm changes nothing: every re-delivery is dropped by eventId', async () => {
    const { store, done } = await live('coding-session', { duplicateRate: 0.5, speed: 400, maxGapMs: 50, awaitActions: false });
    await done();
    expect(facts(summarize(store.getState()))).toEqual(uncut('coding-session'));
    expect(store.getState().counts.duplicates).toBeGreaterThan(300);
    expect(store.getState().counts.applied).toBe(eventsOf('coding-session').length);
  });

  it('a gap the stream never fills goes stale, is repaired from GET /thread, and ends in the uncut facts', async () => {
    const { store, connection, done } = await live('text-basic', { gap: [6, 7] });
    await until(() => store.getState().session.stale || connection.getState().lastRepairMs !== undefined, 10_000, 'the gap');
    await done();
    const summary = summarize(store.getState());
    expect(facts(summary)).toEqual(uncut('text-basic'));
    expect(summary.diagnostics.map((d) => d.code)).toContain('sequence_gap');
    expect(connection.getState().lastRepairMs).toBeGreaterThan(0);
  });

  it('an approval round trip: responding until the runtime resolves it, one POST however many clicks', async () => {
    const { server, store, adapter, done } = await live('hitl-action', {});
    await until(() => store.getState().actions.byId.get('action-write-1')?.status === 'pending', 10_000, 'the approval');
    // The stream is held at the recorded resolution until the answer arrives.
    await new Promise((r) => setTimeout(r, 100));
    expect(store.getState().actions.byId.get('action-write-1')!.status).toBe('pending');
    expect(store.getState().toolCalls.byId.get('tc-1')!.status).toBe('running');
    const actions = createRuntimeActions(store, adapter);
    const first = actions.respondAction('action-write-1', 'allow');
    expect(summarize(store.getState()).actions[0]).toEqual({ actionId: 'action-write-1', status: 'responding' });
    expect(await actions.respondAction('action-write-1', 'allow')).toEqual({ ok: false, reason: 'ignored' });
    expect(await first).toEqual({ ok: true });
    await done();
    expect(facts(summarize(store.getState()))).toEqual(uncut('hitl-action'));
    expect(server.emitted()).toBe(eventsOf('hitl-action').length);
  });

  it('a failed write keeps the facts, shows the failure and allows a retry', async () => {
    const { store, adapter } = await live('hitl-action', {});
    await until(() => store.getState().actions.byId.get('action-write-1')?.status === 'pending', 10_000, 'the approval');
    const actions = createRuntimeActions(store, adapter);
    const result = await actions.respondAction('action-write-1', 42 as unknown as string);
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(store.getState().actions.byId.get('action-write-1')!.status).toBe('pending');
    expect(store.getState().responding.get('action-write-1')!.error).toMatch(/HTTP 400/);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('write_failed');
    expect(await actions.respondAction('action-write-1', 'allow')).toEqual({ ok: true });
  });

  it('writes the fixture server cannot do fail honestly', async () => {
    const { store, adapter } = await live('text-basic', {});
    const actions = createRuntimeActions(store, adapter);
    expect(await actions.interrupt()).toMatchObject({ ok: false, reason: 'failed', error: expect.stringMatching(/HTTP 501/) });
    expect(await createRuntimeActions(store, undefined).exportEvidence()).toEqual({ ok: false, reason: 'unavailable' });
  });
});

describe('loopback: hostile stream input (issue 23 item 8)', () => {
  it('resumes after event ids that are not Latin-1 (CJK, emoji): every event once, the turn completed', async () => {
    const ids = ['事件', '🎉', 'ид']; // each cut (after 4 and 8) resumes after one of these
    const events = eventsOf('text-basic').map((e, i) => ({ ...e, eventId: `${ids[i % ids.length]}-${i + 1}` }));
    const server = await startFixtureServer(events, { speed: 50, maxGapMs: 100, dropAfter: 4 });
    const store = createRuntimeStore();
    const headers = { Authorization: `Bearer ${server.writeToken}` };
    const connection = connectRuntimeStream(store, sseSource(`${server.url}/events`, { headers, backoff: { initialMs: 10, maxMs: 50 }, maxRetries: 3 }), { flush: 'sync' });
    open.push({ server, connection });
    await until(() => connection.getState().status === 'ended' || connection.getState().status === 'error', 15_000, 'the stream to end');
    expect(connection.getState().status).toBe('ended');
    expect(store.getState().counts.applied).toBe(events.length);
    expect(store.getState().counts.duplicates).toBe(0);
    expect(summarize(store.getState()).turns.map((t) => t.status)).toEqual(['completed']);
  });

  it('the fixture server resumes after a UTF-8 Last-Event-ID without a cursor (what EventSource sends)', async () => {
    const events = eventsOf('text-basic').map((e, i) => ({ ...e, eventId: `事件-${i + 1}` }));
    const server = await startFixtureServer(events, { speed: 1000, maxGapMs: 1 });
    open.push({ server });
    const idsFrom = (headers: Record<string, string>) =>
      new Promise<string[]>((resolve, reject) => {
        request({ host: '127.0.0.1', port: server.port, path: '/events', headers: { ...headers, Authorization: `Bearer ${server.writeToken}` } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve([...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]!)));
        }).on('error', reject).end();
      });
    expect(await idsFrom({})).toHaveLength(events.length);
    // The id's UTF-8 bytes as the header, exactly as a browser's EventSource sends them.
    const ids = await idsFrom({ 'Last-Event-ID': Buffer.from('事件-5', 'utf8').toString('latin1') });
    expect(ids).toEqual(events.slice(5).map((e) => e.eventId));
  });
});
