// A small runtime that replays a fixture over HTTP on loopback, for repair and round-trip tests,
// and for wiring a page to a live-like stream. Node only (node:http); not part of ./headless.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonObject } from '../protocol/events';
import { createRequestGuard, newWriteToken } from './requestGuard';
import { buildThreadReadModel } from './threadReadModel';

export interface FixtureServerOptions {
  port?: number;
  host?: string;
  /** Playback speed of the recorded timing. Default 1. */
  speed?: number;
  /** Longest recorded pause honoured, in ms (before speed). Default 1,000. */
  maxGapMs?: number;
  /** Drop every SSE connection after it has sent this many events. */
  dropAfter?: number;
  /** Send each event twice with this probability (0..1). */
  duplicateRate?: number;
  /** Sequences emitted to the log (and the read model) but never sent on the stream: a gap. */
  gap?: readonly number[];
  /** Hold recorded action resolutions until `POST /actions/:id` answers them. Default true. */
  awaitActions?: boolean;
  seed?: number;
  /** Origins whose pages may use the server (CORS). Default none: other websites can neither read nor write. */
  allowOrigin?: readonly string[];
  /** The token writes must carry (`Authorization: Bearer`). Default: a random one per run. */
  writeToken?: string;
}

export interface FixtureServer {
  url: string;
  port: number;
  /** The token `POST` requests must send as `Authorization: Bearer <token>`. */
  writeToken: string;
  /** Events emitted so far. */
  emitted(): number;
  /** Actions answered so far. */
  answered(): number;
  close(): Promise<void>;
}

const RESOLVING = new Set(['action.resolved', 'action.cancelled', 'action.expired']);

function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

async function readBody(req: IncomingMessage): Promise<JsonObject> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function startFixtureServer(events: readonly JsonObject[], options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const speed = options.speed ?? 1;
  if (!(speed > 0 && Number.isFinite(speed))) return Promise.reject(new RangeError(`speed must be a positive number (got ${speed})`));
  const maxGapMs = options.maxGapMs ?? 1_000;
  const gap = new Set(options.gap ?? []);
  const awaitActions = options.awaitActions ?? true;
  const random = prng(options.seed ?? 7);
  const writeToken = options.writeToken ?? newWriteToken();
  const guard = createRequestGuard(writeToken, options);
  const log: JsonObject[] = [];
  const answers = new Map<string, JsonObject>();
  const clients = new Set<(event: JsonObject) => void>();
  const sockets = new Set<import('node:net').Socket>();
  let next = 0;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const endListeners = new Set<() => void>();

  const timeOf = (e: JsonObject | undefined) => (typeof e?.timestamp === 'string' ? Date.parse(e.timestamp) : Number.NaN);

  // Playback keeps a schedule: each event is due at its (capped, scaled) offset from the start, and
  // every tick emits all events already due, so high rates are met despite timer granularity.
  let clockStart = 0;
  let dueOffset = 0;

  /** The next event, unless it is a user's decision nobody has answered yet. */
  function nextEmittable(): JsonObject | undefined {
    const event = events[next];
    if (!event) return undefined;
    const actionId = typeof event.actionId === 'string' ? event.actionId : undefined;
    // Only a user's decision waits for an answer; expiry and cancellation are the runtime's own facts.
    const decided = typeof (event.payload as JsonObject | undefined)?.decision === 'string';
    if (!(awaitActions && RESOLVING.has(String(event.type)) && actionId !== undefined && decided)) return event;
    const answer = answers.get(actionId);
    if (!answer) return undefined;
    return { ...event, payload: { ...(event.payload as JsonObject), ...(typeof answer.decision === 'string' && { decision: answer.decision }) } };
  }

  function advance(): void {
    timer = undefined;
    const now = performance.now();
    while (next < events.length && clockStart + dueOffset <= now) {
      const event = nextEmittable();
      if (!event) {
        // Held at an unanswered decision: the schedule restarts from the answer.
        dueOffset = now - clockStart;
        return;
      }
      next += 1;
      log.push(event);
      for (const client of clients) client(event);
      const gapMs = timeOf(events[next]) - timeOf(event);
      dueOffset += Number.isFinite(gapMs) ? Math.min(Math.max(gapMs, 0), maxGapMs) / speed : 0;
    }
    if (next >= events.length) {
      ended = true;
      for (const listener of endListeners) listener();
      return;
    }
    timer = setTimeout(advance, Math.max(0, clockStart + dueOffset - performance.now()));
  }

  function startPlayback(): void {
    if (started) return;
    started = true;
    clockStart = performance.now();
    advance();
  }

  function streamEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    startPlayback();
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', ...guard.corsHeaders(req) });
    const lastId = req.headers['last-event-id'];
    const cursor = url.searchParams.get('cursor');
    let from = 0;
    if (typeof lastId === 'string' && lastId !== '') {
      const index = log.findIndex((e) => e.eventId === lastId);
      if (index >= 0) from = index + 1;
    }
    if (cursor !== null && Number.isFinite(Number(cursor))) {
      const after = Number(cursor);
      const index = log.findIndex((e) => typeof e.sequence === 'number' && e.sequence > after);
      from = Math.max(from, index < 0 ? log.length : index);
    }
    let sent = 0;
    let dropped = false;
    res.on('error', () => undefined); // a dropped client is expected here
    const write = (event: JsonObject) => {
      if (dropped) return;
      if (typeof event.sequence === 'number' && gap.has(event.sequence)) return;
      const frame = `id: ${String(event.eventId)}\ndata: ${JSON.stringify(event)}\n\n`;
      res.write(frame);
      if (random() < (options.duplicateRate ?? 0)) res.write(frame);
      sent += 1;
      if (options.dropAfter !== undefined && sent >= options.dropAfter) {
        dropped = true;
        cleanup();
        req.socket.end(); // flushes what was written, then cuts the stream mid-body
      }
    };
    const finish = () => {
      res.write('event: end\ndata: {}\n\n');
      cleanup();
      res.end();
    };
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), 5_000);
    const cleanup = () => {
      clearInterval(heartbeat);
      clients.delete(write);
      endListeners.delete(finish);
    };
    req.on('close', cleanup);
    for (const event of log.slice(from)) {
      write(event);
      if (dropped) return;
    }
    if (ended) return finish();
    clients.add(write);
    endListeners.add(finish);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const parts = url.pathname.split('/').filter(Boolean);
    const refusal = guard.refuse(req);
    if (refusal) return sendJson(res, refusal.status, { error: refusal.error }, { ...refusal.headers, Connection: 'close' });
    if (req.method === 'OPTIONS') {
      const { status, headers } = guard.preflight(req);
      res.writeHead(status, headers);
      return void res.end();
    }
    const cors = guard.corsHeaders(req);
    if (req.method === 'GET' && url.pathname === '/events') return streamEvents(req, res, url);
    if (req.method === 'GET' && url.pathname === '/thread') {
      if (url.searchParams.has('before')) return sendJson(res, 200, { ...buildThreadReadModel([]), messages: [], turns: [] }, cors);
      return sendJson(res, 200, buildThreadReadModel(log), cors);
    }
    if (req.method === 'POST' && parts[0] === 'actions' && parts[1]) {
      const actionId = decodeURIComponent(parts[1]);
      const body = await readBody(req);
      if (typeof body.decision !== 'string') return sendJson(res, 400, { error: 'decision must be a string' }, cors);
      // Only actions the recording resolves can be answered, so the answer table stays as small as the fixture.
      const recorded = events.find((e) => e.actionId === actionId && RESOLVING.has(String(e.type)));
      if (!recorded) return sendJson(res, 404, { error: 'the fixture never resolves this action' }, cors);
      if (answers.has(actionId)) return sendJson(res, 409, { error: 'this action was already answered' }, cors);
      answers.set(actionId, body);
      if (!timer && started && !ended) {
        dueOffset = performance.now() - clockStart;
        advance();
      }
      return sendJson(res, 202, { ...recorded, payload: { ...(recorded.payload as JsonObject), decision: body.decision } }, cors);
    }
    if (req.method === 'POST' && (parts[0] === 'turns' || parts[0] === 'evidence')) {
      return sendJson(res, 501, { error: 'the fixture server replays a recording: it cannot start, cancel or export' }, cors);
    }
    sendJson(res, 404, { error: 'no such route' }, cors);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${port}`,
        port,
        writeToken,
        emitted: () => log.length,
        answered: () => answers.size,
        close: () =>
          new Promise<void>((done) => {
            if (timer) clearTimeout(timer);
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
