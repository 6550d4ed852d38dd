// `agentui record`: a live session becomes a fixture. From any runtime's SSE endpoint (the
// fixture server, the chat example, an adapter behind the HTTP bridge), a command that prints
// JSON Lines, or standard input; redacted with the display policy; stopped by the turn's end, the
// stream's end or Ctrl-C; resumed after the last recorded event when the file exists.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { parseJsonLine } from '../protocol/parseJsonl';
import { validateEvent } from '../protocol/validateEvent';
import { ndjsonSource } from '../stream/ndjsonSource';
import { sseSource } from '../stream/sseSource';
import type { RuntimeEventSource, StreamCursor } from '../stream/types';
import type { CliIo } from './cliIo';
import { recordSession, type RecordingReport } from './sessionRecorder';

export const RECORD_USAGE = `  agentui record <sse-url | -> --out <file.jsonl> [--until turn-end|end] [--settle-ms 500] [--header "Name: value"] [--new]
  agentui record --out <file.jsonl> [options] -- <command> [args...]
                                     record a live session to JSONL, secrets redacted; stops when the turn ends (or the
                                     stream ends, or Ctrl-C); an existing file is resumed after its last event`;

/** What `record` was asked to do. */
export interface RecordArgs {
  /** An http(s) SSE URL, `-` for standard input, or a command (`command` set). */
  source: string;
  command?: readonly string[];
  out: string;
  until: 'turn-end' | 'end';
  settleMs: number;
  headers: Record<string, string>;
  fresh: boolean;
}

/** Parses `record` arguments; a message instead of throwing on a bad one. */
export function parseRecordArgs(args: readonly string[]): RecordArgs | { error: string } {
  const dash = args.indexOf('--');
  const own = dash < 0 ? args : args.slice(0, dash);
  const command = dash < 0 ? undefined : args.slice(dash + 1);
  let source: string | undefined;
  let out: string | undefined;
  let until: RecordArgs['until'] = 'turn-end';
  let settleMs = 500;
  let fresh = false;
  const headers: Record<string, string> = {};
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    if (arg === '--out' || arg === '-o') out = own[++i];
    else if (arg === '--new') fresh = true;
    else if (arg === '--until') {
      const value = own[++i];
      if (value !== 'turn-end' && value !== 'end') return { error: `--until takes turn-end or end (got ${value ?? 'nothing'})` };
      until = value;
    } else if (arg === '--settle-ms') {
      settleMs = Number(own[++i]);
      if (!Number.isFinite(settleMs) || settleMs < 0) return { error: `--settle-ms takes a non-negative number (got ${own[i] ?? 'nothing'})` };
    } else if (arg === '--header') {
      const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(own[++i] ?? '');
      if (!match) return { error: `--header takes "Name: value" (got ${own[i] ?? 'nothing'})` };
      headers[match[1]!] = match[2]!;
    } else if (arg.startsWith('-') && arg !== '-') return { error: `unknown flag ${arg}` };
    else if (source === undefined) source = arg;
    else return { error: `unexpected argument ${arg}` };
  }
  if (out === undefined || out === '') return { error: 'record needs --out <file.jsonl>' };
  if (command !== undefined) {
    if (command.length === 0) return { error: 'nothing to run after --' };
    if (source !== undefined) return { error: 'give an SSE URL or a command after --, not both' };
    return { source: command.join(' '), command, out, until, settleMs, headers, fresh };
  }
  if (source === undefined) return { error: 'record needs an SSE URL, - (standard input) or -- <command>' };
  if (source !== '-' && !/^https?:\/\//i.test(source)) return { error: `${source} is not an http(s) URL; to run a command, put it after --` };
  return { source, out, until, settleMs, headers, fresh };
}

/** What a recording file already holds: its event ids, where to resume, and its line count. */
export interface ExistingRecording {
  eventIds: string[];
  cursor?: StreamCursor;
  lines: number;
  /** A last line cut mid-write (no newline, not JSON), removed before appending. */
  cutLine?: number;
}

/** Reads a recording to resume it; a last line cut mid-write is reported, and dropped when `repair` is set. */
export function readExistingRecording(path: string, repair: boolean): ExistingRecording {
  if (!existsSync(path)) return { eventIds: [], lines: 0 };
  let text = readFileSync(path, 'utf8');
  let cutLine: number | undefined;
  const lines = text.split('\n');
  if (!text.endsWith('\n') && text !== '') {
    const last = lines[lines.length - 1]!;
    if ('issue' in parseJsonLine(last, lines.length)) {
      cutLine = lines.length;
      text = text.slice(0, text.length - last.length);
      if (repair) truncateSync(path, Buffer.byteLength(text, 'utf8'));
    }
  }
  const eventIds: string[] = [];
  let cursor: StreamCursor | undefined;
  let count = 0;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    count = i + 1;
    const parsed = parseJsonLine(line, i + 1);
    if ('issue' in parsed || typeof parsed.value !== 'object' || parsed.value === null) return;
    const { eventId, sequence } = parsed.value as { eventId?: unknown; sequence?: unknown };
    if (typeof eventId === 'string') eventIds.push(eventId);
    if (typeof sequence === 'number' && (cursor?.sequence === undefined || sequence > cursor.sequence)) {
      cursor = { sequence, ...(typeof eventId === 'string' && { eventId }) };
    }
  });
  return { eventIds, ...(cursor && { cursor }), lines: count, ...(cutLine !== undefined && { cutLine }) };
}

function openSource(args: RecordArgs, cursor: StreamCursor | undefined, io: CliIo): { source: RuntimeEventSource; child?: ChildProcess } {
  if (args.command) {
    // The command learns where to resume from its environment; what it re-sends anyway is dropped by eventId.
    const env = { ...process.env, ...(cursor?.sequence !== undefined && { AGENTUI_RESUME_SEQUENCE: String(cursor.sequence) }), ...(cursor?.eventId !== undefined && { AGENTUI_RESUME_EVENT_ID: cursor.eventId }) };
    const child = spawn(args.command[0]!, args.command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], env });
    child.on('error', (error) => io.err(`agentui record: cannot run ${args.command![0]}: ${error.message}`));
    return { source: ndjsonSource(Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>), child };
  }
  if (args.source === '-') return { source: ndjsonSource(Readable.toWeb(Readable.from(io.input('-'))) as ReadableStream<Uint8Array>) };
  return { source: sseSource(args.source, { headers: args.headers, ...(cursor && { cursor }) }) };
}

const STOPPED: Record<RecordingReport['stoppedBy'], string> = {
  'turn-end': 'the turn ended',
  'stream-end': 'the stream ended',
  stopped: 'stopped (Ctrl-C)',
  error: 'the source failed',
};

/** How many redactions the report names one by one; the rest are counted. */
const LISTED_REDACTIONS = 20;

/** Prints what was recorded, and where each redaction is (never the secret itself). */
function printReport(report: RecordingReport, args: RecordArgs, invalid: number, io: CliIo): void {
  const span = report.firstSequence !== undefined ? ` (sequence ${report.firstSequence}–${report.lastSequence})` : '';
  io.out(`recorded ${report.written} event(s)${span} to ${args.out}: ${STOPPED[report.stoppedBy]}${report.error ? `: ${report.error}` : ''}`);
  if (report.duplicates > 0) io.out(`${report.duplicates} event(s) already recorded were not written again`);
  if (report.skipped > 0) io.out(`${report.skipped} value(s) that are not events were skipped`);
  if (report.redactions.length === 0) io.out('redacted: nothing (no value looked like a secret)');
  else {
    const events = new Set(report.redactions.map((r) => r.line)).size;
    io.out(`redacted ${report.redactions.length} value(s) in ${events} event(s):`);
    for (const r of report.redactions.slice(0, LISTED_REDACTIONS)) {
      io.out(`  line ${r.line} ${r.type ?? '(no type)'}${r.eventId ? ` [${r.eventId}]` : ''}: ${r.path} (${r.kind === 'value' ? 'the whole value' : 'a secret in the text'})`);
    }
    if (report.redactions.length > LISTED_REDACTIONS) io.out(`  … and ${report.redactions.length - LISTED_REDACTIONS} more`);
  }
  for (const d of report.diagnostics) io.err(`agentui record: ${d}`);
  if (invalid > 0) io.out(`${invalid} recorded event(s) fail the profile schema: agentui validate ${args.out} says which`);
}

/** Runs `agentui record` and resolves to its exit code: 0 recorded, 1 the source failed, 2 usage or file error. */
export async function recordCommand(argv: readonly string[], io: CliIo, signals: NodeJS.EventEmitter = process): Promise<number> {
  const args = parseRecordArgs(argv);
  if ('error' in args) {
    io.err(`agentui record: ${args.error}\nusage:\n${RECORD_USAGE}`);
    return 2;
  }
  let existing: ExistingRecording;
  let fd: number;
  try {
    existing = args.fresh ? { eventIds: [], lines: 0 } : readExistingRecording(args.out, true);
    fd = openSync(args.out, args.fresh ? 'w' : 'a');
  } catch (error) {
    io.err(`agentui record: cannot write ${args.out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 2;
  }
  if (existing.cutLine !== undefined) io.err(`agentui record: line ${existing.cutLine} of ${args.out} was cut mid-write; it was removed and recording resumes before it`);
  if (existing.cursor) io.out(`resuming ${args.out} after sequence ${existing.cursor.sequence}${existing.cursor.eventId ? ` (event ${existing.cursor.eventId})` : ''}`);

  const { source, child } = openSource(args, existing.cursor, io);
  let invalid = 0;
  let writeError: string | undefined;
  const run = recordSession(source, {
    until: args.until,
    settleMs: args.settleMs,
    recorded: existing.eventIds,
    firstLine: existing.lines + 1,
    onNotice: (message) => io.err(`agentui record: ${message}`),
    write(lines) {
      try {
        writeSync(fd, lines);
      } catch (error) {
        writeError = (error as NodeJS.ErrnoException).code ?? String(error);
        run.stop();
      }
      for (const line of lines.split('\n')) if (line !== '' && !validateEvent(JSON.parse(line)).valid) invalid += 1;
    },
  });
  const stop = () => run.stop();
  signals.once('SIGINT', stop);
  signals.once('SIGTERM', stop);
  child?.once('exit', (code) => {
    if (code) io.err(`agentui record: ${args.command![0]} exited with code ${code}`);
  });
  const report = await run.done;
  signals.off('SIGINT', stop);
  signals.off('SIGTERM', stop);
  if (child && child.exitCode === null) child.kill();
  closeSync(fd);
  printReport(report, args, invalid, io);
  if (writeError) {
    io.err(`agentui record: cannot write ${args.out}: ${writeError}`);
    return 2;
  }
  return report.stoppedBy === 'error' ? 1 : 0;
}
