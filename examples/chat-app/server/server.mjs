// The chat app's server: the AI SDK agent behind agentui-kit's AI SDK adapter, served by the kit's
// runtime bridge (agentui-kit/server) under /api: the protocol the browser's httpAdapter speaks.
// Every event is appended to this run's log first, and the model's conversation is saved after
// every turn, so a restarted server serves the same thread, says what became of the turn it was
// running, and the model still sees the earlier exchange.
// Usage: node server/server.mjs [--port 6107] [--log <file.jsonl>]   (serves the built app from ../dist)
import { createServer } from 'node:http';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createAiSdkAdapter } from 'agentui-kit/adapters/ai-sdk';
import { createRuntimeBridge, toNodeHandler } from 'agentui-kit/server';
import { chat } from './agent.mjs';

const args = process.argv.slice(2);
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const askedPort = flag('--port') ?? process.env.PORT;
const appDir = fileURLToPath(new URL('../dist/', import.meta.url));
const SESSION = { sessionId: 'chat-app', threadId: 'thread-1', runtimeId: 'chat-app-ai-sdk' };

/** Listens on the port asked for, or, when none was asked and 6107 is taken, on a free one. */
function listen(server) {
  const port = askedPort === undefined ? 6107 : Number(askedPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`chat app: --port must be a port number (got ${askedPort})`);
    process.exit(2);
  }
  return new Promise((resolve) => {
    server.once('error', (error) => {
      if (error.code !== 'EADDRINUSE') throw error;
      if (askedPort !== undefined) {
        console.error(`chat app: port ${port} is taken. Start it on another one: npm run example -- --port <port> (or PORT=<port>).`);
        process.exit(1);
      }
      console.log(`chat app: port ${port} is taken; taking a free one (choose with --port <port>).`);
      server.listen(0, '127.0.0.1', () => resolve(server.address().port));
    });
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
}

let handle = (_req, res) => {
  res.writeHead(503, { 'Content-Type': 'text/plain' });
  res.end('Starting.');
};
const server = createServer((req, res) => handle(req, res));
const port = await listen(server);

// One log per run and port (never a file every run shares); pass --log (or CHAT_APP_LOG) to continue one.
const logFile = flag('--log') ?? process.env.CHAT_APP_LOG ?? join(tmpdir(), 'agentui-chat-app', `run-${new Date().toISOString().replace(/[:.]/g, '-')}-port-${port}.jsonl`);
const conversationFile = logFile.replace(/\.jsonl$/, '') + '.messages.json';
mkdirSync(dirname(logFile), { recursive: true });
const history = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
const saved = existsSync(conversationFile) ? JSON.parse(readFileSync(conversationFile, 'utf8')) : [];

let adapter;
const SAVE_POINTS = new Set(['turn.submitted', 'action.resolved', 'tool.result', 'snapshot.updated']);
const bridge = createRuntimeBridge({
  basePath: '/api',
  history,
  // Kept before any browser sees it; the model's conversation is saved as it grows (a prompt taken,
  // an answer acted on, a turn's end), so a restart mid-turn keeps the exchange up to there.
  persist: (event) => {
    appendFileSync(logFile, JSON.stringify(event) + '\n');
    if (SAVE_POINTS.has(event.type) && adapter !== undefined) writeFileSync(conversationFile, JSON.stringify(adapter.messages()));
  },
  adapter: (feed) =>
    (adapter = createAiSdkAdapter({
      ...feed,
      ...SESSION,
      chat,
      steering: true,
      messages: saved,
      // Turn and event ids unique to this process: a restarted server never reuses one.
      idPrefix: `ai${Date.now().toString(36)}`,
    })),
});

const api = toNodeHandler(bridge);
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
handle = (req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (pathname === '/api' || pathname.startsWith('/api/')) return api(req, res);
  serveApp(res, pathname);
};

console.log(`chat app on http://127.0.0.1:${port} (${process.env.AI_GATEWAY_API_KEY ? 'AI Gateway model' : 'scripted mock model'}; log ${logFile})`);
