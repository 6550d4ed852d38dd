import type { JsonObject } from '../protocol/events';
import { parseOrigin } from '../server/requestGuard';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from '../server/fixtureServer';
import type { CliIo } from './cliIo';
import { readInput } from '../stream/readInput';
import { refusalOf } from '../protocol/refusedLine';

const NUMBER_FLAGS: Record<string, keyof FixtureServerOptions> = {
  '--port': 'port',
  '--speed': 'speed',
  '--drop-after': 'dropAfter',
  '--duplicate-rate': 'duplicateRate',
  '--max-gap-ms': 'maxGapMs',
};

/** Parses `serve` arguments; returns a message instead of throwing on a bad flag. */
export function parseServeArgs(args: readonly string[]): { file: string; options: FixtureServerOptions } | { error: string } {
  const options: FixtureServerOptions = {};
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--no-await-actions') {
      options.awaitActions = false;
    } else if (arg === '--open-reads') {
      options.openReads = true;
    } else if (arg === '--allow-origin') {
      const value = args[++i];
      const origin = value === undefined ? undefined : parseOrigin(value);
      if (origin === undefined) return { error: `--allow-origin takes one origin like http://127.0.0.1:6006 (got ${value ?? 'nothing'})` };
      options.allowOrigin = [...(options.allowOrigin ?? []), origin];
    } else if (arg === '--token') {
      const value = args[++i];
      if (value === undefined || !/^[\x21-\x7e]{16,}$/.test(value)) return { error: '--token takes at least 16 printable characters' };
      options.writeToken = value;
    } else if (arg === '--gap') {
      const value = args[++i];
      const gap = value?.split(',').map(Number);
      if (!gap || gap.some((n) => !Number.isInteger(n))) return { error: `--gap takes sequences like 9,10 (got ${value ?? 'nothing'})` };
      options.gap = gap;
    } else if (Object.prototype.hasOwnProperty.call(NUMBER_FLAGS, arg)) { // own flags only: `constructor` is not one
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || value < 0) return { error: `${arg} takes a non-negative number (got ${args[i] ?? 'nothing'})` };
      (options as Record<string, number>)[NUMBER_FLAGS[arg]!] = value;
    } else if (arg.startsWith('--')) {
      return { error: `unknown flag ${arg}` };
    } else if (file === undefined) {
      file = arg;
    } else {
      return { error: `unexpected argument ${arg}` };
    }
  }
  if (file === undefined) return { error: 'serve needs a fixture file' };
  // Speed divides the recorded pauses: 0 would make every pause infinite and spin the timer.
  if (options.speed !== undefined && options.speed <= 0) return { error: `--speed must be greater than 0 (got ${options.speed})` };
  if (options.duplicateRate !== undefined && options.duplicateRate > 1) return { error: '--duplicate-rate is a probability from 0 to 1' };
  return { file, options };
}

/** Starts the fixture server and resolves when it stops (SIGINT / SIGTERM). */
export async function serveCommand(args: readonly string[], io: CliIo, signals: NodeJS.EventEmitter = process): Promise<number> {
  const parsed = parseServeArgs(args);
  if ('error' in parsed) {
    io.err(`agentui serve: ${parsed.error}`);
    return 2;
  }
  const events: JsonObject[] = [];
  const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
  try {
    for await (const item of readInput(io.input(parsed.file))) {
      if (item.kind === 'issue') io.err(`agentui serve: ${item.issue.message}; skipped`);
      else if (item.kind === 'record' && isObject(item.value)) {
        // A refused line (too deep) is served as its place-holder: clients keep its place in the order.
        const refusal = refusalOf(item.value);
        if (refusal) io.err(`agentui serve: ${refusal.message}; served as a place-holder that keeps its place`);
        events.push(item.value);
      }
      else if (item.kind === 'document') {
        // One push per event: a spread of a 200,000-event array overflows the call stack.
        for (const value of Array.isArray(item.value) ? item.value : [item.value]) if (isObject(value)) events.push(value);
      }
    }
  } catch (error) {
    io.err(`agentui: cannot read ${parsed.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 2;
  }
  let server: FixtureServer;
  try {
    server = await startFixtureServer(events, { ...parsed.options, onError: (message) => io.err(`agentui serve: ${message}`) });
  } catch (error) {
    io.err(`agentui serve: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  io.out(`serving ${events.length} events from ${parsed.file} at ${server.url}  (GET /events, GET /thread, POST /actions/:id)`);
  io.out(
    parsed.options.openReads
      ? `write token: ${server.writeToken}  (POST needs Authorization: Bearer <token> and Content-Type: application/json; reads are open)`
      : `write token: ${server.writeToken}  (every request needs Authorization: Bearer <token>; POST also Content-Type: application/json)`,
  );
  io.out(parsed.options.allowOrigin ? `pages allowed from: ${parsed.options.allowOrigin.join(', ')}` : 'no other origin may use it (opt one in with --allow-origin <origin>)');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    signals.once('SIGINT', stop);
    signals.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
