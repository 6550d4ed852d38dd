// Any RuntimeProviderAdapter served over HTTP as the kit's SSE + writes protocol, the one the
// kit's `httpAdapter` speaks and the fixture server replays: a Fetch-API handler
// (`Request → Response`), so a Next.js route handler, Hono or a Worker mounts it as is, and Node's
// `http` through `toNodeHandler`. Framework-free: it never imports an agent framework.
import type { JsonObject, RuntimeEventEnvelope } from '../protocol/events';
import type { RuntimeProviderAdapter, StartTurnInput } from '../protocol/providerAdapter';
import { createEnvelopeFactory } from '../adapters/core/envelopeFactory';
import { TERMINAL_TURN_EVENTS } from '../adapters/core/turnQueue';
import { createEventLog, type EventLog } from './eventLog';

/**
 * What the bridge hands an adapter factory: spread it into `createXxxAdapter({ ...feed, ... })`
 * so every event the adapter emits reaches the event stream, and a restarted server continues
 * its session (its events so far, and the sequence after them).
 */
export interface BridgeFeed {
  onEvent(event: RuntimeEventEnvelope): void;
  history: readonly RuntimeEventEnvelope[];
  sequence: number;
}

/** Options of `createRuntimeBridge`: the adapter (or its factory), the log, the path it is mounted at, who may write. */
export interface RuntimeBridgeOptions {
  /** The adapter to serve, or a factory given the bridge's feed (`onEvent`, `history`, `sequence`). */
  adapter: RuntimeProviderAdapter | ((feed: BridgeFeed) => RuntimeProviderAdapter);
  /** Events a restarted server logged before (loaded from where `persist` kept them). */
  history?: readonly RuntimeEventEnvelope[];
  /** Called once with each new event before any stream sends it: persist it (a JSONL line, a row). */
  persist?: (event: RuntimeEventEnvelope) => void;
  /** The path the bridge is mounted under (`/api`): routes are read after it. Default: none. */
  basePath?: string;
  /**
   * Decides whether a request may go on (check the app's session or token here): true, or a
   * refusal `Response`. Default: every request (put the bridge behind the app's own auth).
   */
  authorize?: (request: Request) => boolean | Response | Promise<boolean | Response>;
  /** Largest write body accepted, in bytes (413 beyond). Default 64 KiB. */
  maxBodyBytes?: number;
  /** Comment lines sent on idle event streams, in ms, so proxies keep them open. Default 15 s. */
  heartbeatMs?: number;
  /** The runtime id of the facts the bridge states itself (a turn a restart cut). Default `agentui-bridge`. */
  runtimeId?: string;
  /** Where errors that were survived are reported (a turn that threw after it was accepted). Default: console.error. */
  onError?: (message: string) => void;
}

/** A running bridge: the Fetch handler, its event log, and `publish` for events the adapter emits outside its writes. */
export interface RuntimeBridge {
  /** Handles one request: `GET /events`, `GET /thread`, `GET /capabilities`, `GET /refs`, the writes under `POST`. */
  fetch(request: Request): Promise<Response>;
  /** Logs an event and sends it to every open event stream (wired for you when `adapter` is a factory). */
  publish(event: RuntimeEventEnvelope): void;
  readonly log: EventLog;
  readonly adapter: RuntimeProviderAdapter;
}

const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
const refusal = (status: number, error: string) => json(status, { error });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A body the route could not use: its status and why. */
class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: Request, limit: number): Promise<JsonObject> {
  if (Number(request.headers.get('content-length')) > limit) throw new BadRequest(413, `the body is over the ${limit}-byte limit`);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new BadRequest(415, 'writes must be Content-Type: application/json');
  const text = await request.text();
  if (text.length > limit) throw new BadRequest(413, `the body is over the ${limit}-byte limit`);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequest(400, 'the body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequest(400, 'the body must be a JSON object');
  return value as JsonObject;
}

/**
 * Turns a restart cut off: a turn the log shows started and never ended did not finish, and
 * cannot (its process is gone). Said as a fact, with what to do, and its pending requests
 * cancelled, so the thread does not show them running forever.
 */
function closeCutTurns(log: EventLog, runtimeId: string): void {
  const open = new Map<string, RuntimeEventEnvelope>();
  const pending = new Map<string, RuntimeEventEnvelope>();
  for (const event of log.events) {
    if (typeof event.turnId === 'string' && (event.type === 'turn.submitted' || event.type === 'turn.started')) open.set(event.turnId, event);
    if (typeof event.turnId === 'string' && TERMINAL_TURN_EVENTS.has(event.type)) open.delete(event.turnId);
    if (typeof event.actionId === 'string' && event.type === 'action.required') pending.set(event.actionId, event);
    if (typeof event.actionId === 'string' && (event.type === 'action.resolved' || event.type === 'action.cancelled' || event.type === 'action.expired')) pending.delete(event.actionId);
  }
  if (open.size === 0) return;
  const last = log.events[log.events.length - 1]!;
  const factory = createEnvelopeFactory({
    sessionId: last.sessionId ?? 'session',
    ...(typeof last.threadId === 'string' && { threadId: last.threadId }),
    runtimeId,
    sequence: typeof last.sequence === 'number' ? last.sequence : log.events.length,
    idPrefix: `${last.sessionId ?? 'session'}-restart-${Date.now().toString(36)}`,
  });
  for (const [turnId] of open) {
    for (const [actionId, required] of pending) {
      if (required.turnId !== turnId) continue;
      log.append(factory.event('action.cancelled', { turnId, actionId, ...(typeof required.toolCallId === 'string' && { toolCallId: required.toolCallId }) }, { reason: 'The server restarted before the runtime acted on this request.' }));
    }
    log.append(
      factory.event('turn.failed', { turnId }, {
        failureCategory: 'runtime_restarted',
        retryable: true,
        message: 'The server restarted while this turn was running.',
        recoveryHint: 'Send the message again; the conversation so far is kept.',
      }),
    );
  }
}

/**
 * Serves a `RuntimeProviderAdapter` over HTTP, as the kit's `httpAdapter` expects it:
 * `GET /events` (SSE of every event, resumable with `Last-Event-ID` or `?cursor=`),
 * `GET /thread[?before=]` (`readThread`), `GET /capabilities`, `GET /refs?ref=` (`loadRef`),
 * `POST /turns` (answers the turn's first fact; the rest arrive on `/events`),
 * `POST /turns/:id/cancel`, `POST /actions/:id`, `POST /tools/:toolCallId/output`,
 * `POST /evidence/export`. Writes answer with the runtime's event as JSON; a write the runtime
 * refuses is a 409 with its reason. A restarted server (given `history`) first states that the
 * turns it was running were cut.
 * @example
 * const bridge = createRuntimeBridge({
 *   basePath: '/api',
 *   adapter: (feed) => createLangGraphAdapter({ ...feed, graph }),
 * });
 * export const GET = bridge.fetch;   // Next.js app/api/[...path]/route.ts
 * export const POST = bridge.fetch;
 */
export function createRuntimeBridge(options: RuntimeBridgeOptions): RuntimeBridge {
  const log = createEventLog({ history: options.history, ...(options.persist !== undefined && { persist: options.persist }) });
  const report = options.onError ?? ((message: string) => console.error(`runtime bridge: ${message}`));
  if (log.events.length > 0) closeCutTurns(log, options.runtimeId ?? 'agentui-bridge');
  const publish = (event: RuntimeEventEnvelope) => void log.append(event);
  const lastSequence = log.events.reduce((max, event) => (typeof event.sequence === 'number' && event.sequence > max ? event.sequence : max), 0);
  const adapter = typeof options.adapter === 'function' ? options.adapter({ onEvent: publish, history: log.events.slice(), sequence: lastSequence }) : options.adapter;
  const base = (options.basePath ?? '').replace(/\/$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const encoder = new TextEncoder();

  /** The runtime's answer to a write, logged like every event (an adapter without `onEvent` loses nothing). */
  const answered = (event: RuntimeEventEnvelope) => {
    publish(event);
    return json(200, event);
  };

  function eventStream(request: Request, url: URL): Response {
    const cursor = url.searchParams.get('cursor');
    let index = log.indexAfter(request.headers.get('last-event-id') ?? undefined, cursor === null ? undefined : Number(cursor));
    const closed = new AbortController();
    request.signal?.addEventListener('abort', () => closed.abort(), { once: true });
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        heartbeat = setInterval(() => {
          try {
            controller.enqueue(encoder.encode(': heartbeat\n\n'));
          } catch {
            clearInterval(heartbeat);
          }
        }, heartbeatMs);
      },
      // Pulled at the reader's pace: a slow client holds a position in the log, never a copy of it.
      async pull(controller) {
        await log.waitPast(index, closed.signal);
        if (closed.signal.aborted) return;
        let chunk = '';
        while (index < log.events.length && chunk.length < 16_384) {
          const event = log.events[index++]!;
          chunk += `id: ${event.eventId}\ndata: ${JSON.stringify(event)}\n\n`;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      cancel() {
        clearInterval(heartbeat);
        closed.abort();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' } });
  }

  async function startTurn(request: Request): Promise<Response> {
    const body = await readBody(request, maxBodyBytes);
    if (typeof body.prompt !== 'string') throw new BadRequest(400, 'prompt must be a string');
    const mode = body.mode === undefined ? 'start' : body.mode;
    if (mode !== 'start' && mode !== 'queue' && mode !== 'steer') throw new BadRequest(400, 'mode must be start, queue or steer');
    const input: StartTurnInput = {
      prompt: body.prompt,
      mode,
      ...(typeof body.sessionId === 'string' && { sessionId: body.sessionId }),
      ...(typeof body.threadId === 'string' && { threadId: body.threadId }),
    };
    const events = adapter.startTurn(input)[Symbol.asyncIterator]();
    let first: IteratorResult<RuntimeEventEnvelope>;
    try {
      first = await events.next();
    } catch (error) {
      return refusal(409, messageOf(error));
    }
    if (!first.done) publish(first.value);
    // The turn runs on after the request is answered; its facts arrive on /events.
    void (async () => {
      for (let next = await events.next(); !next.done; next = await events.next()) publish(next.value);
    })().catch((error: unknown) => report(`a turn failed after it was accepted: ${messageOf(error)}`));
    return new Response(first.done ? '' : `${JSON.stringify(first.value)}\n`, { status: 200, headers: { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' } });
  }

  async function write(request: Request, parts: string[]): Promise<Response> {
    const id = (index: number) => {
      try {
        return decodeURIComponent(parts[index]!);
      } catch {
        throw new BadRequest(400, 'the id is not valid percent-encoding');
      }
    };
    if (parts[0] === 'turns' && parts.length === 1) return startTurn(request);
    if (parts[0] === 'turns' && parts[2] === 'cancel' && parts.length === 3) {
      const body = await readBody(request, maxBodyBytes);
      const turnId = id(1);
      return answered(await adapter.cancelTurn({ ...body, turnId: turnId === 'active' ? undefined : turnId }));
    }
    if (parts[0] === 'actions' && parts.length === 2) {
      const body = await readBody(request, maxBodyBytes);
      if (typeof body.decision !== 'string') throw new BadRequest(400, 'decision must be a string');
      const payload = typeof body.payload === 'object' && body.payload !== null && !Array.isArray(body.payload) ? (body.payload as JsonObject) : undefined;
      return answered(await adapter.respondAction({ actionId: id(1), decision: body.decision, ...(payload !== undefined && { payload }) }));
    }
    if (parts[0] === 'tools' && parts[2] === 'output' && parts.length === 3) {
      if (adapter.addToolOutput === undefined) return refusal(501, 'this runtime runs every tool itself: it takes no tool output');
      const body = await readBody(request, maxBodyBytes);
      const errorText = typeof body.errorText === 'string' ? body.errorText : undefined;
      return answered(await adapter.addToolOutput({ toolCallId: id(1), ...(errorText !== undefined ? { errorText } : { output: body.output }) }));
    }
    if (parts[0] === 'evidence' && parts[1] === 'export' && parts.length === 2) {
      if (adapter.exportEvidence === undefined) return refusal(501, 'this runtime exports no evidence');
      return answered(await adapter.exportEvidence(await readBody(request, maxBodyBytes)));
    }
    return refusal(404, 'no such route');
  }

  async function read(request: Request, url: URL, parts: string[]): Promise<Response> {
    if (parts[0] === 'events' && parts.length === 1) return eventStream(request, url);
    if (parts[0] === 'thread' && parts.length === 1) {
      const before = url.searchParams.get('before');
      return json(200, await adapter.readThread({ ...(before !== null && { before }) }));
    }
    if (parts[0] === 'capabilities' && parts.length === 1) return json(200, adapter.capabilities ?? null);
    if (parts[0] === 'refs' && parts.length === 1) {
      const load = (adapter as { loadRef?: (ref: string) => Promise<string> }).loadRef;
      if (load === undefined) return refusal(501, 'this runtime keeps no refs');
      return json(200, { text: await load(url.searchParams.get('ref') ?? '') });
    }
    return refusal(404, 'no such route');
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (base !== '' && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return refusal(404, 'no such route');
    const parts = url.pathname.slice(base.length).split('/').filter(Boolean);
    if (options.authorize !== undefined) {
      const verdict = await options.authorize(request);
      if (verdict instanceof Response) return verdict;
      if (!verdict) return refusal(401, 'not authorized');
    }
    if (request.method !== 'GET' && request.method !== 'POST') return refusal(405, 'the bridge answers GET and POST');
    try {
      return request.method === 'GET' ? await read(request, url, parts) : await write(request, parts);
    } catch (error) {
      if (error instanceof BadRequest) return refusal(error.status, error.message);
      // A read the runtime could not answer is its failure; a write it refused (nothing waiting,
      // a turn it cannot steer ...) is a conflict with what it runs: the reason either way, facts kept.
      if (request.method === 'GET') return refusal(502, `the runtime could not answer: ${messageOf(error)}`);
      return refusal(409, messageOf(error));
    }
  }

  return { fetch: handle, publish, log, adapter };
}
