// A small runtime that replays a fixture over HTTP on loopback, for repair and round-trip tests,
// and for wiring a page to a live-like stream. Node only (node:http); not part of ./headless.
// Hostile clients are expected: see requestGuard (who may talk), readJsonBody (how much they may
// send), eventStreamClient (how slowly they may read), the socket and stream limits below (how many
// may wait, and for how long) and threadReadModelCache (what a read costs). No request or timer
// error ends the process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { JsonObject } from '../protocol/events';
import { EventStreamClient, type LoggedFrame } from './eventStreamClient';
import { HttpError, readJsonBody } from './readJsonBody';
import { createRequestGuard, newWriteToken } from './requestGuard';
import { buildThreadReadModel } from '../store/threadReadModel';
import { readLastEventId } from '../stream/lastEventId';
import { ThreadReadModelCache } from './threadReadModelCache';

/**
 * Options of `startFixtureServer`: where it listens, playback timing, fault injection (drops,
 * gaps), and write security (token, allowed origins).
 */
export interface FixtureServerOptions {
  port?: number;
  host?: string;
  /** Playback speed of the recorded timing, greater than 0. Default 1. */
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
  /**
   * The token requests must carry (`Authorization: Bearer`): every write, and every read unless
   * `openReads`. Default: a random one per run.
   */
  writeToken?: string;
  /**
   * Let reads (`GET /events`, `GET /thread`) through without the token. Default false: a stream
   * slot, playback and the cost of a read model are only for token holders. When open, a token
   * holder may still take the slot of an idle stream opened without it.
   */
  openReads?: boolean;
  /** Largest request body accepted, in bytes (413 beyond). Default 64 KiB. */
  maxBodyBytes?: number;
  /** Open SSE streams at once (503 beyond). Default 64. */
  maxStreams?: number;
  /** Other requests in progress at once (503 beyond). Default 64. */
  maxRequests?: number;
  /** A stream that cannot take output for this long is dropped. Default 30 s. */
  stallMs?: number;
  /**
   * A stream that carried no event for this long is ended; its client may resume with
   * `Last-Event-ID`. Heartbeats do not count: a paused socket takes them for hours. Default 5 min.
   */
  streamIdleMs?: number;
  /** Time a client has to send its request headers (slowloris). Default 10 s. */
  headersTimeoutMs?: number;
  /** Time a client has to send its whole request, body included. Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * Sockets open at once. When full, the oldest socket with no request in progress (one still
   * trickling its headers, or an idle keep-alive) is closed for the newcomer. Default 1,024.
   */
  maxSockets?: number;
  /** Where errors that were survived are reported (an event that cannot be sent, a failed request). Default: stderr. */
  onError?: (message: string) => void;
}

/** A running fixture server: its URL and port, the write token, counters, and `close()`. */
export interface FixtureServer {
  url: string;
  port: number;
  /** The token requests must send as `Authorization: Bearer <token>` (writes always, reads unless `openReads`). */
  writeToken: string;
  /** Events emitted so far. */
  emitted(): number;
  /** Actions answered so far. */
  answered(): number;
  /** Open streams and the output they hold that their sockets have not taken yet. */
  stats(): { streams: number; bufferedBytes: number };
  close(): Promise<void>;
}

const RESOLVING = new Set(['action.resolved', 'action.cancelled', 'action.expired']);
// Above any browser's own limit of six connections per host, below what exhausts memory.
const DEFAULT_MAX_SOCKETS = 1_024;
/** A full server gives a newcomer the slot of a stream that carried no event for at least this long. */
const EVICTABLE_IDLE_MS = 1_000;
/** How often Node checks the header and request timeouts (its default, 30 s, let them run 30 s late). */
const TIMEOUT_CHECK_MS = 1_000;

function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

function sendJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Serves recorded events on loopback as a runtime would: SSE/NDJSON streams with cursors and
 * repair, `readThread`, and controlled writes (token-protected).
 * Rejects when `speed` is not a positive number or the port is taken.
 * @example
 * const server = await startFixtureServer(events, { port: 0 });
 * const adapter = httpAdapter(server.url, { headers: { authorization: `Bearer ${server.writeToken}` } });
 * // ... later
 * await server.close();
 */
export function startFixtureServer(events: readonly JsonObject[], options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const speed = options.speed ?? 1;
  if (!(speed > 0 && Number.isFinite(speed))) return Promise.reject(new RangeError(`speed must be a positive number (got ${speed})`));
  const maxGapMs = options.maxGapMs ?? 1_000;
  const gap = new Set(options.gap ?? []);
  const awaitActions = options.awaitActions ?? true;
  const random = prng(options.seed ?? 7);
  const writeToken = options.writeToken ?? newWriteToken();
  const guard = createRequestGuard(writeToken, options);
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const maxStreams = options.maxStreams ?? 64;
  const maxRequests = options.maxRequests ?? 64;
  const report = options.onError ?? ((message: string) => process.stderr.write(`fixture server: ${message}\n`));
  const log: JsonObject[] = [];
  const stream = { frames: [] as LoggedFrame[], ended: false };
  const answers = new Map<string, string>();
  /** Open streams, and whether each was opened with the token. */
  const clients = new Map<EventStreamClient, { trusted: boolean }>();
  /** Open sockets, oldest first, with the requests each has in progress. */
  const sockets = new Map<Socket, { busy: number }>();
  const maxSockets = options.maxSockets ?? DEFAULT_MAX_SOCKETS;
  const threadReadModel = new ThreadReadModelCache(log);
  let requests = 0;
  let next = 0;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
    const decision = answers.get(actionId);
    if (decision === undefined) return undefined;
    return { ...event, payload: { ...(event.payload as JsonObject), decision } };
  }

  /** Serializes an event once for every client; one that cannot be serialized is skipped, not fatal. */
  function emit(event: JsonObject, index: number): void {
    let frame: string;
    try {
      frame = `id: ${String(event.eventId)}\ndata: ${JSON.stringify(event)}\n\n`;
    } catch (error) {
      report(`event ${index + 1} (${String(event.eventId)}) cannot be sent, skipped: ${messageOf(error)}`);
      return;
    }
    log.push(event);
    stream.frames.push({ frame, ...(typeof event.sequence === 'number' && { sequence: event.sequence }) });
  }

  function advance(): void {
    timer = undefined;
    const now = performance.now();
    while (next < events.length && clockStart + dueOffset <= now) {
      const event = nextEmittable();
      if (!event) {
        // Held at an unanswered decision: the schedule restarts from the answer.
        dueOffset = now - clockStart;
        break;
      }
      emit(event, next);
      next += 1;
      const gapMs = timeOf(events[next]) - timeOf(event);
      dueOffset += Number.isFinite(gapMs) ? Math.min(Math.max(gapMs, 0), maxGapMs) / speed : 0;
    }
    if (next >= events.length) stream.ended = true;
    for (const client of clients.keys()) client.pump();
    if (!stream.ended && nextEmittable()) timer = setTimeout(tick, Math.max(0, clockStart + dueOffset - performance.now()));
  }

  function tick(): void {
    try {
      advance();
    } catch (error) {
      report(`playback: ${messageOf(error)}`);
      if (!timer && !stream.ended) timer = setTimeout(tick, 10);
    }
  }

  function startPlayback(): void {
    if (started) return;
    started = true;
    clockStart = performance.now();
    tick();
  }

  /**
   * Whether a new stream gets a slot: a free one, or that of the stream idle longest (at least
   * EVICTABLE_IDLE_MS without an event; one opened without the token first), which is ended and
   * may resume. A newcomer without the token never takes a token holder's slot.
   */
  function admitStream(trusted: boolean): boolean {
    if (clients.size < maxStreams) return true;
    const now = performance.now();
    let victim: EventStreamClient | undefined;
    let victimTrusted = true;
    for (const [client, slot] of clients) {
      if (now - client.lastActive < EVICTABLE_IDLE_MS || (slot.trusted && !trusted)) continue;
      const better = victim === undefined || (victimTrusted && !slot.trusted) || (victimTrusted === slot.trusted && client.lastActive < victim.lastActive);
      if (better) {
        victim = client;
        victimTrusted = slot.trusted;
      }
    }
    if (victim === undefined) return false;
    clients.delete(victim);
    victim.close();
    return true;
  }

  function streamEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const trusted = guard.holdsToken(req);
    if (!admitStream(trusted)) return sendJson(res, 503, { error: 'too many open streams' }, { 'Retry-After': '5', Connection: 'close' });
    startPlayback();
    // A finished stream is not reused: its socket closes once flushed, so idle streams hold no sockets.
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'close', ...guard.corsHeaders(req) });
    const lastHeader = req.headers['last-event-id'];
    const lastId = typeof lastHeader === 'string' ? readLastEventId(lastHeader) : undefined;
    const cursor = url.searchParams.get('cursor');
    let from = 0;
    if (lastId !== undefined && lastId !== '') {
      const index = log.findIndex((e) => e.eventId === lastId);
      if (index >= 0) from = index + 1;
    }
    if (cursor !== null && Number.isFinite(Number(cursor))) {
      const after = Number(cursor);
      const index = log.findIndex((e) => typeof e.sequence === 'number' && e.sequence > after);
      from = Math.max(from, index < 0 ? log.length : index);
    }
    const rate = options.duplicateRate ?? 0;
    const client: EventStreamClient = new EventStreamClient(res, stream, from, {
      gap,
      duplicate: () => random() < rate,
      dropAfter: options.dropAfter,
      stallMs: options.stallMs ?? 30_000,
      idleMs: options.streamIdleMs ?? 300_000,
      onClose: () => clients.delete(client),
    });
    clients.set(client, { trusted });
    client.pump();
  }

  async function answerAction(req: IncomingMessage, res: ServerResponse, rawId: string, cors: Record<string, string>): Promise<void> {
    let actionId: string;
    try {
      actionId = decodeURIComponent(rawId);
    } catch {
      throw new HttpError(400, 'the action id is not valid percent-encoding');
    }
    const body = await readJsonBody(req, maxBodyBytes);
    if (typeof body.decision !== 'string') return sendJson(res, 400, { error: 'decision must be a string' }, cors);
    // Only actions the recording resolves can be answered, so the answer table stays as small as the fixture.
    const recorded = events.find((e) => e.actionId === actionId && RESOLVING.has(String(e.type)));
    if (!recorded) return sendJson(res, 404, { error: 'the fixture never resolves this action' }, cors);
    if (answers.has(actionId)) return sendJson(res, 409, { error: 'this action was already answered' }, cors);
    answers.set(actionId, body.decision);
    if (!timer && started && !stream.ended) {
      dueOffset = performance.now() - clockStart;
      tick();
    }
    sendJson(res, 202, { ...recorded, payload: { ...(recorded.payload as JsonObject), decision: body.decision } }, cors);
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
      return sendJsonText(res, 200, await threadReadModel.body(), cors);
    }
    if (req.method === 'POST' && parts[0] === 'actions' && parts[1]) return answerAction(req, res, parts[1], cors);
    if (req.method === 'POST' && (parts[0] === 'turns' || parts[0] === 'evidence')) {
      return sendJson(res, 501, { error: 'the fixture server replays a recording: it cannot start, cancel or export' }, cors);
    }
    sendJson(res, 404, { error: 'no such route' }, cors);
  }

  /** Answers a failed request if it still can; the process goes on either way. */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const status = error instanceof HttpError ? error.status : 500;
    if (status === 500) report(`${req.method} ${req.url}: ${messageOf(error)}`);
    try {
      if (res.headersSent) return void res.destroy();
      sendJson(res, status, { error: error instanceof HttpError ? error.message : 'internal error' }, { Connection: 'close' });
      req.resume(); // discard what the client still sends, without keeping it
    } catch {
      res.destroy();
    }
  }

  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Node refuses a header timeout longer than the request's.
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    const socket = sockets.get(req.socket);
    if (socket) {
      socket.busy += 1;
      res.once('close', () => (socket.busy -= 1));
    }
    const streaming = req.method === 'GET' && req.url?.split('?')[0] === '/events';
    if (!streaming && requests >= maxRequests) return sendJson(res, 503, { error: 'too many requests at once' }, { 'Retry-After': '1', Connection: 'close' });
    if (!streaming) {
      requests += 1;
      res.once('close', () => (requests -= 1));
    }
    route(req, res).catch((error: unknown) => fail(req, res, error));
  });
  // Not server.maxConnections: at the limit it refuses the newcomer, so 1,100 sockets trickling
  // their headers kept every real request out until the header timeout. The oldest socket with
  // no request in progress makes room instead.
  server.on('connection', (socket: Socket) => {
    if (sockets.size >= maxSockets) {
      for (const [waiting, state] of sockets) {
        if (state.busy > 0) continue;
        sockets.delete(waiting);
        waiting.destroy();
        break;
      }
      if (sockets.size >= maxSockets) return void socket.destroy();
    }
    sockets.set(socket, { busy: 0 });
    socket.on('close', () => sockets.delete(socket));
  });
  const heartbeat = setInterval(() => {
    for (const client of clients.keys()) client.heartbeat();
  }, 5_000);
  heartbeat.unref();

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => report(`server: ${messageOf(error)}`));
      const { port, address } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${port}`,
        port,
        writeToken,
        emitted: () => log.length,
        answered: () => answers.size,
        stats: () => ({ streams: clients.size, bufferedBytes: [...clients.keys()].reduce((sum, c) => sum + c.buffered, 0) }),
        close: () =>
          new Promise<void>((done) => {
            if (timer) clearTimeout(timer);
            clearInterval(heartbeat);
            for (const socket of sockets.keys()) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
