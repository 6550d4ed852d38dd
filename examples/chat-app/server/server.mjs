// The chat app's server: the AI SDK agent behind agentui-kit's AI SDK adapter, served over the
// HTTP conventions of the kit's `httpAdapter` (POST /api/turns, POST /api/actions/:id,
// POST /api/turns/:id/cancel, GET /api/thread, live events on GET /api/events as SSE with
// Last-Event-ID resume). Every event is appended to a log file first, so a restarted server
// still serves the thread, and says what became of the turn it was running.
// Usage: node server/server.mjs [--port 6107]   (serves the built app from ../dist)
import { createServer } from 'node:http';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createAiSdkAdapter } from 'agentui-kit/adapters/ai-sdk';
import { createEnvelopeFactory } from 'agentui-kit/headless';
import { chat } from './agent.mjs';

const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]) || Number(process.env.PORT) || 6107;
const logFile = process.env.CHAT_APP_LOG ?? join(tmpdir(), 'agentui-chat-app.jsonl');
const appDir = fileURLToPath(new URL('../dist/', import.meta.url));
const SESSION = { sessionId: 'chat-app', threadId: 'thread-1', runtimeId: 'chat-app-ai-sdk' };

// ---- the event log: what the browser can resume from, kept across restarts ----
const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
const clients = new Set();
function publish(event) {
  appendFileSync(logFile, JSON.stringify(event) + '\n');
  log.push(event);
  for (const send of clients) send(event);
}

// A turn the previous process was running did not finish, and cannot: say so, as a fact.
const TERMINAL = new Set(['turn.completed', 'turn.failed', 'turn.cancelled']);
const open = new Set();
for (const event of log) {
  if (event.type === 'turn.submitted') open.add(event.turnId);
  if (TERMINAL.has(event.type)) open.delete(event.turnId);
}
const restart = createEnvelopeFactory({ ...SESSION, sequence: log.at(-1)?.sequence ?? 0, idPrefix: `chat-app-restart-${Date.now().toString(36)}` });
for (const turnId of open) {
  publish(restart.event('turn.failed', { turnId }, {
    failureCategory: 'runtime_restarted',
    message: 'The server restarted while this turn was running.',
    recoveryHint: 'Send the message again; the conversation so far is kept.',
  }));
}

const adapter = createAiSdkAdapter({
  ...SESSION,
  chat,
  history: log,
  sequence: log.at(-1)?.sequence ?? 0,
  idPrefix: `ai${Date.now().toString(36)}`, // turn and event ids unique to this process
  onEvent: publish,
});

// ---- HTTP ----
const readBody = (req) => new Promise((resolve, reject) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      resolve(body === '' ? {} : JSON.parse(body));
    } catch (error) {
      reject(error);
    }
  });
});
const json = (res, status, value) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
};

let running;

function streamEvents(req, res, url) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  const lastId = req.headers['last-event-id'];
  const cursor = Number(url.searchParams.get('cursor'));
  let from = 0;
  if (typeof lastId === 'string' && lastId !== '') from = log.findIndex((e) => e.eventId === lastId) + 1;
  if (Number.isFinite(cursor) && url.searchParams.has('cursor')) from = Math.max(from, log.filter((e) => e.sequence <= cursor).length);
  const send = (event) => res.write(`id: ${event.eventId}\ndata: ${JSON.stringify(event)}\n\n`);
  for (const event of log.slice(from)) send(event);
  clients.add(send);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), 5_000);
  req.on('close', () => {
    clearInterval(heartbeat);
    clients.delete(send);
  });
}

async function startTurn(req, res) {
  if (running) return json(res, 409, { error: 'a turn is running: wait for it, or cancel it' });
  const input = await readBody(req);
  const events = adapter.startTurn({ ...input, prompt: String(input.prompt ?? '') })[Symbol.asyncIterator]();
  // The turn's first event (turn.submitted) answers the request; the rest arrive on /api/events.
  const first = await events.next();
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store' });
  res.end(first.done ? '' : JSON.stringify(first.value) + '\n');
  running = (async () => {
    while (!(await events.next()).done);
  })().finally(() => (running = undefined));
}

async function route(req, res) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] !== 'api') return serveApp(res, url.pathname);
  try {
    if (req.method === 'GET' && parts[1] === 'events') return streamEvents(req, res, url);
    if (req.method === 'GET' && parts[1] === 'thread') return json(res, 200, await adapter.readThread({ before: url.searchParams.get('before') ?? undefined }));
    if (req.method === 'GET' && parts[1] === 'refs') return json(res, 200, { text: await adapter.loadRef(url.searchParams.get('ref') ?? '') });
    if (req.method === 'POST' && parts[1] === 'turns' && parts.length === 2) return await startTurn(req, res);
    if (req.method === 'POST' && parts[1] === 'turns' && parts[3] === 'cancel') return json(res, 200, await adapter.cancelTurn({ turnId: parts[2] === 'active' ? undefined : parts[2] }));
    if (req.method === 'POST' && parts[1] === 'actions' && parts[2]) return json(res, 200, await adapter.respondAction({ ...(await readBody(req)), actionId: decodeURIComponent(parts[2]) }));
    return json(res, 404, { error: 'not found' });
  } catch (error) {
    return json(res, 409, { error: error instanceof Error ? error.message : String(error) });
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
function serveApp(res, pathname) {
  const file = join(appDir, pathname === '/' ? 'index.html' : pathname.replace(/\.\.+/g, ''));
  const path = existsSync(file) && file.startsWith(appDir) ? file : join(appDir, 'index.html');
  if (!existsSync(path)) {
    res.writeHead(503, { 'Content-Type': 'text/plain' });
    return res.end('The app is not built: run `npm run example` from the repository root.');
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
  res.end(readFileSync(path));
}

createServer((req, res) => void route(req, res)).listen(port, '127.0.0.1', () => {
  console.log(`chat app on http://127.0.0.1:${port} (${process.env.AI_GATEWAY_API_KEY ? 'AI Gateway model' : 'scripted mock model'}; log ${logFile})`);
});
