// What the coding-session fixture says: a seven-turn refactor of a small TypeScript service's HTTP
// client (retry logic extracted into a helper, an off-by-one caught by a failing test, a flaky test
// made deterministic, the patch and evidence exported, a pull request summary). Each turn does
// different work in its own steps (a step is the tool calls the model makes between two pieces of
// text); the summary names only what the turns did. Words only: the event shapes, ids and timing
// are scripts/codingSession.mjs's.

const CLIENT_TS = `import { request } from 'undici';
import type { Config } from '../config';

export class ApiClient {
  constructor(private readonly config: Config) {}

  async getOrder(id: string): Promise<Order> {
    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
      try {
        return await this.get(\`/orders/\${id}\`);
      } catch (error) {
        if (!isTransient(error) || attempt === this.config.retries) throw error;
        await sleep(250 * 2 ** attempt);
      }
    }
    throw new Error('unreachable');
  }
`;

const REPOSITORY_TS = `export class OrderRepository {
  async save(order: Order): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.db.insert(order);
        return;
      } catch (error) {
        if (attempt === 2) throw error;
        await sleep(100);
      }
    }
  }
}
`;

const RETRY_TS = `export interface RetryOptions {
  maxAttempts: number;
  baseDelayMs: number;
  isRetryable?: (error: unknown) => boolean;
}

export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= options.maxAttempts || !(options.isRetryable ?? isTransient)(error)) throw error;
      await sleep(backoff(attempt, options.baseDelayMs));
    }
  }
}

export function backoff(attempt: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** attempt;
}
`;

const PACKAGE_JSON = `{
  "name": "orders-api",
  "type": "module",
  "scripts": {
    "build": "tsc -p .",
    "test": "vitest run"
  }
}
`;

const RETRY_TEST = `import { describe, expect, it, vi } from 'vitest';
import { withRetry } from '../../src/http/retry';

describe('withRetry', () => {
  it('retries until the operation succeeds', async () => {
    const run = vi.fn().mockRejectedValueOnce(timeout()).mockResolvedValue('ok');
    expect(await withRetry(run, { maxAttempts: 3, baseDelayMs: 1000 })).toBe('ok');
  });
`;

const PASS = (files, tests, ms) => `✓ ${files.join('\n✓ ')}\n\nTest Files  ${files.length} passed (${files.length})\n     Tests  ${tests} passed (${tests})\n  Duration  ${ms}`;
const SUITE = ['test/http/client.test.ts (12 tests)', 'test/http/retry.test.ts (3 tests)', 'test/orders/service.test.ts (9 tests)', 'test/orders/repository.test.ts (6 tests)', 'test/api/routes.test.ts (184 tests)'];

/** A unified diff of whole files: each file's header, one hunk, its removed and added lines. */
function unifiedDiff(files) {
  const out = [];
  for (const { file, removed = [], added = [], context = [], at = 1 } of files) {
    out.push(`diff --git a/${file} b/${file}`, `--- ${removed.length === 0 && context.length === 0 ? '/dev/null' : `a/${file}`}`, `+++ b/${file}`);
    out.push(`@@ -${at},${removed.length + context.length} +${at},${added.length + context.length} @@`);
    for (const line of context) out.push(` ${line}`);
    for (const line of removed) out.push(`-${line}`);
    for (const line of added) out.push(`+${line}`);
  }
  return out.join('\n');
}

const CLIENT_CHANGE = {
  file: 'src/http/client.ts',
  at: 7,
  context: ['  async getOrder(id: string): Promise<Order> {'],
  removed: ['    for (let attempt = 0; attempt <= this.config.retries; attempt++) {', '      try {', '        return await this.get(`/orders/${id}`);', '      } catch (error) {', '        if (!isTransient(error) || attempt === this.config.retries) throw error;', '        await sleep(250 * 2 ** attempt);', '      }', '    }', "    throw new Error('unreachable');"],
  added: ['    return withRetry(() => this.get(`/orders/${id}`), {', '      maxAttempts: this.config.retries + 1,', '      baseDelayMs: 250,', '    });'],
};
const REPOSITORY_CHANGE = {
  file: 'src/orders/repository.ts',
  at: 2,
  context: ['  async save(order: Order): Promise<void> {'],
  removed: ['    for (let attempt = 0; attempt < 3; attempt++) {', '      try {', '        await this.db.insert(order);', '        return;', '      } catch (error) {', '        if (attempt === 2) throw error;', '        await sleep(100);', '      }', '    }'],
  added: ['    await withRetry(() => this.db.insert(order), { maxAttempts: 3, baseDelayMs: 100 });'],
};
const RETRY_NEW = { file: 'src/http/retry.ts', added: RETRY_TS.trimEnd().split('\n') };
const RETRY_FIX = {
  file: 'src/http/retry.ts',
  at: 7,
  context: ['export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions): Promise<T> {'],
  removed: ['  for (let attempt = 0; ; attempt++) {'],
  added: ['  for (let attempt = 1; ; attempt++) {'],
};
const BACKOFF_JITTER = {
  file: 'src/http/retry.ts',
  at: 19,
  context: ['export function backoff(attempt: number, baseDelayMs: number): number {'],
  removed: ['  return baseDelayMs * 2 ** attempt;'],
  added: ['  // Full jitter: a random delay up to the exponential cap, at most 10 s.', '  return Math.random() * Math.min(10_000, baseDelayMs * 2 ** (attempt - 1));'],
};
const PACKAGE_SCRIPT = { file: 'package.json', at: 4, context: ['  "scripts": {'], added: ['    "test:retry": "vitest run test/http/retry.test.ts",'] };
const RETRY_TESTS = {
  file: 'test/http/retry.test.ts',
  added: ["import { describe, expect, it, vi } from 'vitest';", "import { withRetry } from '../../src/http/retry';", '', "describe('withRetry', () => {", "  it('gives up after maxAttempts', async () => {", '    const run = vi.fn().mockRejectedValue(timeout());', '    await expect(withRetry(run, { maxAttempts: 3, baseDelayMs: 1 })).rejects.toThrow();', '    expect(run).toHaveBeenCalledTimes(3);', '  });', '});'],
};

/** The patch the session produces, as the runtime's artifact store serves each version and the change between them. */
export const PATCH = {
  v1: unifiedDiff([RETRY_NEW, CLIENT_CHANGE, REPOSITORY_CHANGE]),
  v2: unifiedDiff([{ ...RETRY_NEW, added: RETRY_NEW.added.map((l) => l.replace('let attempt = 0;', 'let attempt = 1;').replace('return baseDelayMs * 2 ** attempt;', 'return Math.random() * Math.min(10_000, baseDelayMs * 2 ** (attempt - 1));')) }, CLIENT_CHANGE, REPOSITORY_CHANGE, PACKAGE_SCRIPT, RETRY_TESTS]),
  diff: unifiedDiff([RETRY_FIX, BACKOFF_JITTER, PACKAGE_SCRIPT, RETRY_TESTS]),
};

/** A long listing of the repository's tests, long enough to travel behind its ref. */
function testListing() {
  const lines = ['test/http/client.test.ts', 'test/http/retry.test.ts', 'test/orders/service.test.ts', 'test/orders/repository.test.ts'];
  for (let i = 1; lines.join('\n').length < 1400; i++) lines.push(`test/api/routes/${['orders', 'customers', 'invoices', 'refunds'][i % 4]}-${String(i).padStart(2, '0')}.test.ts`);
  return lines.join('\n');
}

/**
 * One entry per turn: the prompt, the model's reasoning, and its steps in order. A step is text
 * (`say`), then the tool calls made together (`tools`: name, args, what it saw). Special events
 * (an approval, the task's attempts, a subagent, artifacts and evidence) are marked on the tools
 * and placed by scripts/codingSession.mjs.
 */
export const TURNS = [
  {
    prompt: 'The HTTP client retries inline in three places. Pull the retry loop out into a reusable withRetry helper.',
    reasoning: 'The retry loop is copied in client.ts twice and once in the orders repository, each with its own delay. A helper that takes the operation, a maximum attempt count and a base delay covers all three. I will read the client first, find every copy, and write src/http/retry.ts before touching the call sites. The delays differ between the copies (250 ms doubling in the client, a flat 100 ms in the repository), so the helper takes the base delay as an option instead of guessing one. Errors that are not transient, such as a 404 or a validation error, must not be retried at all.',
    steps: [
      {
        say: 'I will start with the HTTP client and look for every copy of the loop. ',
        tools: [
          { name: 'read_file', args: { path: 'src/http/client.ts' }, preview: CLIENT_TS },
          { name: 'grep', args: { pattern: 'for (let attempt', path: 'src' }, failure: { failureCategory: 'invalid_input', retryable: true, recoveryHint: 'Escape the parenthesis in the pattern and search again.', message: 'grep: Unmatched ( or \\(' } },
          { name: 'grep', args: { pattern: 'for \\(let attempt', path: 'src' }, preview: 'src/http/client.ts:8:    for (let attempt = 0; attempt <= this.config.retries; attempt++) {\nsrc/http/client.ts:41:    for (let attempt = 0; attempt <= this.config.retries; attempt++) {\nsrc/orders/repository.ts:3:    for (let attempt = 0; attempt < 3; attempt++) {' },
          { name: 'read_file', args: { path: 'src/orders/repository.ts' }, preview: REPOSITORY_TS },
        ],
      },
      {
        say: 'There are three copies of the loop, two in the client and one in the repository, each with its own delay. I am writing the helper first. ',
        tools: [
          { name: 'edit_file', args: { path: 'src/http/retry.ts', create: true }, preview: 'Created src/http/retry.ts (+22 lines)' },
          { name: 'run_tests', args: { command: 'npx vitest run test/http' }, preview: PASS(['test/http/client.test.ts (12 tests)'], 12, '1.84s') },
        ],
      },
    ],
    closing: 'I added src/http/retry.ts with withRetry(run, { maxAttempts, baseDelayMs, isRetryable }). It retries only transient errors (timeouts, 429 and 5xx) and backs off exponentially from the base delay. Nothing calls it yet: the next step moves the three call sites over.',
  },
  {
    prompt: 'Use withRetry at the three call sites and delete the inline loops.',
    reasoning: 'Each call site passes its own attempt count: the client reads config.retries, which counts retries rather than attempts, so the helper needs retries + 1. The repository hard-codes three attempts. Keeping the same numbers means the behaviour does not change in this step. Behaviour changes belong in their own commits, where a reviewer can see them. I will check each call site against its old loop: the same attempt count, the same first delay, and the same errors rethrown to the caller.',
    steps: [
      {
        say: 'Moving the call sites over, keeping their attempt counts and delays. ',
        tools: [
          { name: 'edit_file', args: { path: 'src/http/client.ts', edits: 2 }, preview: 'Edited src/http/client.ts (-18 lines, +8 lines)' },
          { name: 'edit_file', args: { path: 'src/orders/repository.ts', edits: 1 }, preview: 'Edited src/orders/repository.ts (-9 lines, +1 line)' },
          { name: 'grep', args: { pattern: 'sleep\\(', path: 'src' }, preview: 'src/http/retry.ts:15:      await sleep(backoff(attempt, options.baseDelayMs));' },
        ],
      },
      {
        say: 'config.retries counts retries, so the client passes retries + 1 attempts. Checking the tests and the diff. ',
        tools: [
          { name: 'run_tests', args: { command: 'npx vitest run test/http test/orders' }, preview: PASS(['test/http/client.test.ts (12 tests)', 'test/orders/service.test.ts (9 tests)', 'test/orders/repository.test.ts (6 tests)'], 27, '2.31s') },
          { name: 'git_diff', args: { path: 'src' }, preview: PATCH.v1, large: true, patch: 'v1' },
        ],
      },
    ],
    closing: "All three loops are gone: getOrder, listOrders and the repository's save now call withRetry with the same attempt counts and delays as before. The patch is attached as retry-refactor.patch. I have not added tests for the helper itself yet.",
  },
  {
    prompt: 'Add tests for withRetry and a test:retry script, then run them.',
    reasoning: 'The helper needs tests for the three behaviours callers rely on: success on a later attempt, giving up after maxAttempts, and not retrying a permanent error. A package script makes the suite easy to run alone. Editing package.json needs permission. The give-up case matters most: a caller that sets maxAttempts to 3 expects exactly three calls, because each call may be a payment request or another write that is not safe to repeat.',
    steps: [
      {
        say: 'Writing three tests: a later success, giving up, and a permanent error. ',
        tools: [
          { name: 'read_file', args: { path: 'package.json' }, preview: PACKAGE_JSON },
          { name: 'edit_file', args: { path: 'test/http/retry.test.ts', create: true }, preview: 'Created test/http/retry.test.ts (+41 lines)' },
          { name: 'edit_file', args: { path: 'package.json', edits: 1 }, preview: 'Edited package.json: added "test:retry": "vitest run test/http/retry.test.ts"', approval: { prompt: 'Allow edit_file to add a test:retry script to package.json?', scope: { path: 'package.json' } } },
        ],
      },
      {
        say: 'Running the new tests on their own. ',
        tools: [
          { name: 'run_tests', args: { command: 'npm run test:retry' }, preview: '✓ retries until the operation succeeds\n✗ gives up after maxAttempts\n  AssertionError: expected "run" to be called 3 times, but got 4 times\n   ❯ test/http/retry.test.ts:31:22\n✓ does not retry a permanent error\n\nTest Files  1 failed (1)\n     Tests  1 failed | 2 passed (3)', failure: { failureCategory: 'process_exit', retryable: true, recoveryHint: 'Fix the loop so it stops after maxAttempts calls, then run the tests again.', message: 'vitest exited with code 1: 1 failed, 2 passed' }, evidence: 'ev-test-failure' },
        ],
      },
    ],
    closing: 'The new test "gives up after maxAttempts" fails: with maxAttempts 3 the operation ran 4 times. The loop counts attempts from 0 but compares them with maxAttempts as if it counted from 1, so it makes one call too many before giving up. The failing run is kept as evidence; I will fix the loop next.',
  },
  {
    prompt: 'Fix the off-by-one, add jitter to the backoff, and run the whole suite.',
    reasoning: 'The loop counts from zero but compares with maxAttempts as if it counted from one: counting from one fixes it and makes backoff(attempt) start at the base delay. Full jitter (a random delay between zero and the exponential cap) keeps clients from retrying in lockstep. The whole suite takes a while, so a test runner can run it in parallel workers while I review the diff. Math.random makes the delay nondeterministic, which is the point in production but a problem in tests; the helper should take an injectable random source so the tests can pin it.',
    steps: [
      {
        say: 'Fixing the loop condition and the backoff together. ',
        tools: [
          { name: 'read_file', args: { path: 'src/http/retry.ts' }, preview: RETRY_TS },
          { name: 'edit_file', args: { path: 'src/http/retry.ts', edits: 2 }, preview: 'Edited src/http/retry.ts (-2 lines, +3 lines)' },
          { name: 'run_tests', args: { command: 'npm run test:retry' }, preview: PASS(['test/http/retry.test.ts (3 tests)'], 3, '3.12s') },
        ],
      },
      {
        say: 'Counting attempts from 1, the third failure now ends the call. A test runner is running the full suite in three workers while I check the diff. ',
        subagent: true,
        tools: [{ name: 'git_diff', args: { path: 'src/http/retry.ts' }, preview: PATCH.diff, large: true, patch: 'v2' }],
      },
    ],
    closing: 'withRetry now stops after exactly maxAttempts calls, and backoff(attempt, base) returns a random delay up to base × 2^(attempt − 1), capped at 10 s. The retry tests pass and the full suite is green (214 tests). The patch is updated to version 2.',
  },
  {
    prompt: 'The retry test is flaky on CI. Make it deterministic.',
    reasoning: 'With jitter the test waits for real delays, so a slow CI machine can run past the test timeout. Fake timers make the delays instant and let the test advance time itself; a seeded random source keeps the jitter reproducible. The CI logs show the retry test hitting the 30 s test timeout about once in twenty runs, always on the slowest runner. Raising the timeout would hide the problem, not fix it.',
    steps: [
      {
        say: 'Looking at how the test waits. ',
        tools: [
          { name: 'read_file', args: { path: 'test/http/retry.test.ts' }, preview: RETRY_TEST },
          { name: 'grep', args: { pattern: 'useFakeTimers', path: 'test' }, preview: 'test/orders/service.test.ts:4:  beforeEach(() => vi.useFakeTimers());' },
          { name: 'list_dir', args: { path: 'test', recursive: true }, preview: testListing(), large: true },
        ],
      },
      {
        say: 'The test sleeps for real: up to 30 s on a slow machine. The task runs the test under the CI limits. ',
        task: true,
      },
    ],
    closing: 'The first attempt ran the test as it was and timed out after 30 s; the second uses vi.useFakeTimers() and vi.advanceTimersByTimeAsync, and injects the random source so the jitter is the same on every run. The retry tests now finish in 40 ms.',
  },
  {
    prompt: 'Export the patch and the evidence so the team can review it.',
    reasoning: 'The review needs the final patch, the failing run that showed the off-by-one, and the green runs after the fix. The evidence pack links the replay of the session and the test outcomes to one source. The changelog gets one line for the refactor. Before exporting I will run the typecheck and the whole suite once more on the final tree, so the evidence describes exactly what is exported.',
    steps: [
      {
        say: 'Checking the final tree once more before exporting. ',
        tools: [
          { name: 'run_tests', args: { command: 'npx tsc --noEmit && npx vitest run' }, preview: PASS(SUITE, 214, '9.41s') },
          { name: 'read_file', args: { path: 'CHANGELOG.md' }, preview: '## Unreleased\n\n- Orders: list endpoints accept a cursor.\n' },
          { name: 'edit_file', args: { path: 'CHANGELOG.md', edits: 1 }, preview: 'Edited CHANGELOG.md (+1 line)' },
        ],
        exports: true,
      },
    ],
    closing: 'The patch is exported as retry-refactor.patch (version 2) and the evidence pack links the session replay, the failing run from turn 3 and the passing runs: unit tests passed, typecheck passed. Both are ready for review.',
  },
  {
    prompt: 'Summarize the refactor for the pull request.',
    reasoning: 'The summary should say what moved where, what behaviour changed (the jitter, and the attempt count that is now exact), and what was checked. A table of the files is easier to scan than prose, and the helper signature is worth showing once. The pull request description is read by people who did not follow the session, so it has to stand on its own.',
    steps: [
      {
        say: 'Here is the summary for the pull request. ',
        tools: [
          { name: 'read_file', args: { path: 'src/http/retry.ts' }, preview: RETRY_TS.replace('let attempt = 0;', 'let attempt = 1;').replace('return baseDelayMs * 2 ** attempt;', 'return Math.random() * Math.min(10_000, baseDelayMs * 2 ** (attempt - 1));') },
          { name: 'git_diff', args: { path: '.', stat: true }, preview: ' CHANGELOG.md              |  1 +\n package.json              |  1 +\n src/http/client.ts        | 26 ++++++++--------------\n src/http/retry.ts         | 23 ++++++++++++++++++++\n src/orders/repository.ts  | 10 +--------\n test/http/retry.test.ts   | 41 +++++++++++++++++++++++++++++++\n 6 files changed, 70 insertions(+), 31 deletions(-)' },
        ],
      },
    ],
    closing: `

### Retry logic in one place

| file | change |
| --- | --- |
| src/http/retry.ts | new: withRetry and backoff with full jitter |
| src/http/client.ts | two loops replaced |
| src/orders/repository.ts | one loop replaced |
| test/http/retry.test.ts | 3 tests, fake timers, a pinned random source |
| package.json | a test:retry script |
| CHANGELOG.md | one line for the refactor |

\`\`\`ts
withRetry(run, { maxAttempts: 3, baseDelayMs: 250 });
\`\`\`

Behaviour: at most maxAttempts calls (one call too many before the fix), jittered backoff capped at 10 s. Checked: the full suite (214 tests) and the typecheck pass.`,
  },
];

/** The fix attempts of turn 5's task: the test as it was (times out), then with fake timers (passes). */
export const FLAKY_ATTEMPTS = [
  { name: 'run_tests', args: { command: 'npm run test:retry -- --testTimeout=30000' }, failure: { failureCategory: 'timeout', retryable: true, recoveryHint: 'Use fake timers so the test does not wait for the real backoff.', message: 'tests timed out after 30 s' }, ms: 30_000 },
  { name: 'edit_file', args: { path: 'test/http/retry.test.ts', edits: 3 }, preview: 'Edited test/http/retry.test.ts (-2 lines, +9 lines)' },
  { name: 'run_tests', args: { command: 'npm run test:retry -- --testTimeout=30000' }, preview: PASS(['test/http/retry.test.ts (3 tests)'], 3, '40ms') },
];

/** The test runner subagent's one call: the whole suite in parallel workers. */
export const SUITE_RUN = { name: 'run_tests', args: { command: 'npx vitest run --pool=threads --poolOptions.threads.maxThreads=3' }, preview: PASS(SUITE, 214, '9.72s') };

/** Two progress lines per tool, as a runtime would stream them. */
export function progressLines(name, args) {
  switch (name) {
    case 'read_file': return [`opening ${args.path}\n`, `reading ${args.path}\n`];
    case 'grep': return [`searching ${args.path}\n`, 'collecting matches\n'];
    case 'list_dir': return [`listing ${args.path}\n`, 'sorting entries\n'];
    case 'edit_file': return [`applying edits to ${args.path}\n`, 'formatting\n'];
    case 'run_tests': return [`$ ${args.command}\n`, 'collecting tests\n'];
    default: return ['computing the diff\n', 'rendering\n'];
  }
}

/** How long each tool runs, in ms of the fixture's clock (its results' durationMs agree with the timestamps). */
export const TOOL_MS = { read_file: 40, grep: 300, list_dir: 200, edit_file: 60, run_tests: 4000, git_diff: 120 };
