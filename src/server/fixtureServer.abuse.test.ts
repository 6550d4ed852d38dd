// The fixture server against hostile clients, on loopback only: other websites, DNS rebinding,
// unknown actions. Raw node:http requests so every header (Host, Origin) is under the test's control.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../protocol/events';
import { parseJsonl } from '../protocol/parseJsonl';
import { readFixture } from '../../test/referenceData';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from './fixtureServer';

const open: FixtureServer[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

const eventsOf = (name: string) => parseJsonl(readFixture(name)).records.map((r) => r.value as JsonObject);

async function serve(name: string, options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const server = await startFixtureServer(eventsOf(name), { speed: 1000, maxGapMs: 10, ...options });
  open.push(server);
  return server;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(server: FixtureServer, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const approve = JSON.stringify({ decision: 'allow' });
const json = { 'Content-Type': 'application/json' };
const bearer = (server: FixtureServer) => ({ Authorization: `Bearer ${server.writeToken}` });

describe('the fixture server refuses writes from other websites', () => {
  it('a cross-origin text/plain approval (no preflight in a browser) records nothing and carries no CORS header', async () => {
    const server = await serve('hitl-action');
    const evil = await send(server, 'POST', '/actions/action-write-1', { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }, approve);
    expect(evil.status).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    // The action is still unanswered: the legitimate answer is accepted, not "already answered".
    const mine = await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server) }, approve);
    expect(mine.status).toBe(202);
    expect(JSON.parse(mine.body)).toMatchObject({ type: 'action.resolved', actionId: 'action-write-1', payload: { decision: 'allow' } });
  });

  it('a cross-origin approval holds the stream: no action.resolved is emitted', async () => {
    const server = await serve('hitl-action');
    const stream = request({ host: '127.0.0.1', port: server.port, path: '/events', headers: bearer(server) });
    stream.on('response', (res) => res.resume()).on('error', () => undefined).end();
    const held = server.emitted;
    await until(() => held() === 5);
    await send(server, 'POST', '/actions/action-write-1', { Origin: 'https://evil.example', ...json, ...bearer(server) }, approve);
    await new Promise((r) => setTimeout(r, 150));
    expect(server.emitted()).toBe(5);
    stream.destroy();
  });

  it('writes need the per-run token and application/json', async () => {
    const server = await serve('hitl-action');
    expect(server.writeToken).toMatch(/^[0-9a-f]{32,}$/);
    expect((await send(server, 'POST', '/actions/action-write-1', json, approve)).status).toBe(401);
    expect((await send(server, 'POST', '/actions/action-write-1', { ...json, Authorization: 'Bearer nope' }, approve)).status).toBe(401);
    expect((await send(server, 'POST', '/actions/action-write-1', { 'Content-Type': 'text/plain', ...bearer(server) }, approve)).status).toBe(415);
    expect((await send(server, 'POST', '/actions/action-write-1', { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer(server) }, approve)).status).toBe(415);
    expect((await send(server, 'POST', '/actions/action-write-1', { 'Content-Type': 'application/json; charset=utf-8', ...bearer(server) }, approve)).status).toBe(202);
  });

  it('every two servers have different tokens, and a chosen token is honoured', async () => {
    const a = await serve('hitl-action');
    const b = await serve('hitl-action', { writeToken: 'fixed-token-for-scripts' });
    const c = await serve('hitl-action');
    expect(a.writeToken).not.toBe(c.writeToken);
    expect(b.writeToken).toBe('fixed-token-for-scripts');
    expect((await send(b, 'POST', '/actions/action-write-1', { ...json, Authorization: 'Bearer fixed-token-for-scripts' }, approve)).status).toBe(202);
  });

  it('a Host that is not a loopback name is refused (DNS rebinding), reads included', async () => {
    const server = await serve('hitl-action');
    for (const host of ['evil.example', `evil.example:${server.port}`, '127.0.0.1.evil.example', 'localhost.evil.example']) {
      expect((await send(server, 'GET', '/thread', { Host: host })).status, host).toBe(421);
      expect((await send(server, 'POST', '/actions/action-write-1', { Host: host, ...json, ...bearer(server) }, approve)).status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`, 'localhost']) {
      expect((await send(server, 'GET', '/thread', { Host: host, ...bearer(server) })).status, host).toBe(200);
    }
  });

  it('no CORS headers by default, preflight included', async () => {
    const server = await serve('hitl-action');
    const preflight = await send(server, 'OPTIONS', '/actions/action-write-1', {
      Origin: 'https://evil.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,authorization',
    });
    expect(preflight.status).toBe(403);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const read = await send(server, 'GET', '/thread', { Origin: 'https://evil.example' });
    expect(Object.keys(read.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('--allow-origin opts one origin in, exactly', async () => {
    const app = 'http://127.0.0.1:6006';
    const server = await serve('hitl-action', { allowOrigin: [app] });
    const preflight = await send(server, 'OPTIONS', '/actions/action-write-1', {
      Origin: app,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,authorization',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(app);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(preflight.headers['access-control-allow-headers']).not.toBe('*');
    expect((await send(server, 'GET', '/thread', { Origin: app, ...bearer(server) })).headers['access-control-allow-origin']).toBe(app);
    expect((await send(server, 'GET', '/thread', { Origin: 'http://127.0.0.1:6007', ...bearer(server) })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(server, 'POST', '/actions/action-write-1', { Origin: 'http://127.0.0.1:6007', ...json, ...bearer(server) }, approve)).status).toBe(403);
    // An allowed origin still needs the token.
    expect((await send(server, 'POST', '/actions/action-write-1', { Origin: app, ...json }, approve)).status).toBe(401);
    const ok = await send(server, 'POST', '/actions/action-write-1', { Origin: app, ...json, ...bearer(server) }, approve);
    expect(ok.status).toBe(202);
    expect(ok.headers['access-control-allow-origin']).toBe(app);
  });
});

describe('posting to an unknown action', () => {
  it('records nothing: 404 every time, never 409, and the real action is still answerable', async () => {
    const server = await serve('hitl-action');
    for (let i = 0; i < 200; i++) {
      const reply = await send(server, 'POST', `/actions/nope-${i % 100}`, { ...json, ...bearer(server) }, approve);
      expect(reply.status).toBe(404);
    }
    expect(server.answered()).toBe(0);
    expect((await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server) }, approve)).status).toBe(202);
    expect(server.answered()).toBe(1);
  });
});

async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An event whose payload nests `depth` arrays: 10 KB of JSON that JSON.stringify cannot write. */
function deepEvent(template: JsonObject, depth: number): JsonObject {
  let args: unknown = [];
  for (let i = 1; i < depth; i++) args = [args];
  return { ...template, eventId: 'deep-1', type: 'tool.started', payload: { toolName: 'x', args } as JsonObject };
}

/** Reads an SSE stream to its `event: end`, returning the event ids in order. */
function readStream(server: FixtureServer, path = '/events'): Promise<{ status: number; ids: string[] }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port: server.port, path, headers: bearer(server) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: end')) res.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, ids: [...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]!) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('a value too deep to serialize', () => {
  it('is skipped and reported: GET /events, the playback timer and GET /thread keep working', async () => {
    const events = eventsOf('tool-success');
    const errors: string[] = [];
    const withDeep = [...events.slice(0, 4), deepEvent(events[4]!, 5_000), ...events.slice(4)];
    const server = await startFixtureServer(withDeep, { speed: 1000, maxGapMs: 10, onError: (message) => errors.push(message) });
    open.push(server);
    const first = await readStream(server);
    expect(first.status).toBe(200);
    expect(first.ids).toEqual(events.map((e) => e.eventId));
    expect(errors).toEqual([expect.stringMatching(/^event 5 \(deep-1\) cannot be sent, skipped: /)]);
    expect((await send(server, 'GET', '/thread', bearer(server))).status).toBe(200);
    expect((await readStream(server)).ids).toHaveLength(events.length);
  });
});

/** `count` events of about `bytes` each: a log far larger than a socket's buffers. */
function bigLog(count: number, bytes: number): JsonObject[] {
  const text = 'x'.repeat(bytes);
  return Array.from({ length: count }, (_, i) => ({
    schemaVersion: 'lime-profile-0.4.0',
    sessionId: 'big',
    eventId: `big-${i + 1}`,
    sequence: i + 1,
    timestamp: '2026-06-09T10:00:00.000Z',
    type: 'model.delta',
    turnId: 'turn-1',
    payload: { delta: text },
  }));
}

/** Opens a raw socket that asks for the stream (with the token unless `anonymous`) and then never reads. */
function pausedClient(server: FixtureServer, { anonymous = false, headers = '' } = {}): Promise<{ socket: import('node:net').Socket; head: string; first: string }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const first = chunk.toString('latin1');
      resolve({ socket, head: first.split('\r\n')[0]!, first });
    });
    const auth = anonymous ? '' : `Authorization: Bearer ${server.writeToken}\r\n`;
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${auth}${headers}\r\n`);
  });
}

describe('fixture server limits', () => {
  it('a body over the limit is refused with 413 before it is read, and no reply echoes a body', async () => {
    const server = await serve('hitl-action');
    const big = await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server), 'Content-Length': String(10 * 1024 * 1024) }, 'x'.repeat(1024));
    expect(big.status).toBe(413);
    // Without a length, counted while it arrives.
    const chunked = await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server) }, `{"decision":"${'y'.repeat(200_000)}"}`);
    expect(chunked.status).toBe(413);
    expect(chunked.body).not.toContain('yyyy');
    const broken = await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server) }, '{"decision": "allow" SECRET-ECHO');
    expect(broken.status).toBe(400);
    expect(broken.body).not.toContain('SECRET');
    expect((await send(server, 'POST', '/actions/action-write-1', { ...json, ...bearer(server) }, approve)).status).toBe(202);
  });

  it('300 paused clients: streams are capped (503 beyond), buffered output stays bounded, /thread still answers', async () => {
    const server = await startFixtureServer(bigLog(2_000, 2_000), { speed: 1000, maxGapMs: 1, awaitActions: false });
    open.push(server);
    const clients = await Promise.all(Array.from({ length: 300 }, () => pausedClient(server)));
    try {
      await until(() => server.emitted() === 2_000);
      await new Promise((r) => setTimeout(r, 200));
      const heads = clients.map((c) => c.head);
      // A stream stalled for a second may give its slot to a newcomer: on a slow machine more than 64 see a 200.
      const opened = heads.filter((h) => h === 'HTTP/1.1 200 OK').length;
      expect(opened).toBeGreaterThanOrEqual(64);
      expect(opened + heads.filter((h) => h === 'HTTP/1.1 503 Service Unavailable').length).toBe(300);
      const stats = server.stats();
      expect(stats.streams).toBe(64);
      // Each paused stream holds at most about one write buffer, not the 4 MB log.
      expect(stats.bufferedBytes).toBeLessThan(64 * 64 * 1024);
      expect((await send(server, 'GET', '/thread', bearer(server))).status).toBe(200);
    } finally {
      for (const c of clients) c.socket.destroy();
    }
  });

  it('a client that pauses then reads again gets every event once, in order', async () => {
    const server = await startFixtureServer(bigLog(1_500, 2_000), { speed: 1000, maxGapMs: 1, awaitActions: false });
    open.push(server);
    const { socket, first } = await pausedClient(server);
    await until(() => server.emitted() === 1_500);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.stats().bufferedBytes).toBeLessThan(128 * 1024);
    let text = first;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.resume();
    await until(() => text.includes('event: end'));
    socket.destroy();
    const ids = [...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(Array.from({ length: 1_500 }, (_, i) => `big-${i + 1}`));
  });
});

/** A socket that sends the start of a request and then one header line now and then (slowloris). */
function trickle(server: FixtureServer): import('node:net').Socket {
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`GET /thread HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
  const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
  socket.on('close', () => clearInterval(timer));
  return socket;
}

describe('fixture server slots and timeouts (issue 23 item 9)', () => {
  it('reads need the token: 100 anonymous streams get 401, take no slot and start no playback', async () => {
    const server = await serve('hitl-action');
    const anonymous = await Promise.all(Array.from({ length: 100 }, () => pausedClient(server, { anonymous: true })));
    try {
      expect(new Set(anonymous.map((c) => c.head))).toEqual(new Set(['HTTP/1.1 401 Unauthorized']));
      expect((await send(server, 'GET', '/thread')).status).toBe(401);
      expect(server.stats().streams).toBe(0);
      expect(server.emitted()).toBe(0);
      const holder = await pausedClient(server);
      holder.socket.destroy();
      expect(holder.head).toBe('HTTP/1.1 200 OK');
      expect(server.emitted()).toBeGreaterThan(0);
    } finally {
      for (const c of anonymous) c.socket.destroy();
    }
  });

  it('a cross-site request without CORS (a no-cors fetch, an <img>) is refused before it opens a slot, even with open reads', async () => {
    const server = await serve('hitl-action', { openReads: true });
    const noCors = await pausedClient(server, { anonymous: true, headers: 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\n' });
    noCors.socket.destroy();
    expect(noCors.head).toBe('HTTP/1.1 403 Forbidden');
    expect((await send(server, 'GET', '/thread', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect(server.stats().streams).toBe(0);
    expect(server.emitted()).toBe(0);
    // The same from a page's own navigation, or with open reads and no fetch metadata, is a read.
    expect((await send(server, 'GET', '/thread', { 'Sec-Fetch-Site': 'none' })).status).toBe(200);
  });

  it('64 idle streams do not lock others out: a newcomer takes the slot of the stream idle longest', async () => {
    // The recording holds at an unanswered approval: every stream goes idle after its first events.
    const server = await serve('hitl-action', { openReads: true });
    const idle = await Promise.all(Array.from({ length: 64 }, () => pausedClient(server, { anonymous: true })));
    try {
      expect(idle.every((c) => c.head === 'HTTP/1.1 200 OK')).toBe(true);
      await new Promise((r) => setTimeout(r, 1_200)); // idle past the eviction threshold
      const holder = await pausedClient(server);
      expect(holder.head).toBe('HTTP/1.1 200 OK');
      expect(server.stats().streams).toBe(64);
      // Another token holder, and then one without the token, still get in (idle anonymous slots remain).
      expect((await pausedClient(server)).head).toBe('HTTP/1.1 200 OK');
      expect((await pausedClient(server, { anonymous: true })).head).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const c of idle) c.socket.destroy();
    }
  });

  it('a newcomer without the token never takes a token holder\'s slot', async () => {
    const server = await serve('hitl-action', { openReads: true, maxStreams: 4 });
    const holders = await Promise.all(Array.from({ length: 4 }, () => pausedClient(server)));
    try {
      await new Promise((r) => setTimeout(r, 1_200));
      expect((await pausedClient(server, { anonymous: true })).head).toBe('HTTP/1.1 503 Service Unavailable');
      expect((await pausedClient(server)).head).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const c of holders) c.socket.destroy();
    }
  });

  it('a stream that carries no event for streamIdleMs is ended, and its client may resume', async () => {
    const server = await serve('hitl-action', { streamIdleMs: 300 });
    const first = await readStream(server); // ends when the server ends it, held at the approval
    expect(first.status).toBe(200);
    expect(first.ids.length).toBeGreaterThan(0);
    expect(server.stats().streams).toBe(0);
  });

  it('a body trickled slower than the request timeout is cut with 408', async () => {
    const server = await serve('hitl-action', { requestTimeoutMs: 1_000 });
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    const head = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]!)));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`POST /actions/action-write-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${server.writeToken}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
    const timer = setInterval(() => socket.write(' '), 200);
    try {
      expect(await head).toBe('HTTP/1.1 408 Request Timeout');
      await closed;
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });

  it('sockets trickling their headers (slowloris) neither keep a request out nor stay past the header timeout', async () => {
    const server = await serve('hitl-action', { maxSockets: 40, headersTimeoutMs: 1_000 });
    const slow = Array.from({ length: 60 }, () => trickle(server));
    const closed = slow.map((socket) => new Promise<void>((resolve) => socket.on('close', () => resolve())));
    try {
      await new Promise((r) => setTimeout(r, 300));
      // At the limit the oldest socket without a request in progress makes room.
      const replies = await Promise.all(Array.from({ length: 5 }, () => send(server, 'GET', '/thread', bearer(server))));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      await Promise.all(closed); // the header timeout closed every one of them
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });
});
