import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from '../protocol/events';
import { startFixtureServer, type FixtureServer } from '../server/fixtureServer';
import type { CliIo } from './cliIo';
import { parseRecordArgs, readExistingRecording } from './recordCommand';
import { runCli } from './agentui';

const fixtureText = (name: string) => readFileSync(join(__dirname, '../../fixtures', `${name}.jsonl`), 'utf8');
const fixture = (name: string) => fixtureText(name).trim().split('\n').map((line) => JSON.parse(line) as JsonObject);
const linesOf = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as JsonObject);

function memoryIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { input: () => [], out: (t) => out.push(t), err: (t) => err.push(t) };
  return { io, out, err };
}

let dir = '';
let server: FixtureServer | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentui-record-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('agentui record: arguments', () => {
  it('takes a URL, standard input or a command after --, and says what is wrong otherwise', () => {
    expect(parseRecordArgs(['http://127.0.0.1:1/events', '-o', 'a.jsonl', '--until', 'end', '--header', 'Authorization: Bearer x'])).toEqual({
      source: 'http://127.0.0.1:1/events', out: 'a.jsonl', until: 'end', settleMs: 500, headers: { Authorization: 'Bearer x' }, fresh: false,
    });
    expect(parseRecordArgs(['--out', 'a.jsonl', '--', 'node', 'runtime.mjs', '--fast'])).toMatchObject({ command: ['node', 'runtime.mjs', '--fast'] });
    expect(parseRecordArgs(['-', '--out', 'a.jsonl', '--new'])).toMatchObject({ source: '-', fresh: true });
    expect(parseRecordArgs(['http://x/events'])).toEqual({ error: 'record needs --out <file.jsonl>' });
    expect(parseRecordArgs(['runtime.mjs', '--out', 'a'])).toEqual({ error: 'runtime.mjs is not an http(s) URL; to run a command, put it after --' });
    expect(parseRecordArgs(['http://x', '--out', 'a', '--until', 'never'])).toEqual({ error: '--until takes turn-end or end (got never)' });
    expect(parseRecordArgs(['http://x', '--out', 'a', '--header', 'no colon'])).toEqual({ error: '--header takes "Name: value" (got no colon)' });
  });

  it('reads where a recording resumes, and finds a last line cut mid-write', () => {
    const path = join(dir, 'cut.jsonl');
    const lines = fixtureText('tool-success').split('\n');
    writeFileSync(path, `${lines.slice(0, 6).join('\n')}\n${lines[6]!.slice(0, 40)}`);
    expect(readExistingRecording(path, false)).toEqual({ eventIds: ['ts-0001', 'ts-0002', 'ts-0003', 'ts-0004', 'ts-0005', 'ts-0006'], cursor: { sequence: 6, eventId: 'ts-0006' }, lines: 6, cutLine: 7 });
    expect(readExistingRecording(join(dir, 'none.jsonl'), false)).toEqual({ eventIds: [], lines: 0 });
  });
});

describe('agentui record: a live session from an SSE endpoint', () => {
  it('records a served fixture to the same events and stops when its turn ends', async () => {
    server = await startFixtureServer(fixture('tool-success'), { speed: 50 });
    const out = join(dir, 'session.jsonl');
    const { io, out: printed } = memoryIo();
    expect(await runCli(['record', `${server.url}/events`, '--header', `Authorization: Bearer ${server.writeToken}`, '--out', out], io)).toBe(0);
    expect(linesOf(out)).toEqual(fixture('tool-success'));
    expect(printed[0]).toBe(`recorded 16 event(s) (sequence 1–16) to ${out}: the turn ended`);
    expect(printed).toContain('redacted: nothing (no value looked like a secret)');
  });

  it('resumes an interrupted recording after its last event (Last-Event-ID and cursor), dropping a line cut mid-write', async () => {
    server = await startFixtureServer(fixture('tool-success'), { speed: 50 });
    // The server resumes only after events it has played: let its playback finish first.
    const first = new AbortController();
    await fetch(`${server.url}/events`, { signal: first.signal, headers: { authorization: `Bearer ${server.writeToken}` } });
    first.abort();
    while (server.emitted() < 16) await new Promise((resolve) => setTimeout(resolve, 10));
    const out = join(dir, 'session.jsonl');
    const lines = fixtureText('tool-success').split('\n');
    writeFileSync(out, `${lines.slice(0, 6).join('\n')}\n${lines[6]!.slice(0, 40)}`);
    const { io, out: printed, err } = memoryIo();
    expect(await runCli(['record', `${server.url}/events`, '--header', `Authorization: Bearer ${server.writeToken}`, '--out', out], io)).toBe(0);
    expect(linesOf(out)).toEqual(fixture('tool-success'));
    expect(printed[0]).toBe(`resuming ${out} after sequence 6 (event ts-0006)`);
    expect(printed[1]).toMatch(/^recorded 10 event\(s\) \(sequence 7–16\)/);
    expect(printed.join('\n')).not.toContain('already recorded'); // the server resumed after ts-0006: nothing was re-sent
    expect(err[0]).toMatch(/line 7 of .* was cut mid-write/);
  });

  it('stops on Ctrl-C with what arrived so far (a turn held at an unanswered approval)', async () => {
    server = await startFixtureServer(fixture('hitl-action'), { speed: 50 });
    const out = join(dir, 'held.jsonl');
    const signals = new EventEmitter();
    const { io, out: printed } = memoryIo();
    const running = runCli(['record', `${server.url}/events`, '--header', `Authorization: Bearer ${server.writeToken}`, '--out', out], io, signals);
    const held = fixture('hitl-action').findIndex((e) => e.type === 'action.resolved');
    const start = Date.now();
    while (server.emitted() < held && Date.now() - start < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    signals.emit('SIGINT');
    expect(await running).toBe(0);
    expect(linesOf(out)).toEqual(fixture('hitl-action').slice(0, held));
    expect(printed[0]).toMatch(/: stopped \(Ctrl-C\)$/);
  });

  it('redacts secrets from what it writes and names each one without printing it', async () => {
    const events = fixture('tool-success').map((e) =>
      e.type === 'tool.started' ? { ...e, payload: { ...(e.payload as JsonObject), safeArgs: { path: 'README.md', token: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' } } } : e,
    );
    server = await startFixtureServer(events, { speed: 50 });
    const out = join(dir, 'secret.jsonl');
    const { io, out: printed } = memoryIo();
    expect(await runCli(['record', `${server.url}/events`, '--header', `Authorization: Bearer ${server.writeToken}`, '--out', out], io)).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toContain('ghp_');
    const line = events.findIndex((e) => e.type === 'tool.started') + 1;
    expect(printed).toContain('redacted 1 value(s) in 1 event(s):');
    expect(printed).toContain(`  line ${line} tool.started [ts-000${line}]: payload.safeArgs.token (the whole value)`);
    expect(printed.join('\n')).not.toContain('ghp_');
  });
});

describe('agentui record: a command that prints JSON Lines', () => {
  it('records its output, and on resume tells it where to start and drops what it re-sends', async () => {
    const events = fixture('text-basic');
    const source = join(dir, 'events.json');
    writeFileSync(source, JSON.stringify(events));
    // Prints every event after AGENTUI_RESUME_SEQUENCE, plus the one at it (a careless re-send).
    const script = join(dir, 'runtime.mjs');
    writeFileSync(script, `import { readFileSync } from 'node:fs';
const after = Number(process.env.AGENTUI_RESUME_SEQUENCE ?? 0);
for (const e of JSON.parse(readFileSync(${JSON.stringify(source)}, 'utf8'))) if (e.sequence >= after) console.log(JSON.stringify(e));
`);
    const out = join(dir, 'run.jsonl');
    writeFileSync(out, `${events.slice(0, 3).map((e) => JSON.stringify(e)).join('\n')}\n`);
    const { io, out: printed } = memoryIo();
    expect(await runCli(['record', '--out', out, '--until', 'end', '--', process.execPath, script], io)).toBe(0);
    expect(linesOf(out)).toEqual(events);
    expect(printed).toContain('1 event(s) already recorded were not written again');
  });
});
