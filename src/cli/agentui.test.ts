import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, PROFILE_FIXTURES } from '../../test/referenceData';
import { runCli, type CliIo } from './agentui';

function run(argv: string[], files: Record<string, string> = {}, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    readFile: (path) => {
      if (path in files) return files[path]!;
      return readFileSync(path, 'utf8');
    },
    readStdin: () => stdin,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  };
  const code = runCli(argv, io) as number;
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const fixture = (name: string) => join(FIXTURES, `${name}.jsonl`);

describe('agentui validate', () => {
  it('exits 0 on a valid fixture', () => {
    const result = run(['validate', fixture('tool-success')]);
    expect(result.code).toBe(0);
    expect(result.out).toBe('valid: 16 checked (jsonl)');
  });

  it('lists line-numbered issues and exits 1', () => {
    const result = run(['validate', fixture('degraded-facts')]);
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

  it('reads a single JSON event, a snapshot and an evidence pack', () => {
    expect(run(['validate', join(PROFILE_FIXTURES, 'submit-turn-event.json')])).toMatchObject({ code: 0, out: 'valid: 1 checked (event)' });
    expect(run(['validate', join(PROFILE_FIXTURES, 'thread-read-snapshot.json')])).toMatchObject({ code: 0, out: 'valid: 1 checked (session snapshot)' });
    expect(run(['validate', join(PROFILE_FIXTURES, 'benchmark-trial-pack.json')]).code).toBe(0);
    const broken = JSON.stringify({ schemaVersion: 'lime-profile-0.4.0', sessionId: 's', threads: [] });
    const result = run(['validate', 'snap.json'], { 'snap.json': broken });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/invalid_snapshot: threads: threads must be a non-empty array/);
  });

  it('reads standard input with -', () => {
    const line = readFileSync(fixture('text-basic'), 'utf8').split('\n')[0]!;
    expect(run(['validate', '-'], {}, `${line}\n{oops\n`)).toMatchObject({ code: 1 });
  });
});

describe('agentui replay', () => {
  it('prints the summary as JSON with --json', () => {
    const result = run(['replay', fixture('hitl-action'), '--json']);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.out);
    expect(summary.actions).toEqual([{ actionId: 'action-write-1', status: 'resolved', decision: 'allow' }, { actionId: 'action-input-2', status: 'expired' }]);
  });

  it('prints a readable report by default', () => {
    const result = run(['replay', fixture('stream-repair')]);
    expect(result.out.split('\n')[0]).toBe('session sess-stream-repair · status running · STALE (waiting for repair)');
    expect(result.out).toContain('  sequence_gap');
  });

  it('hydrates a snapshot file', () => {
    const result = run(['replay', join(FIXTURES, 'stream-repair.snapshot.json'), '--json']);
    expect(JSON.parse(result.out)).toMatchObject({ status: 'completed', stale: false });
  });
});

describe('bad input gives a clear message and a non-zero exit, never a stack trace', () => {
  it.each([
    [['replay', '/no/such/file.jsonl'], 2, /cannot read \/no\/such\/file.jsonl: ENOENT/],
    [['validate'], 2, /usage:/],
    [['frobnicate', 'x'], 2, /unexpected arguments/],
    [['validate', 'x.jsonl', '--json'], 2, /unexpected arguments/],
  ])('%j', (argv, code, message) => {
    const result = run(argv as string[]);
    expect(result.code).toBe(code);
    expect(result.err).toMatch(message);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('an empty file', () => {
    expect(run(['replay', 'empty.jsonl'], { 'empty.jsonl': '  \n' })).toMatchObject({ code: 1, err: 'agentui: empty.jsonl is empty' });
  });

  it('a document that is neither events nor a snapshot', () => {
    expect(run(['replay', 'x.json'], { 'x.json': '{"hello": "world"}' })).toMatchObject({ code: 1, err: 'agentui: the input is not events, a snapshot or an evidence pack' });
  });

  it('a file of garbage lines replays into diagnostics with line numbers', () => {
    const result = run(['replay', 'g.jsonl', '--json'], { 'g.jsonl': 'nope\n{"type":1}\n' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).diagnostics).toEqual([{ code: 'invalid_json', line: 1 }, { code: 'invalid_event', line: 2 }]);
  });
});

describe('agentui serve', () => {
  it('rejects bad flags with a message', async () => {
    const err: string[] = [];
    const io: CliIo = { readFile: () => '', readStdin: () => '', out: () => undefined, err: (t) => err.push(t) };
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
    const io: CliIo = { readFile: () => '', readStdin: () => '', out: () => undefined, err: (t) => err.push(t) };
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

  it('prints the per-run write token and the allowed origins at start', async () => {
    const out: string[] = [];
    const signals = new EventEmitter();
    const io: CliIo = { readFile: (p) => readFileSync(p, 'utf8'), readStdin: () => '', out: (t) => out.push(t), err: () => undefined };
    const running = runCli(['serve', fixture('hitl-action'), '--port', '0', '--allow-origin', 'http://127.0.0.1:6006'], io, signals);
    while (out.length < 3) await new Promise((r) => setTimeout(r, 5));
    signals.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(out[1]).toMatch(/^write token: [0-9a-f]{48} /);
    expect(out[2]).toBe('pages allowed from: http://127.0.0.1:6006');
  });
});
