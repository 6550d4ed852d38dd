// The CLI as a real process against inputs that broke it: garbage, binary, endless and large input,
// a reader that closes the pipe early. Inputs are generated into a temp folder; every child is
// killed after a time limit, so no case can run away. AGENTUI_CLI_BUNDLE=<file.mjs> runs the cases
// against another build (e.g. an older one, to see them fail).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir = '';
let cli = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agentui-cli-'));
  cli = process.env.AGENTUI_CLI_BUNDLE ?? join(dir, 'agentui.mjs');
  if (process.env.AGENTUI_CLI_BUNDLE) return;
  await build({
    configFile: false,
    logLevel: 'silent',
    ssr: { noExternal: true },
    build: { ssr: 'src/cli/main.ts', outDir: dir, emptyOutDir: false, minify: false, rollupOptions: { output: { format: 'es', entryFileNames: 'agentui.mjs' } } },
  });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  peakMb: number;
}

interface RunOptions {
  /** Standard input: a file, or a feeder called with the child's stdin. */
  stdin?: string | ((stdin: NodeJS.WritableStream, running: () => boolean) => void);
  /** Close our end of stdout after the first output. */
  closeStdoutEarly?: boolean;
  /** Read nothing from stdout for this long at first: a reader slower than the CLI. */
  pauseStdoutMs?: number;
  /** Keep all of stdout (by default the first 100 KB). */
  keepStdout?: boolean;
  limitMs?: number;
  /** Standard output to this file (e.g. /dev/full) instead of a pipe. */
  stdout?: string;
  /** Stop the child (SIGTERM) once its standard output matches: for `serve`, which runs until stopped. */
  untilStdout?: RegExp;
}

/** Runs the CLI, sampling its peak resident memory, and kills it at the time limit. */
function runCli(args: string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve) => {
    const out = options.stdout === undefined ? 'pipe' : openSync(options.stdout, 'w');
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', out, 'pipe'] }) as ChildProcessByStdio<Writable, Readable | null, Readable>;
    if (typeof out === 'number') closeSync(out);
    let stdout = '';
    let stderr = '';
    let peakMb = 0;
    let running = true;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (options.keepStdout || stdout.length < 100_000) stdout += chunk.toString('utf8');
      if (options.closeStdoutEarly) child.stdout!.destroy();
      if (options.untilStdout?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.on('error', () => undefined);
    if (options.pauseStdoutMs) {
      child.stdout!.pause();
      setTimeout(() => child.stdout!.resume(), options.pauseStdoutMs);
    }
    if (typeof options.stdin === 'string') child.stdin.end(readFileSync(options.stdin));
    else if (options.stdin) options.stdin(child.stdin, () => running);
    else child.stdin.end();
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakMb = Math.max(peakMb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
        if (peakMb > MEMORY_LIMIT_MB) child.kill('SIGKILL'); // a runaway, whatever build is under test
      } catch {
        // exited between samples
      }
    }, 20);
    const limit = setTimeout(() => child.kill('SIGKILL'), options.limitMs ?? 20_000);
    child.on('close', (code, signal) => {
      running = false;
      clearInterval(sample);
      clearTimeout(limit);
      resolve({ code, signal, stdout, stderr, peakMb: Math.round(peakMb) });
    });
  });
}

/** Deterministic pseudo-random bytes. */
function noise(size: number, seed = 13): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const STACK = /\n\s+at /;
const MEMORY_LIMIT_MB = 1_024;

function eventLines(count: number, from = 1): string {
  let text = '';
  for (let seq = from; seq < from + count; seq++) {
    text += `${JSON.stringify({
      schemaVersion: 'lime-profile-0.4.0',
      runtimeId: 'rt',
      sessionId: 's',
      threadId: 't',
      turnId: 'turn-1',
      eventId: `e-${seq}`,
      sequence: seq,
      timestamp: '2026-06-09T10:00:00.000Z',
      type: 'model.delta',
      payload: { delta: `word ${seq} ` },
    })}\n`;
  }
  return text;
}

describe('the CLI process on hostile input', () => {
  it('garbage text: replay and validate exit 1 with line numbers, never a stack trace', async () => {
    const file = join(dir, 'garbage.txt');
    writeFileSync(file, 'hello\nnot json at all\n{"type":\n');
    const replayed = await runCli(['replay', file]);
    expect(replayed.code).toBe(1);
    expect(replayed.stderr).toMatch(/is malformed: 3 unreadable line\(s\)/);
    const validated = await runCli(['validate', file]);
    expect(validated.code).toBe(1);
    expect(validated.stdout).toMatch(/^line 3: error invalid_json/m);
    expect(replayed.stderr + validated.stderr).not.toMatch(STACK);
  });

  it('a 1 MB binary file: exit 1, reading stops at the first line that is not text', async () => {
    const file = join(dir, 'noise.bin');
    writeFileSync(file, noise(1_000_000));
    for (const command of ['replay', 'validate']) {
      const run = await runCli([command, file]);
      expect(run.code, command).toBe(1);
      expect(run.stdout + run.stderr, command).toMatch(/line \d+ is not UTF-8 text \(binary input\): reading stopped there/);
      expect(run.stderr).not.toMatch(STACK);
    }
  });

  it('/dev/zero, as a file and as standard input: exit 1 at once, in bounded memory', async () => {
    const asFile = await runCli(['validate', '/dev/zero']);
    expect(asFile).toMatchObject({ code: 1, signal: null });
    expect(asFile.stdout).toMatch(/^line 1: error binary_input: /);
    expect(asFile.peakMb).toBeLessThan(200);
    const asStdin = await runCli(['replay', '-'], { stdin: (stdin, running) => feed(stdin, running, Buffer.alloc(1 << 16)) });
    expect(asStdin).toMatchObject({ code: 1, signal: null });
    expect(asStdin.peakMb).toBeLessThan(200);
  }, 60_000);

  it('an endless line of text on standard input: exit 1 naming the line, in bounded memory', async () => {
    const chunk = Buffer.from(`${eventLines(3)}${'a'.repeat(1 << 16)}`);
    const run = await runCli(['validate', '-'], { stdin: (stdin, running) => feed(stdin, running, chunk, Buffer.from('a'.repeat(1 << 16))) });
    expect(run).toMatchObject({ code: 1, signal: null });
    expect(run.stdout).toMatch(/^line 4: error line_too_long: line 4 is longer than 16,777,216 characters: reading stopped there$/m);
    expect(run.peakMb).toBeLessThan(300);
  }, 60_000);

  it('validate runs in constant memory: 200,000 lines need no more than 20,000', async () => {
    const small = join(dir, 'small.jsonl');
    const large = join(dir, 'large.jsonl');
    writeFileSync(small, eventLines(20_000));
    writeFileSync(large, eventLines(200_000));
    const a = await runCli(['validate', small], { limitMs: 60_000 });
    const b = await runCli(['validate', large], { limitMs: 60_000 });
    expect(a.stdout.trim()).toBe('valid: 20000 checked (jsonl)');
    expect(b.stdout.trim()).toBe('valid: 200000 checked (jsonl)');
    // The large file is 10 times the small one (about 45 MB): holding its lines would take over 90 MB
    // more (UTF-16 strings); streaming them leaves only the collector's slack, which varies by Node
    // version (18-34 MB measured on 20, 22 and 24).
    expect(b.peakMb - a.peakMb).toBeLessThan(60);
  }, 120_000);

  it('a reader slower than the CLI (| a paused pipe) holds the run back: memory stays bounded, no line is lost', async () => {
    // 20,000 lines of {} make 160,000 lines of issues (about 12 MB); before, they piled up in the
    // process while the reader paused (2 MB of input reached 4.4 GB resident through | cat).
    const file = join(dir, 'empty-objects.jsonl');
    writeFileSync(file, '{}\n'.repeat(20_000));
    const few = join(dir, 'few-empty-objects.jsonl');
    writeFileSync(few, '{}\n'.repeat(100));
    const baseline = await runCli(['validate', few]);
    const paused = await runCli(['validate', file], { pauseStdoutMs: 1_500, keepStdout: true });
    expect(paused).toMatchObject({ code: 1, signal: null });
    expect(paused.stdout.split('\n').filter((line) => line.startsWith('line ')).length).toBe(160_000);
    expect(paused.stdout.trimEnd().split('\n').at(-1)).toMatch(/^invalid: \d+ issue\(s\) on 20000 line\(s\) of 20000 checked \(jsonl\)$/);
    // About 60 MB over a run of 100 lines (garbage the collector has not taken yet); 160 MB before.
    expect(paused.peakMb - baseline.peakMb).toBeLessThan(100);
  }, 30_000);

  it('standard output on a full disk (> /dev/full): exit 2 with the write error, never a stack trace (issue 23 item 10)', async () => {
    const file = join(dir, 'valid-small.jsonl');
    writeFileSync(file, eventLines(50));
    for (const command of ['validate', 'replay']) {
      const run = await runCli([command, file], { stdout: '/dev/full' });
      expect(run, command).toMatchObject({ code: 2, signal: null });
      expect(run.stderr, command).toBe('agentui: cannot write the output: ENOSPC (no space left on the device)\n');
    }
  });

  it('serve reads a pretty-printed JSON array of 200,000 events (issue 23 item 10)', async () => {
    const file = join(dir, 'pretty-200k.json');
    const events = eventLines(200_000).trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    writeFileSync(file, JSON.stringify(events, null, 2));
    const run = await runCli(['serve', file, '--port', '0'], { untilStdout: /serving/, limitMs: 60_000 });
    expect(run.stdout).toMatch(/^serving 200000 events from /);
    expect(run.stderr).toBe('');
  }, 90_000);

  it('a reader that stops early (| head) ends the run quietly', async () => {
    const file = join(dir, 'many-bad.jsonl');
    writeFileSync(file, 'nope\n'.repeat(200_000));
    const run = await runCli(['validate', file], { closeStdoutEarly: true });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
  });
});

/** Writes `first`, then `rest` (or `first` again) for as long as the child runs, at most 256 MB. */
function feed(stdin: NodeJS.WritableStream, running: () => boolean, first: Buffer, rest: Buffer = first): void {
  let written = 0;
  const pump = () => {
    while (running() && written < 256 * 1024 * 1024) {
      const chunk = written === 0 ? first : rest;
      written += chunk.length;
      if (!stdin.write(chunk)) return void stdin.once('drain', pump);
    }
    stdin.end();
  };
  pump();
}
