// The `agentui` command: validate and replay recorded runtime events. Plain Node, no framework.
// Input is read as a stream of lines: `validate` runs in constant memory whatever the input's
// size, `replay` in what the projection holds.
import { createReadStream } from 'node:fs';
import { classifyDocument } from '../protocol/snapshots';
import { validateSnapshot, validateThreadReadModel } from '../protocol/validateSnapshot';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { lineReplay, replayDocument } from '../stream/replayText';
import { formatReport } from './formatReport';
import { readInput, type InputItem } from '../stream/readInput';
import { serveCommand } from './serveCommand';
import { RECORD_USAGE, recordCommand } from './recordCommand';
import { STORY_USAGE, storyCommand } from './storyCommand';
import { validateDocument, validateRecord, type ValidationLine } from './validateInput';
import type { CliIo } from './cliIo';

export const USAGE = `usage:
  agentui validate <file|->          check events (JSONL, a JSON event or array) or a snapshot against the public schemas
  agentui replay <file|-> [--json]   replay into the store and print a report, or the summary as JSON
  agentui serve <fixture.jsonl> [--port 0] [--speed 1] [--drop-after N] [--duplicate-rate r] [--gap 9,10] [--no-await-actions]
                [--allow-origin http://127.0.0.1:6006] [--token T] [--open-reads]
                                     stream a fixture over SSE on 127.0.0.1 (GET /events, GET /thread, POST /actions/:id);
                                     requests need the printed token (--open-reads: writes only); other origins are refused unless allowed
${RECORD_USAGE}
${STORY_USAGE}

A file may be JSON Lines of events, a single JSON event, a JSON array of events, or a snapshot.
Lines are read one at a time (at most 16 MiB each); binary input or an over-long line stops reading.
Exit codes: 0 well formed, 1 anything malformed (replay still prints its report; validate also on warnings),
2 a usage error, input that cannot be read, or output that cannot be written (a full disk).`;


// Output lines are gathered and written in one call per chunk of this size (or per turn of the
// event loop): one write per line spent more time in the kernel than validating the line.
const OUTPUT_CHUNK = 64 * 1024;

/** What an output error code means, for the message (the code alone is cryptic to most readers). */
const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large',
  EIO: 'an input/output error',
  EBADF: 'standard output is not open',
};

function nodeIo(): CliIo {
  const stdout = process.stdout;
  let closed = false;
  let writeError: string | undefined;
  let held = '';
  let flushScheduled = false;
  // A reader that stops early (head) closes the pipe: that ends the output quietly. Any other
  // failure (a full disk) ends it too, and is reported with its own exit code, never a stack trace.
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code !== 'EPIPE') writeError ??= `${error.code ?? 'error'} (${(error.code && WRITE_ERRORS[error.code]) ?? error.message})`;
  });
  // A failed write destroys stdout at once; its error event comes a tick later.
  const outputClosed = () => closed || stdout.destroyed;
  const writeHeld = () => {
    flushScheduled = false;
    if (held === '') return;
    const text = held;
    held = '';
    if (!outputClosed()) stdout.write(text);
  };
  return {
    input: (path) => (path === '-' ? process.stdin : createReadStream(path)),
    out: (text) => {
      if (outputClosed()) return;
      held += `${text}\n`;
      if (held.length >= OUTPUT_CHUNK) writeHeld();
      else if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(writeHeld); // keeps the process alive until written, so the last lines are never lost
      }
    },
    err: (text) => {
      writeHeld(); // what was printed before an error is shown before it
      process.stderr.write(`${text}\n`);
    },
    outputClosed,
    outputBacklog: () => {
      if (outputClosed() || !stdout.writableNeedDrain) return undefined;
      return new Promise<void>((resolve) => {
        const done = () => {
          stdout.off('drain', done);
          stdout.off('close', done);
          resolve();
        };
        stdout.once('drain', done);
        stdout.once('close', done);
      });
    },
    async flush() {
      writeHeld();
      // The error of a failed write is emitted on a later tick: wait until stdout took it all or failed.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!outputClosed() && stdout.writableNeedDrain) await new Promise<void>((resolve) => stdout.once('drain', resolve).once('close', resolve));
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    outputError: () => writeError,
  };
}

/** Runs the CLI and resolves to its exit code (`serve` when the server stops). Never rejects. */
export async function runCli(argv: readonly string[], io: CliIo = nodeIo(), signals?: NodeJS.EventEmitter): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'serve') return serveCommand(rest, io, signals);
  if (command === 'record') return recordCommand(rest, io, signals);
  if (command === 'story') return storyCommand(rest, io);
  const json = rest.includes('--json');
  const files = rest.filter((a) => a !== '--json');
  if ((command !== 'validate' && command !== 'replay') || files.length !== 1 || (json && command !== 'replay')) {
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    io.err(command === undefined ? USAGE : `agentui: unexpected arguments: ${argv.join(' ')}\n${USAGE}`);
    return 2;
  }
  const file = files[0]!;
  const name = file === '-' ? 'standard input' : file;
  let code: number;
  try {
    const items = readInput(io.input(file));
    code = await (command === 'validate' ? validate(items, name, io) : replay(items, name, json, io));
  } catch (error) {
    if (error instanceof Error && 'syscall' in error) {
      io.err(`agentui: cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? error.message}`);
    } else {
      io.err(`agentui: internal error while reading ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 2;
  }
  await io.flush?.();
  const writeError = io.outputError?.();
  if (writeError === undefined) return code;
  // The report was not delivered: whatever the input was, this run did not do its job.
  io.err(`agentui: cannot write the output: ${writeError}`);
  return 2;
}

const formatIssue = (issue: ValidationLine) =>
  `${issue.line !== undefined ? `line ${issue.line}: ` : ''}${issue.severity} ${issue.code}: ${issue.message}${issue.eventId ? ` [${issue.eventId}]` : ''}`;

async function validate(items: AsyncIterable<InputItem>, name: string, io: CliIo): Promise<number> {
  let input: string | undefined;
  let checked = 0;
  let issueCount = 0;
  let badLines = 0;
  let lastBadLine: number | undefined;
  const report = (issues: readonly ValidationLine[]) => {
    for (const issue of issues) {
      io.out(formatIssue(issue));
      issueCount += 1;
      if (issue.line === undefined || issue.line !== lastBadLine) badLines += 1;
      lastBadLine = issue.line;
    }
  };
  for await (const item of items) {
    if (io.outputClosed?.()) break;
    const backlog = io.outputBacklog?.();
    if (backlog) await backlog;
    if (item.kind === 'document') {
      const result = validateDocument(item.value);
      input = result.input;
      checked = result.checked;
      report(result.issues);
      if (result.note) io.out(`${result.input}: ${result.note}`);
      continue;
    }
    input = 'jsonl';
    checked += 1;
    if (item.kind === 'issue') report([{ line: item.issue.line, code: item.issue.code, severity: 'error', message: item.issue.message }]);
    else report(validateRecord(item.value, item.line));
  }
  if (input === undefined) {
    io.err(`agentui: ${name} is empty`);
    return 1;
  }
  io.out(issueCount === 0 ? `valid: ${checked} checked (${input})` : `invalid: ${issueCount} issue(s) on ${badLines} line(s) of ${checked} checked (${input})`);
  return issueCount === 0 ? 0 : 1;
}

async function replay(items: AsyncIterable<InputItem>, name: string, json: boolean, io: CliIo): Promise<number> {
  const store = createRuntimeStore();
  const lines = lineReplay(store);
  let input: string | undefined;
  let unreadable = 0;
  let invalidSnapshots = 0;
  const checkSnapshot = (value: unknown) => {
    const kind = classifyDocument(value);
    if (kind === 'session-snapshot' && validateSnapshot(value).length > 0) invalidSnapshots += 1;
    if (kind === 'thread-read-model' && validateThreadReadModel(value).length > 0) invalidSnapshots += 1;
  };
  for await (const item of items) {
    if (item.kind === 'document') {
      input = replayDocument(item.value as object, store);
      checkSnapshot(item.value);
    } else if (item.kind === 'issue') {
      input = 'jsonl';
      unreadable += 1;
      lines.issue(item.issue);
      if (item.issue.code === 'line_too_long' || item.issue.code === 'binary_input') io.err(`agentui: ${item.issue.message}`);
    } else {
      input = 'jsonl';
      checkSnapshot(item.value);
      lines.record(item);
    }
  }
  lines.end();
  store.getState().settle();
  if (input === undefined) {
    io.err(`agentui: ${name} is empty`);
    return 1;
  }
  if (input === 'unknown') {
    io.err('agentui: the input is not events, a snapshot or an evidence pack');
    return 1;
  }
  io.out(json ? JSON.stringify(summarize(store.getState()), null, 2) : formatReport(summarize(store.getState())));
  // The report shows what could be projected; the exit code says whether all of it was well formed.
  const { invalid, unknownType } = store.getState().counts;
  if (unreadable + invalid + unknownType + invalidSnapshots === 0) return 0;
  io.err(`agentui: ${name} is malformed: ${unreadable} unreadable line(s), ${invalid} invalid event(s), ${unknownType} of unknown type, ${invalidSnapshots} invalid snapshot(s)`);
  return 1;
}
