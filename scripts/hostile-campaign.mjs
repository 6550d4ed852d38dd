#!/usr/bin/env node
// Issue 13's adversarial campaign, re-run from outside against the built CLI and a served fixture
// server on loopback (npm run build first): cross-site writes, prototype names in snapshots, deep
// nesting, oversized bodies, paused clients, garbage/binary/endless input, a large replay, secret
// shapes through the redaction function, `--speed 0`. Then issue 23's second round (items 23.2,
// 23.8, 23.9, 23.10): resume after CJK/emoji event ids, a 200,000-event SSE frame, an endless SSE
// line, idle and slowloris sockets, a cross-site no-cors stream, GET /thread at 100,000 events and
// on combining-mark runs, stdout on a full disk, serve on a 200,000-event pretty-printed array,
// CR-only line ends. Prints one row per case: what was expected, what was observed, the figure
// (status, exit code, resident memory, latency) and pass/fail; exits 1 if any case failed. Memory
// figures are the child's peak (VmHWM) or current (VmRSS) resident set, read from /proc. Every
// process it starts is stopped by its pid; temp files are removed.
//
//   npm run campaign [-- --lines 1000000 --random-mb 200 --body-mb 100 --clients 3000 --stdin-seconds 20 --only 6,7,23.9]
//
// AGENTUI_CAMPAIGN_ROOT=<checkout> runs the cases against another built checkout (e.g. main's, for
// before/after figures); the requests always carry the server's token, which an older server ignores.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostileUiRows } from './campaign/hostileUi.mjs';

const ROOT = process.env.AGENTUI_CAMPAIGN_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin/agentui.js');
const FIXTURES = join(ROOT, 'fixtures');

const DEFAULTS = { lines: 100_000, 'random-mb': 50, 'body-mb': 100, clients: 3_000, 'stdin-seconds': 8, deep: 5_000, only: '' };
const options = { ...DEFAULTS };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in DEFAULTS)) {
    console.error(`unknown option ${process.argv[i]}; options: ${Object.keys(DEFAULTS).map((k) => `--${k}`).join(' ')}`);
    process.exit(2);
  }
  options[key] = key === 'only' ? String(process.argv[i + 1]) : Number(process.argv[i + 1]);
}
const only = new Set(String(options.only).split(',').filter(Boolean));
if (!existsSync(join(ROOT, 'dist/cli.js'))) {
  console.error('the CLI is not built: run npm run build first');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'agentui-campaign-'));
const children = new Set();
const rows = [];
const mb = (kb) => Math.round(kb / 1024);

function record(item, name, expected, observed, figure, pass) {
  rows.push({ item, name, expected, observed, figure, pass });
  console.error(`${pass ? 'pass' : 'FAIL'}  ${item} ${name}: ${observed} (${figure})`);
}

/** Resident memory of a process in KB: `VmHWM` (peak) or `VmRSS` (now). */
function memoryOf(pid, field = 'VmRSS') {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Runs the CLI; stdin is a file path, a Buffer, or a feeder (stdin, running) => void. Samples the
 * peak resident memory; kills the child at the time limit.
 */
function runCli(args, { stdin, timeoutMs = 20_000, onSample, stdoutFile } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const out = stdoutFile === undefined ? 'pipe' : openSync(stdoutFile, 'w');
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', out, 'pipe'] });
    if (typeof out === 'number') closeSync(out);
    children.add(child);
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    let running = true;
    child.stdout?.on('data', (chunk) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-200_000);
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
    });
    child.stdin.on('error', () => undefined);
    if (typeof stdin === 'function') stdin(child.stdin, () => running);
    else child.stdin.end(stdin);
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, memoryOf(child.pid, 'VmHWM'));
      onSample?.(memoryOf(child.pid), performance.now() - started);
    }, 25);
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      running = false;
      children.delete(child);
      clearInterval(sampler);
      clearTimeout(limit);
      resolve({ code, signal, timedOut, stdout, stderr, peakMb: mb(peakKb), seconds: ((performance.now() - started) / 1000).toFixed(1) });
    });
  });
}

/** Writes `chunk` into the child's stdin while it runs, for at most `maxBytes`; `fed.bytes` counts what it took. */
function endless(chunk, maxBytes = Infinity, fed = { bytes: 0 }) {
  return (stdin, running) => {
    let written = 0;
    const pump = () => {
      while (running() && written < maxBytes) {
        written += chunk.length;
        fed.bytes = written;
        if (!stdin.write(chunk)) return void stdin.once('drain', pump);
      }
      stdin.end();
    };
    pump();
  };
}

/** Starts `agentui serve` and resolves with its pid, base URL and write token. */
function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const token = /write token: (\S+)/.exec(out)?.[1];
      if (url && token) resolve({ child, pid: child.pid, url, port: Number(new URL(url).port), token, stderr: () => err, alive: () => child.exitCode === null && child.signalCode === null });
    });
    child.on('close', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

async function stop(server) {
  if (!server.alive()) return;
  const closed = new Promise((resolve) => server.child.once('close', resolve));
  server.child.kill('SIGTERM');
  await closed;
  children.delete(server.child);
}

/** One HTTP request with full control of the headers; the body is a string, Buffer or a generator of chunks. */
function send(port, method, path, headers = {}, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        if (text.length < 100_000) text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: text, ms: Math.round(performance.now() - started) }));
    });
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message, headers: {}, body: '', ms: Math.round(performance.now() - started) }));
    if (typeof body === 'function') {
      // A streamed body: stop feeding once the server has answered (it refused early).
      let answered = false;
      req.once('response', () => (answered = true));
      const feed = body();
      const pump = () => {
        for (;;) {
          const next = answered ? { done: true } : feed.next();
          if (next.done) return void req.end();
          if (!req.write(next.value)) return void req.once('drain', pump);
        }
      };
      pump();
    } else req.end(body);
  });
}

const section = (id) => only.size === 0 || only.has(id);
const json = { 'Content-Type': 'application/json' };

// ---------------------------------------------------------------- item 2: cross-site approvals
async function crossSiteApprovals() {
  const server = await serve([join(FIXTURES, 'hitl-action.jsonl'), '--port', '0', '--speed', '100']);
  const bearer = { Authorization: `Bearer ${server.token}` };
  const approve = JSON.stringify({ decision: 'allow' });
  const path = '/actions/action-write-1';
  const cases = [
    ['cross-origin text/plain POST', { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }, 403],
    ['foreign Origin with JSON and the token', { Origin: 'https://evil.example', ...json, ...bearer }, 403],
    ['Origin null (sandboxed page)', { Origin: 'null', ...json, ...bearer }, 403],
    ['non-loopback Host (DNS rebinding)', { Host: 'evil.example', ...json, ...bearer }, 421],
    ['missing token', json, 401],
    ['wrong token', { ...json, Authorization: 'Bearer 0000000000000000' }, 401],
    ['text/plain with the token', { 'Content-Type': 'text/plain', ...bearer }, 415],
  ];
  for (const [name, headers, want] of cases) {
    const reply = await send(server.port, 'POST', path, headers, approve);
    const cors = reply.headers['access-control-allow-origin'];
    record('2', name, `${want}, no CORS header`, `${reply.status}${cors ? ` ACAO ${cors}` : ''}`, `status ${reply.status}`, reply.status === want && !cors);
  }
  const preflight = await send(server.port, 'OPTIONS', path, { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' });
  record('2', 'preflight from a foreign origin', '403, no CORS header', `${preflight.status}`, `status ${preflight.status}`, preflight.status === 403 && !preflight.headers['access-control-allow-origin']);
  const rebindRead = await send(server.port, 'GET', '/thread', { Host: 'evil.example:80' });
  record('2', 'GET /thread with a foreign Host', '421', `${rebindRead.status}`, `status ${rebindRead.status}`, rebindRead.status === 421);
  // Unknown actions: none may be recorded. 2,000 distinct ids, then the real one is still answerable.
  const before = memoryOf(server.pid);
  const statuses = new Map();
  for (let i = 0; i < 2_000; i += 50) {
    const replies = await Promise.all(Array.from({ length: 50 }, (_, j) => send(server.port, 'POST', `/actions/unknown-${i + j}-${'x'.repeat(200)}`, { ...json, ...bearer }, approve)));
    for (const r of replies) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  const again = await send(server.port, 'POST', `/actions/unknown-0-${'x'.repeat(200)}`, { ...json, ...bearer }, approve);
  const real = await send(server.port, 'POST', path, { ...json, ...bearer }, approve);
  const after = memoryOf(server.pid);
  const observed = `${[...statuses].map(([s, n]) => `${n}×${s}`).join(' ')}; again ${again.status}; real action ${real.status}`;
  record('2', '2,000 unknown action ids', 'all 404 (never 409), real action still 202', observed, `RSS ${mb(before)}→${mb(after)} MB`,
    statuses.get(404) === 2_000 && statuses.size === 1 && again.status === 404 && real.status === 202);
  await stop(server);
}

// ---------------------------------------------------------------- item 3: secret shapes
async function secretShapes() {
  const { redactSecrets } = await import(join(ROOT, 'dist/protocol/redactSecrets.js'));
  // [shape, value, the secret that must not survive]: 44 shapes, written from the issue's list.
  const shapes = [
    ['OpenAI key in a string', 'use sk-live-4eC39HqLyjWDarjtT1zdp7dc', 'sk-live-4eC39HqLyjWDarjtT1zdp7dc'],
    ['OpenAI project key', 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx1234', 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx1234'],
    ['Anthropic key', 'key sk-ant-api03-abcdefghijklmnopqrstuv', 'sk-ant-api03-abcdefghijklmnopqrstuv'],
    ['GitHub token', 'ghp_1234567890abcdefghijABCDEFGHIJ123456', 'ghp_1234567890abcdefghijABCDEFGHIJ123456'],
    ['GitHub fine-grained', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz'],
    ['GitHub OAuth', 'gho_16C7e42F292c6912E7710c838347Ae178B4a', 'gho_16C7e42F292c6912E7710c838347Ae178B4a'],
    ['Slack bot token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKl', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKl'],
    ['Slack user token', 'xoxp-123456789012-1234567890123-AbCdEfGhIjKl', 'xoxp-123456789012-1234567890123-AbCdEfGhIjKl'],
    ['AWS access key id in text', 'aws AKIAIOSFODNN7EXAMPLE here', 'AKIAIOSFODNN7EXAMPLE'],
    ['Google API key', 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY', 'AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY'],
    ['Stripe secret', 'sk_live_51H8abcdefghijklmnopqrstuv', 'sk_live_51H8abcdefghijklmnopqrstuv'],
    ['JWT in text', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['Bearer in a command', 'curl -H "Authorization: Bearer abc123secrettoken" https://api.example', 'abc123secrettoken'],
    ['Basic auth header', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA=='],
    ['URL credentials', 'git clone https://user:hunter2pass@git.example/repo.git', 'hunter2pass'],
    ['access_token query', 'https://api.example/v1?access_token=qwertyuiop123', 'qwertyuiop123'],
    ['api_key query', 'https://api.example/v1?q=1&api_key=zxcvbnm987', 'zxcvbnm987'],
    ['token query', 'https://hooks.example/x?token=tok-5566778899', 'tok-5566778899'],
    ['postgres DSN', 'postgres://admin:s3cr3tpw@db.internal:5432/app', 's3cr3tpw'],
    ['mongodb DSN', 'mongodb+srv://root:m0ng0pass@cluster0.example.net/db', 'm0ng0pass'],
    ['redis DSN', 'redis://:r3dispass@cache:6379/0', 'r3dispass'],
    ['PEM private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----', 'MIIEowIBAAKCAQEA7'],
    ['OpenSSH private key', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE\n-----END OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjE'],
    ['streamed password args delta', '{"password":"pw-streamed-9"', 'pw-streamed-9'],
    ['password key', { password: 'correct horse' }, 'correct horse'],
    ['apiKey key', { apiKey: 'sk-live-abcdef0123456789' }, 'sk-live-abcdef0123456789'],
    ['auth key', { auth: 'user:pw-auth-1' }, 'pw-auth-1'],
    ['bearer key', { bearer: 'brr-secret-1' }, 'brr-secret-1'],
    ['pwd key', { pwd: 'pwd-secret-1' }, 'pwd-secret-1'],
    ['pass key', { pass: 'pass-secret-1' }, 'pass-secret-1'],
    ['passphrase key', { passphrase: 'open sesame now' }, 'open sesame now'],
    ['jwt key', { jwt: 'jwt-secret-1' }, 'jwt-secret-1'],
    ['session key', { session: 'session-secret-1' }, 'session-secret-1'],
    ['signature key', { signature: 'sig-secret-1' }, 'sig-secret-1'],
    ['aws_access_key_id key', { aws_access_key_id: 'plain-key-id-1' }, 'plain-key-id-1'],
    ['aws_secret_access_key key', { aws_secret_access_key: 'wJalrXUtnFEMIK7MDENG' }, 'wJalrXUtnFEMIK7MDENG'],
    ['ssh_key key', { ssh_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1' }, 'AAAAC3NzaC1lZDI1'],
    ['dsn key', { dsn: 'https://pubkey123@sentry.example/1' }, 'pubkey123'],
    ['database_url key', { database_url: 'mysql://localhost/app' }, 'mysql://localhost/app'],
    ['env object', { env: { OPENAI_API_KEY: 'plainvalue-1' } }, 'plainvalue-1'],
    ['headers object', { headers: { Authorization: 'Token abcdef-tok' } }, 'abcdef-tok'],
    ['cookie key', { cookie: 'sid=cookie-secret-1' }, 'cookie-secret-1'],
    ['client_secret key', { client_secret: 'client-secret-1' }, 'client-secret-1'],
    ['nested deep under args', { args: { config: { credentials: { token: 'nested-tok-1' } } } }, 'nested-tok-1'],
    ['key in an array of strings', { argv: ['--api-key', 'sk-live-argvsecret0123456'] }, 'sk-live-argvsecret0123456'],
  ];
  let leaked = [];
  for (const [name, value, secret] of shapes) {
    const shown = JSON.stringify(redactSecrets(value));
    if (shown.includes(secret)) leaked.push(name);
  }
  // And nothing ordinary is taken for a secret.
  const plain = ['README.md', 'npm install agentui-kit', 'https://example.com/docs?page=2', { path: 'src/index.ts', line: 42 }, 'sk-etch the plan'];
  const overRedacted = plain.filter((value) => JSON.stringify(redactSecrets(value)) !== JSON.stringify(value));
  record('3', `${shapes.length} secret shapes through redactSecrets`, 'none survives', leaked.length === 0 ? 'none survives' : `leaked: ${leaked.join(', ')}`, `${shapes.length - leaked.length}/${shapes.length} redacted`, leaked.length === 0);
  record('3', `${plain.length} ordinary values`, 'unchanged', overRedacted.length === 0 ? 'unchanged' : `changed: ${overRedacted.map((v) => JSON.stringify(v)).join(', ')}`, `${plain.length - overRedacted.length}/${plain.length} unchanged`, overRedacted.length === 0);
}

// ---------------------------------------------------------------- item 4: prototype names
async function prototypeNames() {
  const model = JSON.parse(readFileSync(join(FIXTURES, 'stream-repair.snapshot.json'), 'utf8'));
  const session = JSON.parse(readFileSync(join(FIXTURES, 'profile/thread-read-snapshot.json'), 'utf8'));
  for (const status of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    const readModel = { ...model, status, turns: model.turns.map((t) => ({ ...t, status })) };
    const snapshot = { ...session, threads: session.threads.map((t) => ({ ...t, status, turns: (t.turns ?? []).map((u) => ({ ...u, status })) })) };
    for (const [kind, doc] of [['read model', readModel], ['session snapshot', snapshot]]) {
      const file = join(dir, `proto-${status}-${kind.replace(' ', '-')}.json`);
      writeFileSync(file, JSON.stringify(doc));
      const validated = await runCli(['validate', file]);
      const replayed = await runCli(['replay', file]);
      const asJson = await runCli(['replay', file, '--json']);
      let summary;
      try {
        summary = JSON.parse(asJson.stdout);
      } catch {
        summary = undefined;
      }
      const statuses = [summary?.status, ...(summary?.turns ?? []).map((t) => t.status)];
      const noFunction = !/function|native code|\[object Object\]/.test(replayed.stdout + asJson.stdout);
      const pass = validated.code === 1 && /invalid_snapshot/.test(validated.stdout) && replayed.code === 1 && asJson.code === 1
        && statuses.every((s) => s === 'unknown') && noFunction;
      record('4', `status ${status} in a ${kind}`, 'validate 1 invalid_snapshot, replay 1, status unknown', `validate ${validated.code}, replay ${replayed.code}/--json ${asJson.code}, status ${statuses.join('/')}`,
        `exit ${validated.code}/${replayed.code}/${asJson.code}`, pass);
    }
  }
}

// ---------------------------------------------------------------- item 5: deep nesting
async function deepNesting() {
  const lines = readFileSync(join(FIXTURES, 'tool-success.jsonl'), 'utf8').trim().split('\n');
  const index = lines.findIndex((line) => JSON.parse(line).type === 'tool.started');
  const event = JSON.parse(lines[index]);
  const deep = `${'['.repeat(options.deep)}${']'.repeat(options.deep)}`;
  lines[index] = JSON.stringify({ ...event, payload: { ...event.payload, args: '@DEEP@' } }).replace('"@DEEP@"', deep);
  const file = join(dir, 'deep.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const validated = await runCli(['validate', file]);
  const want = `line ${index + 1}: error too_deep`;
  record('5', `args nested ${options.deep} deep: validate`, `exit 1, "${want}"`, `exit ${validated.code}, ${validated.stdout.split('\n')[0]}`, `exit ${validated.code}`, validated.code === 1 && validated.stdout.startsWith(want));
  const server = await serve([file, '--port', '0', '--speed', '1000']);
  const events = await send(server.port, 'GET', '/events', { Authorization: `Bearer ${server.token}` });
  const frames = (events.body.match(/^data: /gm) ?? []).length;
  const thread = await send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` });
  // The refused line is served as a place-holder that keeps its place in the order (issue 22 item 4).
  record('5', `args nested ${options.deep} deep: serve`, 'serves the refused line as a place-holder, streams the rest, stays up',
    `GET /events ${events.status} (${frames - 1} events + end), /thread ${thread.status}, alive ${server.alive()}`, `${frames - 1}/${lines.length} events`,
    events.status === 200 && frames - 1 === lines.length && /event: end/.test(events.body) && thread.status === 200 && server.alive());
  await stop(server);
}

// ---------------------------------------------------------------- item 6: server limits
async function serverLimits() {
  const server = await serve([join(FIXTURES, 'coding-session.jsonl'), '--port', '0', '--speed', '1000']);
  const bearer = { Authorization: `Bearer ${server.token}` };
  const chunk = Buffer.alloc(1 << 20, 'a');
  const body = () => function* () {
    for (let i = 0; i < options['body-mb']; i++) yield chunk;
  };
  for (const [name, extra] of [['declared length', { 'Content-Length': String(options['body-mb'] << 20) }], ['chunked, no length', {}]]) {
    const before = memoryOf(server.pid);
    const replies = await Promise.all(Array.from({ length: 4 }, () => send(server.port, 'POST', '/actions/action-1', { ...json, ...bearer, ...extra }, body())));
    const after = memoryOf(server.pid);
    const echoes = replies.some((r) => r.body.includes('aaaa'));
    record('6', `4 × ${options['body-mb']} MB POST bodies (${name})`, '413 each, no echo, RSS bounded', `${replies.map((r) => r.status || r.error).join(' ')}${echoes ? ', echoes the body' : ''}`,
      `RSS ${mb(before)}→${mb(after)} MB`, replies.every((r) => r.status === 413) && !echoes && after - before < 64 * 1024);
  }
  // Paused SSE clients: they ask for /events, then never read.
  const before = memoryOf(server.pid);
  const heads = new Map();
  const sockets = [];
  for (let i = 0; i < options.clients; i++) {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => heads.set('error', (heads.get('error') ?? 0) + 1));
    socket.once('data', (data) => {
      const head = data.toString('latin1').split('\r\n')[0].replace('HTTP/1.1 ', '');
      heads.set(head, (heads.get(head) ?? 0) + 1);
      socket.pause();
    });
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${server.token}\r\n\r\n`);
    sockets.push(socket);
    if (i % 250 === 249) await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 1_500));
  const latencies = [];
  for (let i = 0; i < 5; i++) latencies.push((await send(server.port, 'GET', '/thread', bearer)).ms);
  const during = memoryOf(server.pid);
  const opened = heads.get('200 OK') ?? 0;
  const refused = heads.get('503 Service Unavailable') ?? 0;
  // A stream stalled for a second gives its slot to a newcomer (issue 23 item 9), so more than 64 may see a 200 in turn.
  record('6', `${options.clients} paused SSE clients`, 'streams capped (503 or a stalled stream cut beyond), RSS bounded, /thread fast',
    `${[...heads].map(([h, n]) => `${n}×${h}`).join(', ')}; /thread max ${Math.max(...latencies)} ms`,
    `RSS ${mb(before)}→${mb(during)} MB, /thread ${Math.max(...latencies)} ms`,
    opened >= Math.min(64, options.clients) && opened + refused + (heads.get('error') ?? 0) >= Math.min(options.clients, 1_000) && during - before < 256 * 1024 && Math.max(...latencies) < 1_000 && server.alive());
  for (const socket of sockets) socket.destroy();
  await stop(server);
}

// ---------------------------------------------------------------- item 7: CLI exits and memory
async function cliInputs() {
  const garbage = join(dir, 'garbage.txt');
  writeFileSync(garbage, 'hello\nnot json {\n]]]\n{"type":\n');
  const binary = join(dir, 'binary-1mb.bin');
  writeFileSync(binary, randomBytes(1 << 20));
  const random = join(dir, `random-${options['random-mb']}mb.bin`);
  await new Promise((resolve) => {
    const out = createWriteStream(random);
    let left = options['random-mb'];
    const write = () => {
      while (left > 0) {
        left -= 1;
        if (!out.write(randomBytes(1 << 20))) return void out.once('drain', write);
      }
      out.end(resolve);
    };
    write();
  });
  const inputs = [
    ['garbage text', garbage],
    ['1 MB binary', binary],
    [`${options['random-mb']} MB random file`, random],
    ['/dev/zero as a file', '/dev/zero'],
  ];
  for (const [name, file] of inputs) {
    for (const command of ['validate', 'replay']) {
      const run = await runCli([command, file], { timeoutMs: 20_000 });
      const clear = !/\n\s+at /.test(run.stderr + run.stdout) && (run.stdout + run.stderr).trim() !== '';
      record('7', `${command} ${name}`, 'exit 1, clear message, bounded memory', `exit ${run.code ?? run.signal}${run.timedOut ? ' (timed out)' : ''} in ${run.seconds} s${clear ? '' : ', unclear output'}`,
        `peak ${run.peakMb} MB`, run.code === 1 && clear && run.peakMb < 300);
    }
  }
  // Random printable text in short lines: every line is unreadable, so replay keeps one
  // diagnostic per line (nothing is dropped); the figure is what each costs.
  const text = join(dir, 'random-text.txt');
  const textLines = Math.round((options['random-mb'] << 20) / 5 / 77);
  writeFileSync(text, `${randomBytes(textLines * 57).toString('base64').match(/.{1,76}/g).join('\n')}\n`);
  for (const command of ['validate', 'replay']) {
    const run = await runCli([command, text], { timeoutMs: 120_000 });
    const perLine = ((run.peakMb - 50) * 1024) / textLines;
    record('7', `${command} ${textLines.toLocaleString('en-US')} lines of random text`, command === 'validate' ? 'exit 1, constant memory' : 'exit 1, one diagnostic per line',
      `exit ${run.code ?? run.signal} in ${run.seconds} s`, `peak ${run.peakMb} MB (${perLine.toFixed(2)} KB/line over 50 MB)`, run.code === 1 && (command === 'replay' || run.peakMb < 300));
  }
  rmSync(text, { force: true });
  const zeroStdin = await runCli(['validate', '-'], { stdin: endless(Buffer.alloc(1 << 16)), timeoutMs: 20_000 });
  record('7', 'validate - < /dev/zero', 'exit 1, bounded memory', `exit ${zeroStdin.code ?? zeroStdin.signal} in ${zeroStdin.seconds} s`, `peak ${zeroStdin.peakMb} MB`, zeroStdin.code === 1 && zeroStdin.peakMb < 300);

  // Endless `{}` lines on stdin (yes '{}'), read for a while: memory must not grow with the input.
  const seconds = options['stdin-seconds'];
  const samples = [];
  const fed = { bytes: 0 };
  const endlessRun = await runCli(['validate', '-'], {
    stdin: endless(Buffer.from('{}\n'.repeat(1 << 14)), Infinity, fed),
    timeoutMs: seconds * 1_000,
    onSample: (rssKb, ms) => samples.push([ms, rssKb]),
  });
  const at = (fraction) => mb(Math.max(...samples.filter(([ms]) => ms <= seconds * 1_000 * fraction).map(([, kb]) => kb)));
  const third = at(1 / 3);
  const end = at(1);
  record('7', `yes '{}' | validate - for ${seconds} s`, 'runs until stopped, memory constant', `killed at the limit: ${endlessRun.timedOut}; RSS ${third} MB at ${Math.round(seconds / 3)} s, ${end} MB at ${seconds} s`,
    `peak ${endlessRun.peakMb} MB, ~${Math.round(fed.bytes / 3 / seconds).toLocaleString('en-US')} lines/s`, endlessRun.timedOut && end - third < 64);

  // A large valid file through replay (the issue: 1,000,000 lines took 721–852 MB before).
  const big = join(dir, 'valid.jsonl');
  await new Promise((resolve) => {
    const out = createWriteStream(big);
    let seq = 1;
    const write = () => {
      while (seq <= options.lines) {
        let text = '';
        for (let n = 0; n < 1_000 && seq <= options.lines; n++, seq++) {
          const type = seq === 1 ? 'turn.started' : 'model.delta';
          text += `${JSON.stringify({ schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt', sessionId: 's', threadId: 't', turnId: 'turn-1', eventId: `e-${seq}`, sequence: seq, timestamp: '2026-06-09T10:00:00.000Z', type, payload: type === 'model.delta' ? { messageId: 'm-1', delta: `w${seq} ` } : {} })}\n`;
        }
        if (!out.write(text)) return void out.once('drain', write);
      }
      out.end(resolve);
    };
    write();
  });
  for (const command of ['validate', 'replay']) {
    const run = await runCli([command, big], { timeoutMs: 300_000 });
    record('7', `${command} ${options.lines.toLocaleString('en-US')} valid lines`, 'exit 0', `exit ${run.code ?? run.signal} in ${run.seconds} s`, `peak ${run.peakMb} MB`, run.code === 0);
  }
  for (const file of [random, big, binary]) rmSync(file, { force: true });
}

// ---------------------------------------------------------------- item 10: --speed 0
async function speedZero() {
  const run = await runCli(['serve', join(FIXTURES, 'text-basic.jsonl'), '--speed', '0'], { timeoutMs: 5_000 });
  record('10', 'serve --speed 0', 'exit 2 with a message', `exit ${run.code ?? run.signal}: ${run.stderr.trim().split('\n')[0]}`, `exit ${run.code}`, run.code === 2 && /--speed must be greater than 0/.test(run.stderr));
}

// ================================================================ issue 23: the second round
const kit = async (path) => import(join(ROOT, 'dist', path));
const fixtureEvents = (name) => readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(predicate, timeoutMs) {
  const started = performance.now();
  while (!predicate()) {
    if (performance.now() - started > timeoutMs) return false;
    await sleep(10);
  }
  return true;
}
/** `count` valid model.delta events of one turn, `turn.started` first. */
function deltaEvents(count) {
  const base = { schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt', sessionId: 's', threadId: 't', turnId: 'turn-1', timestamp: '2026-06-09T10:00:00.000Z' };
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? { ...base, eventId: 'e-1', sequence: 1, type: 'turn.started', payload: {} } : { ...base, eventId: `e-${i + 1}`, sequence: i + 1, type: 'model.delta', payload: { messageId: 'm-1', delta: `w${i} ` } });
}
/** A loopback HTTP server on a free port whose GET answers with `write(res)`; resolves with its URL and close(). */
async function rawServer(write) {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    write(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/events`, close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) };
}
/** Connects the kit's own SSE source to a store (sync flush) and waits for the end or an error. */
async function streamInto(url, sseOptions, timeoutMs = 60_000) {
  const [{ sseSource }, { connectRuntimeStream }, { createRuntimeStore }] = await Promise.all([kit('stream/sseSource.js'), kit('stream/connectRuntimeStream.js'), kit('store/createRuntimeStore.js')]);
  const store = createRuntimeStore();
  const statuses = [];
  const source = sseSource(url, { backoff: { initialMs: 10, maxMs: 50, jitter: 0 }, maxRetries: 6, ...sseOptions });
  const connection = connectRuntimeStream(store, source, { flush: 'sync' });
  connection.subscribe((state, previous) => state.status !== previous.status && statuses.push(state.status));
  await waitFor(() => ['ended', 'error'].includes(connection.getState().status), timeoutMs);
  const result = { store, status: connection.getState().status, reconnects: statuses.filter((st) => st === 'reconnecting').length };
  connection.close();
  return result;
}

async function streamLayer() {
  const { startFixtureServer } = await kit('server.js');
  const { summarize } = await kit('store/selectors/summarize.js');
  // 1. Resume after event ids that are not Latin-1: the stream is cut after every 4 events.
  const ids = ['事件', '🎉', 'ид'];
  const events = fixtureEvents('text-basic').map((e, i) => ({ ...e, eventId: `${ids[i % ids.length]}-${i + 1}` }));
  const server = await startFixtureServer(events, { speed: 50, maxGapMs: 100, dropAfter: 4, onError: () => undefined });
  const resumed = await streamInto(`${server.url}/events`, { headers: { Authorization: `Bearer ${server.writeToken}` } }, 30_000);
  await server.close();
  const applied = resumed.store.getState().counts.applied;
  const turn = summarize(resumed.store.getState()).turns[0]?.status;
  record('23.8', 'resume after CJK/emoji event ids (cut every 4 events)', `${events.length}/${events.length} events, ended, turn completed`,
    `${applied}/${events.length} events, ${resumed.status} after ${resumed.reconnects} reconnects, turn ${turn}`, `${applied}/${events.length} events`,
    applied === events.length && resumed.status === 'ended' && turn === 'completed');

  // 2. One SSE frame holding a JSON array of 200,000 events.
  const frame = `data: ${JSON.stringify(deltaEvents(200_000))}\n\nevent: end\ndata: {}\n\n`;
  const big = await rawServer((res) => res.end(frame));
  const started = performance.now();
  const one = await streamInto(big.url, {});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await big.close();
  const frameDiagnostics = summarize(one.store.getState()).diagnostics.filter((d) => d.code === 'malformed_frame').length;
  record('23.8', 'one SSE frame of 200,000 events (a JSON array)', '200,000 applied, no malformed_frame',
    `${one.store.getState().counts.applied.toLocaleString('en-US')} applied, ${frameDiagnostics} malformed_frame, ${one.status}`, `${seconds} s, ${(frame.length / 2 ** 20).toFixed(0)} MB frame`,
    one.store.getState().counts.applied === 200_000 && frameDiagnostics === 0);

  // 3. An endless SSE line: 160 MB without a line end, then a valid event. The figure is the heap growth.
  const megabytes = 160;
  const endless = await rawServer((res) => {
    res.write('data: {"schemaVersion":"lime-profile-0.4.0","eventId":"x","type":"model.delta","payload":{"delta":"');
    let left = megabytes;
    const chunk = 'x'.repeat(1 << 20);
    const pump = () => {
      while (left > 0) {
        left -= 1;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end(`"}}\n\ndata: ${JSON.stringify(deltaEvents(1)[0])}\n\nevent: end\ndata: {}\n\n`);
    };
    pump();
  });
  // The JS heap only: the line is held there; the in-process server's socket buffers are external.
  globalThis.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - baseline)), 10);
  const line = await streamInto(endless.url, {});
  clearInterval(sampler);
  await endless.close();
  const dropped = summarize(line.store.getState()).diagnostics.filter((d) => d.code === 'frame_too_large').length;
  const after = line.store.getState().counts.applied;
  record('23.8', `an endless SSE line (${megabytes} MB, then a valid event)`, 'dropped at 64 MiB with frame_too_large, the next event applied, heap growth under 100 MB',
    `${dropped} frame_too_large, ${after} applied after it, ${line.status}`, `heap +${Math.round(peak / 2 ** 20)} MB`, dropped === 1 && after === 1 && peak < 100 * 2 ** 20);
}

async function serverRound2() {
  // 1. 64 idle SSE sockets without a token, held at an unanswered approval; then other clients.
  let server = await serve([join(FIXTURES, 'hitl-action.jsonl'), '--port', '0', '--speed', '100']);
  const bearer = { Authorization: `Bearer ${server.token}` };
  const rawStream = (headers = '') => rawStreamOn(server, headers);
  const idle = await Promise.all(Array.from({ length: 64 }, () => rawStream()));
  await sleep(1_500);
  const holder = await rawStream(`Authorization: Bearer ${server.token}\r\n`);
  const stranger = await rawStream();
  const idleHeads = new Map();
  for (const c of idle) idleHeads.set(c.head, (idleHeads.get(c.head) ?? 0) + 1);
  record('23.9', '64 idle SSE sockets without a token, then a client with it', 'the client gets a stream (200)',
    `idle: ${[...idleHeads].map(([h, n]) => `${n}×${h}`).join(', ')}; token holder ${holder.head}, another without ${stranger.head}`, `token holder ${holder.head.split(' ')[0]}`,
    holder.head === '200 OK');
  for (const c of [...idle, holder, stranger]) c.socket.destroy();
  await stop(server);

  // 2. A cross-site no-cors GET /events (what an <img> or fetch(url, { mode: 'no-cors' }) sends).
  server = await serve([join(FIXTURES, 'text-basic.jsonl'), '--port', '0', '--speed', '100']);
  const noCors = await rawStreamOn(server, 'Sec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: image\r\n');
  noCors.socket.destroy();
  await sleep(300);
  const thread = await send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` });
  let messages = -1;
  try {
    messages = (JSON.parse(thread.body).messages ?? []).length; // an empty log reads as a session snapshot without messages
  } catch {
    // not a read model
  }
  record('23.9', 'a cross-site no-cors GET /events', 'refused (4xx), no slot, no playback',
    `${noCors.head}; then /thread shows ${messages} message(s)`, `status ${noCors.head.split(' ')[0]}`, /^4\d\d/.test(noCors.head) && messages === 0);
  await stop(server);

  // 3. 1,100 slowloris sockets (headers trickled forever), then GET /thread five times.
  server = await serve([join(FIXTURES, 'text-basic.jsonl'), '--port', '0', '--speed', '100']);
  const slow = [];
  for (let i = 0; i < 1_100; i++) {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET /thread HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    slow.push(socket);
    if (i % 200 === 199) await sleep(20);
  }
  const trickle = setInterval(() => {
    for (const socket of slow) if (!socket.destroyed) socket.write('X-Slow: 1\r\n');
  }, 1_000);
  await sleep(500);
  const reads = [];
  for (let i = 0; i < 5; i++) {
    reads.push(await send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` }));
    await sleep(200);
  }
  clearInterval(trickle);
  for (const socket of slow) socket.destroy();
  record('23.9', '1,100 slowloris sockets, then GET /thread ×5', 'every read answered 200',
    reads.map((r) => r.status || r.error).join(' '), `max ${Math.max(...reads.map((r) => r.ms))} ms`, reads.every((r) => r.status === 200));
  await stop(server);

  // 4. GET /thread at 100,000 events: one read, then 8 at once at the same cursor.
  const file = join(dir, 'hundred-k.jsonl');
  writeFileSync(file, `${deltaEvents(100_000).map((e) => JSON.stringify(e)).join('\n')}\n`);
  server = await serve([file, '--port', '0', '--speed', '1000', '--max-gap-ms', '0']);
  const all = await send(server.port, 'GET', '/events', { Authorization: `Bearer ${server.token}` });
  const first = await send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` });
  const eight = await Promise.all(Array.from({ length: 8 }, () => send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` })));
  const slowest = Math.max(...eight.map((r) => r.ms));
  record('23.9', 'GET /thread at 100,000 events: 8 readers at once', 'the slowest of 8 under 250 ms (no rebuild per request)',
    `stream ${all.status}, first read ${first.ms} ms, 8 at once: ${eight.map((r) => r.ms).join('/')} ms`, `slowest ${slowest} ms`,
    first.status === 200 && eight.every((r) => r.status === 200) && slowest < 250);
  await stop(server);
  rmSync(file, { force: true });

  // 5. Issue 23 item 2's server case: a 4-event fixture with long combining-mark runs (marks of two
  // classes, which normalize() reorders: quadratic), read 1 + 4 at once.
  const base = { schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt', sessionId: 's', threadId: 't', turnId: 'turn-1', timestamp: '2026-06-09T10:00:00.000Z' };
  const marks = `e${'\u0301\u0316'.repeat(12_000)}`;
  const fourEvents = [
    { ...base, eventId: 'c-1', sequence: 1, type: 'turn.started', payload: {} },
    { ...base, eventId: 'c-2', sequence: 2, type: 'model.delta', payload: { messageId: 'm-1', delta: marks } },
    { ...base, eventId: 'c-3', sequence: 3, type: 'model.delta', payload: { messageId: 'm-1', delta: marks } },
    { ...base, eventId: 'c-4', sequence: 4, type: 'turn.completed', payload: {} },
  ];
  const marksFile = join(dir, 'combining-marks.jsonl');
  writeFileSync(marksFile, `${fourEvents.map((e) => JSON.stringify(e)).join('\n')}\n`);
  server = await serve([marksFile, '--port', '0', '--speed', '1000']);
  await send(server.port, 'GET', '/events', { Authorization: `Bearer ${server.token}` });
  const firstRead = await send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` });
  const four = await Promise.all(Array.from({ length: 4 }, () => send(server.port, 'GET', '/thread', { Authorization: `Bearer ${server.token}` })));
  const worst = Math.max(...four.map((r) => r.ms));
  record('23.2', 'GET /thread of 4 events with 48,000 combining marks: 4 readers after the first', 'each later read under 250 ms (the projection is paid once per cursor)',
    `first ${firstRead.ms} ms, then ${four.map((r) => r.ms).join('/')} ms`, `first ${firstRead.ms} ms, later max ${worst} ms`,
    firstRead.status === 200 && four.every((r) => r.status === 200) && worst < 250);
  await stop(server);
  rmSync(marksFile, { force: true });
}

/** A raw GET /events on `server` with extra header lines; resolves with the status line. */
function rawStreamOn(server, headers = '') {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => resolve({ socket, head: 'error' }));
    socket.once('data', (data) => {
      socket.pause();
      resolve({ socket, head: data.toString('latin1').split('\r\n')[0].replace('HTTP/1.1 ', '') });
    });
    socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
  });
}

async function cliRound2() {
  // 1. A valid file with standard output on a full disk.
  for (const command of ['validate', 'replay']) {
    const run = await runCli([command, join(FIXTURES, 'text-basic.jsonl')], { stdoutFile: '/dev/full' });
    const stack = /\n\s+at /.test(run.stderr);
    record('23.10', `${command} of a valid file > /dev/full`, 'exit 2, the write error named, no stack trace',
      `exit ${run.code ?? run.signal}: ${run.stderr.trim().split('\n')[0]}${stack ? ' (stack trace)' : ''}`, `exit ${run.code}`, run.code === 2 && !stack && /ENOSPC/.test(run.stderr));
  }
  // 2. serve on a valid 200,000-event pretty-printed JSON array (validate and replay read it).
  const pretty = join(dir, 'pretty-200k.json');
  writeFileSync(pretty, JSON.stringify(deltaEvents(200_000), null, 1)); // 59 MiB: under the CLI's 64 MiB document limit
  const validated = await runCli(['validate', pretty], { timeoutMs: 120_000 });
  const served = await new Promise((resolve) => {
    serve([pretty, '--port', '0'])
      .then(async (server) => {
        await stop(server);
        resolve('serving');
      })
      .catch((error) => resolve(error.message.split('\n')[0]));
  });
  record('23.10', 'serve a 200,000-event pretty-printed JSON array', 'serves it (validate exits 0 on it)',
    `validate exit ${validated.code}; serve: ${served.slice(0, 80)}`, served === 'serving' ? 'serving' : 'failed', validated.code === 0 && served === 'serving');
  rmSync(pretty, { force: true });
  // 3. CR-only line ends (the SSE splitter accepts CR).
  const mac = join(dir, 'cr-only.jsonl');
  const lines = readFileSync(join(FIXTURES, 'text-basic.jsonl'), 'utf8').trim().split('\n');
  writeFileSync(mac, `${lines.join('\r')}\r`);
  const crValidate = await runCli(['validate', mac]);
  const crReplay = await runCli(['replay', mac, '--json']);
  let applied;
  try {
    applied = JSON.parse(crReplay.stdout).counts.applied;
  } catch {
    applied = 'no summary';
  }
  record('23.10', 'CR-only line ends', `validate 0 (${lines.length} checked), replay applies ${lines.length}`,
    `validate exit ${crValidate.code}: ${crValidate.stdout.trim().split('\n').at(-1)}; replay exit ${crReplay.code}, ${applied} applied`, `${crValidate.code}/${crReplay.code}`,
    crValidate.code === 0 && crReplay.code === 0 && applied === lines.length);
}

const SECTIONS = [['2', crossSiteApprovals], ['3', secretShapes], ['4', prototypeNames], ['5', deepNesting], ['6', serverLimits], ['7', cliInputs], ['10', speedZero], ['23.8', streamLayer], ['23.9', serverRound2], ['23.10', cliRound2], ['23-ui', () => hostileUiRows(ROOT, record)]];

function printTable() {
  const header = ['item', 'case', 'expected', 'observed', 'figure', 'result'];
  const body = rows.map((r) => [r.item, r.name, r.expected, r.observed, r.figure, r.pass ? 'pass' : 'FAIL']);
  const clip = (text) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => clip(row[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => clip(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
  const failed = rows.filter((r) => !r.pass).length;
  console.log(`\n${rows.length - failed}/${rows.length} cases pass${failed ? `, ${failed} FAIL` : ''}`);
}

const cleanup = () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

try {
  for (const [id, run] of SECTIONS) {
    if (!section(id)) continue;
    try {
      await run();
    } catch (error) {
      record(id, 'campaign step', 'runs', `threw: ${error instanceof Error ? error.message : String(error)}`, '-', false);
    }
  }
} finally {
  cleanup();
}
printTable();
process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
