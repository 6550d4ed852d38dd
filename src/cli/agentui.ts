// The `agentui` command: validate and replay recorded runtime events. Plain Node, no framework.
import { readFileSync } from 'node:fs';
import { summarize } from '../store/selectors/summarize';
import { replayText } from '../stream/replayText';
import { formatReport } from './formatReport';
import { serveCommand } from './serveCommand';
import { validateText } from './validateText';

export const USAGE = `usage:
  agentui validate <file|->          check events (JSONL, a JSON event or array) or a snapshot against the public schemas
  agentui replay <file|-> [--json]   replay into the store and print a report, or the summary as JSON
  agentui serve <fixture.jsonl> [--port 0] [--speed 1] [--drop-after N] [--duplicate-rate r] [--gap 9,10] [--no-await-actions]
                [--allow-origin http://127.0.0.1:6006] [--token T]
                                     stream a fixture over SSE on 127.0.0.1 (GET /events, GET /thread, POST /actions/:id);
                                     writes need the printed token; other origins are refused unless allowed

A file may be JSON Lines of events, a single JSON event, a JSON array of events, or a snapshot.
Exit codes: 0 valid / replayed, 1 invalid input, 2 usage or read error.`;

export interface CliIo {
  readFile(path: string): string;
  readStdin(): string;
  out(text: string): void;
  err(text: string): void;
}

const nodeIo: CliIo = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Runs the CLI and returns its exit code (`serve` resolves when the server stops). Never throws. */
export function runCli(argv: readonly string[], io: CliIo = nodeIo, signals?: NodeJS.EventEmitter): number | Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'serve') return serveCommand(rest, io, signals);
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
  let text: string;
  try {
    text = file === '-' ? io.readStdin() : io.readFile(file);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String((error as NodeJS.ErrnoException).code) : String(error);
    io.err(`agentui: cannot read ${file === '-' ? 'standard input' : file}: ${reason}`);
    return 2;
  }
  if (text.trim() === '') {
    io.err(`agentui: ${file === '-' ? 'standard input' : file} is empty`);
    return 1;
  }
  try {
    return command === 'validate' ? validate(text, io) : replay(text, json, io);
  } catch (error) {
    io.err(`agentui: internal error while reading ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

function validate(text: string, io: CliIo): number {
  const result = validateText(text);
  for (const issue of result.issues) {
    io.out(`${issue.line !== undefined ? `line ${issue.line}: ` : ''}${issue.severity} ${issue.code}: ${issue.message}${issue.eventId ? ` [${issue.eventId}]` : ''}`);
  }
  const lines = new Set(result.issues.map((i) => i.line)).size;
  if (result.note) io.out(`${result.input}: ${result.note}`);
  io.out(result.issues.length === 0 ? `valid: ${result.checked} checked (${result.input})` : `invalid: ${result.issues.length} issue(s) on ${lines} line(s) of ${result.checked} checked (${result.input})`);
  return result.issues.length === 0 ? 0 : 1;
}

function replay(text: string, json: boolean, io: CliIo): number {
  const { store, input } = replayText(text);
  const summary = summarize(store.getState());
  if (input === 'unknown') {
    io.err('agentui: the input is not events, a snapshot or an evidence pack');
    return 1;
  }
  io.out(json ? JSON.stringify(summary, null, 2) : formatReport(summary));
  return 0;
}
