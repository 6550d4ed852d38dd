// `npm test`: every suite, in three lanes that run side by side. One after another, the suites kept
// 1.2 of a 2-core machine's cores busy on average (15.4 min); side by side they keep both busy, and
// beside other work in the same session (where the scheduler shares the cores by thread) they get a
// larger share of them. Each lane is an order of steps; a step that needs another lane's output (the
// built package) waits for it. A failed step stops its own lane (the steps after it are reported as
// not run) and the other lanes go on, so one run shows every failing suite.
// Each suite also runs alone: `npm run typecheck`, `npm run test:unit`, `npm run test:e2e` ...
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `node_modules/.bin/${name}`;

/** @typedef {{ name: string, command: string[], after?: string[] }} Step */

/**
 * The generated fixture stories are written once, before both lanes: `npm run typecheck` and the
 * Storybook scripts each write them again, which two lanes at once must not do.
 * @type {Step[][]}
 */
const LANES = [
  [
    { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', '.'] },
    { name: 'docs:check', command: ['node', 'scripts/tsdoc-coverage.mjs', '--list', '--min', '100'] },
    { name: 'test:unit', command: [bin('vitest'), 'run', '--project', 'unit'] },
    { name: 'bench:smoke', command: ['node', '--expose-gc', 'bench/ingest/run.mjs', '--smoke'], after: ['build'] },
  ],
  [
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
    { name: 'storybook:build', command: [bin('storybook'), 'build', '--quiet', '--output-dir', 'storybook-static'] },
    { name: 'test:stories', command: [bin('vitest'), 'run', '--project', 'storybook'] },
    // The chat example's tests build the app from dist/.
    { name: 'test:e2e', command: [bin('playwright'), 'test'], after: ['build'] },
  ],
  // The built-package tests spend much of their time in npm, git and fresh installs: a lane of
  // their own from the moment dist/ exists.
  [{ name: 'test:dist', command: ['node', '--test', '--test-concurrency=2', 'dist-tests/'], after: ['build'] }],
];

const children = new Set();
const stopAll = (signal) => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

/** Runs one step, its output line by line under its name. Resolves to its exit code. */
function run(step) {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    // A process group of its own, so stopping `npm test` stops the browsers and servers a suite started.
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    const label = `${step.name.padEnd(16)}│ `;
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label}${line}\n`);
      });
      stream.on('end', () => pending && process.stdout.write(`${label}${pending}\n`));
    }
    child.on('error', (error) => {
      process.stdout.write(`${label}${error.message}\n`);
      children.delete(child);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const results = new Map();
/** Each step's outcome as it settles: 'passed', 'failed' or 'not run'. */
const settled = new Map();
const outcome = (name) => {
  if (!settled.has(name)) {
    let resolve;
    settled.set(name, { promise: new Promise((r) => (resolve = r)), resolve });
  }
  return settled.get(name);
};

async function runLane(lane) {
  let stopped = false;
  for (const step of lane) {
    const waits = await Promise.all((step.after ?? []).map((name) => outcome(name).promise));
    const blocked = stopped || waits.some((result) => result !== 'passed');
    const started = performance.now();
    let result = 'not run';
    if (!blocked) {
      process.stdout.write(`── ${step.name}: ${step.command.join(' ')}\n`);
      result = (await run(step)) === 0 ? 'passed' : 'failed';
    }
    if (result === 'failed' || blocked) stopped = true;
    const seconds = Math.round((performance.now() - started) / 1000);
    results.set(step.name, { result, seconds });
    if (!blocked) process.stdout.write(`── ${step.name}: ${result} in ${seconds} s\n`);
    outcome(step.name).resolve(result);
  }
}

const started = performance.now();
const stories = spawnSync('node', ['scripts/fixture-stories.mjs'], { cwd: root, stdio: 'inherit' });
if (stories.status !== 0) process.exit(stories.status ?? 1);
await Promise.all(LANES.map(runLane));

const rows = LANES.flat().map((step) => {
  const { result, seconds } = results.get(step.name);
  return `  ${step.name.padEnd(16)} ${result.padEnd(8)} ${result === 'not run' ? '' : `${seconds} s`}`;
});
const failed = [...results.values()].some(({ result }) => result !== 'passed');
process.stdout.write(`\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round((performance.now() - started) / 1000)} s\n${rows.join('\n')}\n`);
process.exitCode = failed ? 1 : 0;
