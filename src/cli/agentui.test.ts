import { EventEmitter } from 'node:events';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, PROFILE_FIXTURES } from '../../test/referenceData';
import { runCli } from './agentui';
import type { CliIo } from './cliIo';

async function run(argv: string[], files: Record<string, string> = {}, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, memoryIo(files, stdin, out, err));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Files given as text, anything else read from disk; standard input as text. */
function memoryIo(files: Record<string, string>, stdin: string, out: string[], err: string[]): CliIo {
  return {
    input: (path) => (path === '-' ? [stdin] : path in files ? [files[path]!] : createReadStream(path)),
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  };
}

const fixture = (name: string) => join(FIXTURES, `${name}.jsonl`);

describe('agentui validate', () => {
  it('exits 0 on a valid fixture', async () => {
    const result = await run(['validate', fixture('tool-success')]);
    expect(result.code).toBe(0);
    expect(result.out).toBe('valid: 16 checked (jsonl)');
  });

  it('lists line-numbered issues and exits 1', async () => {
    const result = await run(['validate', fixture('degraded-facts')]);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').slice(0, 6)).toEqual([
      'line 3: error missing_correlation: tool.started: stepId is missing [df-0003]',
      'line 3: error missing_correlation: tool.started: toolCallId is missing [df-0003]',
      'line 4: error unknown_event_type: unknown event type "telemetry.sampled" [df-0004]',
      expect.stringMatching(/^line 7: error invalid_json: line 7 is not valid JSON/),
      'line 8: error missing_correlation: action.required: actionId is missing [df-0007]',
      'line 9: warning schema_version_unknown: schemaVersion "lime-profile-9.9.0" is not lime-profile-0.4.0 or a portable 0.1 version [df-0008]',
    ]);
    expect(result.out).toMatch(/invalid: 6 issue\(s\) on 5 line\(s\) of 10 checked/);
  });

  it('reads a single JSON event, a snapshot and an evidence pack', async () => {
    expect(await run(['validate', join(PROFILE_FIXTURES, 'submit-turn-event.json')])).toMatchObject({ code: 0, out: 'valid: 1 checked (event)' });
    expect(await run(['validate', join(PROFILE_FIXTURES, 'thread-read-snapshot.json')])).toMatchObject({ code: 0, out: 'valid: 1 checked (session snapshot)' });
    expect((await run(['validate', join(PROFILE_FIXTURES, 'benchmark-trial-pack.json')])).code).toBe(0);
    const broken = JSON.stringify({ schemaVersion: 'lime-profile-0.4.0', sessionId: 's', threads: [] });
    const result = await run(['validate', 'snap.json'], { 'snap.json': broken });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/invalid_snapshot: threads: threads must be a non-empty array/);
  });

  it('reads standard input with -', async () => {
    const line = readFileSync(fixture('text-basic'), 'utf8').split('\n')[0]!;
    expect(await run(['validate', '-'], {}, `${line}\n{oops\n`)).toMatchObject({ code: 1 });
  });
});

describe('agentui replay', () => {
  it('prints the summary as JSON with --json', async () => {
    const result = await run(['replay', fixture('hitl-action'), '--json']);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.out);
    expect(summary.actions).toEqual([{ actionId: 'action-write-1', status: 'resolved', decision: 'allow' }, { actionId: 'action-input-2', status: 'expired' }]);
  });

  it('prints a readable report by default', async () => {
    const result = await run(['replay', fixture('stream-repair')]);
    expect(result.out.split('\n')[0]).toBe('session sess-stream-repair · status running · STALE (waiting for repair)');
    expect(result.out).toContain('  sequence_gap');
  });

  it('hydrates a snapshot file', async () => {
    const result = await run(['replay', join(FIXTURES, 'stream-repair.snapshot.json'), '--json']);
    expect(JSON.parse(result.out)).toMatchObject({ status: 'completed', stale: false });
  });
});

describe('bad input gives a clear message and a non-zero exit, never a stack trace', () => {
  it.each([
    [['replay', '/no/such/file.jsonl'], 2, /cannot read \/no\/such\/file.jsonl: ENOENT/],
    [['validate'], 2, /usage:/],
    [['frobnicate', 'x'], 2, /unexpected arguments/],
    [['validate', 'x.jsonl', '--json'], 2, /unexpected arguments/],
  ])('%j', async (argv, code, message) => {
    const result = await run(argv as string[]);
    expect(result.code).toBe(code);
    expect(result.err).toMatch(message);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('an empty file', async () => {
    expect(await run(['replay', 'empty.jsonl'], { 'empty.jsonl': '  \n' })).toMatchObject({ code: 1, err: 'agentui: empty.jsonl is empty' });
  });

  it('a document that is neither events nor a snapshot', async () => {
    expect(await run(['replay', 'x.json'], { 'x.json': '{"hello": "world"}' })).toMatchObject({ code: 1, err: 'agentui: the input is not events, a snapshot or an evidence pack' });
  });

  it('a file of garbage lines replays into diagnostics with line numbers, and exits 1: it was malformed', async () => {
    const result = await run(['replay', 'g.jsonl', '--json'], { 'g.jsonl': 'nope\n{"type":1}\n' });
    expect(result.code).toBe(1);
    expect(result.err).toBe('agentui: g.jsonl is malformed: 1 unreadable line(s), 1 invalid event(s), 0 of unknown type, 0 invalid snapshot(s)');
    expect(JSON.parse(result.out).diagnostics).toEqual([{ code: 'invalid_json', line: 1 }, { code: 'invalid_event', line: 2 }]);
  });
});

describe('validate and replay read inputs alike', () => {
  const events = () => readFileSync(fixture('stream-repair'), 'utf8').trim().split('\n');
  const readModelLine = () => JSON.stringify(JSON.parse(readFileSync(join(FIXTURES, 'stream-repair.snapshot.json'), 'utf8')));

  it('a read-model line in JSON Lines is accepted by validate, as replay hydrates it', async () => {
    const lines = events();
    const text = [...lines.slice(0, 3), readModelLine(), ...lines.slice(3)].join('\n');
    const validated = await run(['validate', 'mixed.jsonl'], { 'mixed.jsonl': text });
    expect(validated).toMatchObject({ code: 0, out: `valid: ${lines.length + 1} checked (jsonl)` });
    const replayed = await run(['replay', 'mixed.jsonl', '--json'], { 'mixed.jsonl': text });
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toMatchObject({ status: 'completed', stale: false });
  });

  it('a thread read model whose turn status is a prototype method name is invalid for validate and malformed for replay (issue 13 item 4)', async () => {
    for (const status of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const model = JSON.parse(readFileSync(join(FIXTURES, 'stream-repair.snapshot.json'), 'utf8'));
      model.status = status;
      model.turns[0].status = status;
      const file = { 'model.json': JSON.stringify(model) };
      const validated = await run(['validate', 'model.json'], file);
      expect(validated.code).toBe(1);
      expect(validated.out.split('\n').slice(0, 2)).toEqual([
        expect.stringMatching(/^error invalid_snapshot: status: status must be one of idle, /),
        expect.stringMatching(/^error invalid_snapshot: turns\.0\.status: status must be one of submitted, /),
      ]);
      const replayed = await run(['replay', 'model.json', '--json'], file);
      expect(replayed.code).toBe(1);
      expect(JSON.parse(replayed.out)).toMatchObject({ status: 'unknown', turns: [{ turnId: 'turn-1', status: 'unknown' }] });
      expect(replayed.err).toMatch(/1 invalid snapshot\(s\)$/);
      const asLine = await run(['validate', 'x.jsonl'], { 'x.jsonl': [events()[0], JSON.stringify(model)].join('\n') });
      expect(asLine.out).toMatch(/^line 2: error invalid_snapshot: turns\.0\.status: /m);
    }
  });

  it('a session-snapshot line is checked as a snapshot by validate and counted as malformed by replay', async () => {
    const broken = JSON.stringify({ schemaVersion: 'lime-profile-0.4.0', sessionId: 's', threads: [] });
    const text = [events()[0], broken].join('\n');
    const validated = await run(['validate', 'x.jsonl'], { 'x.jsonl': text });
    expect(validated.code).toBe(1);
    expect(validated.out).toMatch(/^line 2: error invalid_snapshot: threads: threads must be a non-empty array$/m);
    const replayed = await run(['replay', 'x.jsonl'], { 'x.jsonl': text });
    expect(replayed.code).toBe(1);
    expect(replayed.err).toMatch(/1 invalid snapshot\(s\)$/);
  });

  it('a pretty-printed document, a one-line array and a one-line event are documents; a line 5,000 deep is too_deep', async () => {
    const event = JSON.parse(events()[0]!);
    expect(await run(['validate', 'p.json'], { 'p.json': JSON.stringify([event], null, 2) })).toMatchObject({ code: 0, out: 'valid: 1 checked (json-array)' });
    expect(await run(['validate', 'a.json'], { 'a.json': `\n\n${JSON.stringify([event, event])}\n\n` })).toMatchObject({ code: 0, out: 'valid: 2 checked (json-array)' });
    expect(await run(['validate', 'e.json'], { 'e.json': JSON.stringify(event) })).toMatchObject({ code: 0, out: 'valid: 1 checked (event)' });
    const deep = JSON.stringify({ ...event, eventId: 'deep', sequence: event.sequence + 1, payload: 'DEEP' }).replace('"DEEP"', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const text = `${events()[0]}\n${deep}\n`;
    const validated = await run(['validate', 'd.jsonl'], { 'd.jsonl': text });
    expect(validated.out.split('\n')[0]).toBe('line 2: error too_deep: line 2 nests deeper than 64 levels [deep]');
    expect(validated.code).toBe(1);
    const replayed = await run(['replay', 'd.jsonl', '--json'], { 'd.jsonl': text });
    expect(replayed.code).toBe(1);
    // The refused line keeps its place (issue 22 item 4): reported with its id and line.
    expect(JSON.parse(replayed.out).diagnostics).toEqual([{ code: 'too_deep', eventId: 'deep', line: 2 }]);
  });

  it('reads CR-only line ends (old Mac files) as lines, as the SSE splitter does (issue 23 item 10)', async () => {
    const lines = readFileSync(fixture('text-basic'), 'utf8').trim().split('\n');
    const validated = await run(['validate', 'mac.jsonl'], { 'mac.jsonl': `${lines.join('\r')}\r` });
    expect(validated).toMatchObject({ code: 0, out: `valid: ${lines.length} checked (jsonl)` });
    const replayed = await run(['replay', 'mac.jsonl', '--json'], { 'mac.jsonl': lines.join('\r') });
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toMatchObject({ status: 'completed', counts: { applied: lines.length } });
  });

  it('a write that fails (a full disk) is reported with exit 2, whatever the input (issue 23 item 10)', async () => {
    const err: string[] = [];
    const io: CliIo = { ...memoryIo({}, '', [], err), outputError: () => 'ENOSPC (no space left on the device)' };
    expect(await runCli(['validate', fixture('text-basic')], io)).toBe(2);
    expect(err).toEqual(['agentui: cannot write the output: ENOSPC (no space left on the device)']);
  });

  it('binary input stops reading at its line with a clear message', async () => {
    const text = `${events()[0]}\n\u0000\u0001garbage\n${events()[1]}\n`;
    const validated = await run(['validate', 'b.jsonl'], { 'b.jsonl': text });
    expect(validated.code).toBe(1);
    expect(validated.out).toBe('line 2: error binary_input: line 2 is not UTF-8 text (binary input): reading stopped there\ninvalid: 1 issue(s) on 1 line(s) of 2 checked (jsonl)');
    expect((await run(['replay', 'b.jsonl'], { 'b.jsonl': text })).code).toBe(1);
  });
});

describe('agentui serve', () => {
  it('rejects bad flags with a message', async () => {
    const err: string[] = [];
    const io = memoryIo({ 'x.jsonl': '' }, '', [], err);
    expect(await runCli(['serve', 'x.jsonl', '--duplicate-rate', '3'], io)).toBe(2);
    expect(await runCli(['serve', 'x.jsonl', '--gap', 'a,b'], io)).toBe(2);
    expect(await runCli(['serve'], io)).toBe(2);
    expect(err).toEqual([
      'agentui serve: --duplicate-rate is a probability from 0 to 1',
      'agentui serve: --gap takes sequences like 9,10 (got a,b)',
      'agentui serve: serve needs a fixture file',
    ]);
  });

  it('rejects a speed of 0 (it would wake every millisecond forever) and origins that are not one origin', async () => {
    const err: string[] = [];
    const io = memoryIo({ 'x.jsonl': '' }, '', [], err);
    expect(await runCli(['serve', 'x.jsonl', '--speed', '0'], io)).toBe(2);
    expect(await runCli(['serve', 'x.jsonl', '--allow-origin', '*'], io)).toBe(2);
    expect(await runCli(['serve', 'x.jsonl', '--allow-origin', 'http://127.0.0.1:6006/iframe.html'], io)).toBe(2);
    expect(await runCli(['serve', 'x.jsonl', '--token', 'short'], io)).toBe(2);
    expect(err).toEqual([
      'agentui serve: --speed must be greater than 0 (got 0)',
      'agentui serve: --allow-origin takes one origin like http://127.0.0.1:6006 (got *)',
      'agentui serve: --allow-origin takes one origin like http://127.0.0.1:6006 (got http://127.0.0.1:6006/iframe.html)',
      'agentui serve: --token takes at least 16 printable characters',
    ]);
  });

  it('serves a line nested too deep as a place-holder that keeps its place, with a message', async () => {
    const lines = readFileSync(fixture('tool-success'), 'utf8').trim().split('\n');
    const deep = JSON.stringify({ ...JSON.parse(lines[3]!), eventId: 'deep', payload: 'DEEP' }).replace('"DEEP"', `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
    const out: string[] = [];
    const err: string[] = [];
    const signals = new EventEmitter();
    const running = runCli(['serve', 'deep.jsonl', '--port', '0'], memoryIo({ 'deep.jsonl': [...lines.slice(0, 4), deep, ...lines.slice(4)].join('\n') }, '', out, err), signals);
    while (out.length < 1) await new Promise((r) => setTimeout(r, 5));
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(err).toEqual(['agentui serve: line 5 nests deeper than 64 levels; served as a place-holder that keeps its place']);
    expect(out[0]).toMatch(new RegExp(`^serving ${lines.length + 1} events from deep.jsonl at http://127\\.0\\.0\\.1:\\d+ `));
  });

  it('prints the per-run write token and the allowed origins at start', async () => {
    const out: string[] = [];
    const signals = new EventEmitter();
    const io = memoryIo({}, '', out, []);
    const running = runCli(['serve', fixture('hitl-action'), '--port', '0', '--allow-origin', 'http://127.0.0.1:6006'], io, signals);
    while (out.length < 3) await new Promise((r) => setTimeout(r, 5));
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(out[1]).toMatch(/^write token: [0-9a-f]{48} /);
    expect(out[2]).toBe('pages allowed from: http://127.0.0.1:6006');
  });
});
