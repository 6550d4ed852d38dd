// What the coding-session fixture says: a seven-turn refactor of a small TypeScript service's HTTP
// client (retry logic extracted into a helper, an off-by-one caught by a failing test, a flaky test
// made deterministic, the patch and evidence exported, a summary). Words only: the event shapes,
// ids and timing are scripts/codingSession.mjs's.

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
`;

const RETRY_FIXED = RETRY_TS.replace('let attempt = 0;', 'let attempt = 1;');

/** A recursive listing of the repository, long enough to travel behind its ref. */
function listing() {
  const lines = [];
  const dirs = { 'src/http': ['client.ts', 'retry.ts', 'errors.ts', 'index.ts'], 'src/orders': ['service.ts', 'repository.ts', 'schema.ts', 'index.ts'], 'src/config': ['index.ts', 'env.ts'], 'test/http': ['client.test.ts', 'retry.test.ts'], 'test/orders': ['service.test.ts', 'repository.test.ts'] };
  for (const [dir, files] of Object.entries(dirs)) for (const file of files) lines.push(`${dir}/${file}`);
  for (let i = 1; lines.join('\n').length < 1500; i++) lines.push(`migrations/2026${String(i).padStart(4, '0')}_orders.sql`);
  return lines.join('\n');
}

/** A unified diff, cut to what the preview shows. */
function diff(files) {
  const out = [];
  for (const [file, removed, added] of files) {
    out.push(`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`, '@@ -1,24 +1,12 @@');
    for (const line of removed) out.push(`-${line}`);
    for (const line of added) out.push(`+${line}`);
  }
  let text = out.join('\n');
  while (text.length < 1500) text += `\n ${out[(text.length >> 4) % out.length]}`;
  return text.slice(0, 1500);
}

const CALL_SITES = `src/http/client.ts:8:    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
src/http/client.ts:41:    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
src/orders/repository.ts:27:    for (let attempt = 0; attempt < 3; attempt++) {`;

const PASS = (files, tests, ms) => `✓ ${files.join('\n✓ ')}\n\nTest Files  ${files.length} passed (${files.length})\n     Tests  ${tests} passed (${tests})\n  Duration  ${ms}`;

/** One entry per turn: the prompt, the model's reasoning and answer, and what each of its six tools (in this order) saw. */
export const TURNS = [
  {
    prompt: 'The HTTP client retries inline in three places. Pull the retry loop out into a reusable withRetry helper.',
    reasoning: 'The retry loop is copied in client.ts twice and once in the orders repository, each with its own delay. A helper that takes the operation, a maximum attempt count and a base delay covers all three. I will read the client first, find every copy, and write src/http/retry.ts before touching the call sites. The delays differ between the copies (250 ms doubling in the client, a flat 100 ms in the repository), so the helper takes the base delay as an option instead of guessing one. Errors that are not transient, such as a 404 or a validation error, must not be retried at all.',
    intro: 'I will start with the HTTP client. ',
    notes: ['There are three copies of the loop, two in the client and one in the repository. ', 'The existing tests still pass with the helper in place. '],
    closing: 'I added src/http/retry.ts with withRetry(run, { maxAttempts, baseDelayMs, isRetryable }). It retries only transient errors (timeouts, 429 and 5xx) and backs off exponentially from the base delay. Nothing calls it yet: the next step moves the three call sites over.',
    tools: {
      read_file: { args: { path: 'src/http/client.ts' }, preview: CLIENT_TS },
      grep: { args: { pattern: 'for \\(let attempt', path: 'src' }, preview: CALL_SITES },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'src/http/retry.ts', create: true }, preview: 'Created src/http/retry.ts (+38 lines)' },
      run_tests: { args: { command: 'npx vitest run test/http' }, preview: PASS(['test/http/client.test.ts (12 tests)'], 12, '1.84s') },
      git_diff: { args: { path: 'src/http' }, preview: diff([['src/http/retry.ts', [], RETRY_TS.split('\n')]]) },
    },
  },
  {
    prompt: 'Use withRetry at the three call sites and delete the inline loops.',
    reasoning: 'Each call site passes its own attempt count: the client reads config.retries, which counts retries rather than attempts, so the helper needs retries + 1. The repository hard-codes three attempts. Keeping the same numbers means the behaviour does not change in this step. Behaviour changes belong in their own commits, where a reviewer can see them. I will check each call site against its old loop: the same attempt count, the same first delay, and the same errors rethrown to the caller.',
    intro: 'Moving the call sites over. ',
    notes: ['config.retries counts retries, so the client passes retries + 1 attempts. ', 'The client tests pass; the repository has no retry test yet. '],
    closing: 'All three loops are gone: getOrder, listOrders and the repository\'s save now call withRetry with the same attempt counts and delays as before. The patch is attached as retry-refactor.patch. I have not added tests for the helper itself yet.',
    tools: {
      read_file: { args: { path: 'src/orders/repository.ts' }, preview: 'export class OrderRepository {\n  async save(order: Order): Promise<void> {\n    for (let attempt = 0; attempt < 3; attempt++) {\n      try {\n        await this.db.insert(order);\n        return;\n      } catch (error) {\n        if (attempt === 2) throw error;\n        await sleep(100);\n      }\n    }\n  }\n}\n' },
      grep: { args: { pattern: 'sleep\\(', path: 'src' }, preview: 'src/http/client.ts:13:        await sleep(250 * 2 ** attempt);\nsrc/http/client.ts:46:        await sleep(250 * 2 ** attempt);\nsrc/orders/repository.ts:33:        await sleep(100);\nsrc/http/retry.ts:15:      await sleep(backoff(attempt, options.baseDelayMs));' },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'src/http/client.ts', edits: 2 }, preview: 'Edited src/http/client.ts (-24 lines, +6 lines)' },
      run_tests: { args: { command: 'npx vitest run test/http test/orders' }, preview: PASS(['test/http/client.test.ts (12 tests)', 'test/orders/service.test.ts (9 tests)'], 21, '2.31s') },
      git_diff: { args: { path: '.' }, preview: diff([['src/http/client.ts', ['    for (let attempt = 0; attempt <= this.config.retries; attempt++) {', '      try {', '        return await this.get(`/orders/${id}`);'], ['    return withRetry(() => this.get(`/orders/${id}`), {', '      maxAttempts: this.config.retries + 1,', '      baseDelayMs: 250,', '    });']]]) },
    },
  },
  {
    prompt: 'Add tests for withRetry and a test:retry script, then run them.',
    reasoning: 'The helper needs tests for the three behaviours callers rely on: success on a later attempt, giving up after maxAttempts, and not retrying a permanent error. A package script makes the suite easy to run alone. Editing package.json needs permission. The give-up case matters most: a caller that sets maxAttempts to 3 expects exactly three calls, because each call may be a payment request or another write that is not safe to repeat.',
    intro: 'Writing tests for the helper. ',
    notes: ['Three cases: a later success, giving up, and a permanent error. ', 'One test fails: the helper makes one call too many. '],
    closing: 'The new test "gives up after maxAttempts" fails: with maxAttempts 3 the operation ran 4 times. The loop counts attempts from 0 but compares them with maxAttempts as if it counted from 1, so it makes one call too many before giving up. The failing run is kept as evidence; I will fix the loop next.',
    tools: {
      read_file: { args: { path: 'package.json' }, preview: '{\n  "name": "orders-api",\n  "type": "module",\n  "scripts": {\n    "build": "tsc -p .",\n    "test": "vitest run"\n  }\n}\n' },
      grep: { args: { pattern: 'withRetry', path: 'test' }, preview: '(no matches)' },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'package.json', edits: 1 }, preview: 'Edited package.json: added "test:retry": "vitest run test/http/retry.test.ts"' },
      run_tests: { args: { command: 'npm run test:retry' }, preview: '✓ retries until the operation succeeds\n✗ gives up after maxAttempts\n  AssertionError: expected "run" to be called 3 times, but got 4 times\n   ❯ test/http/retry.test.ts:31:22\n✓ does not retry a permanent error\n\nTest Files  1 failed (1)\n     Tests  1 failed | 2 passed (3)' },
      git_diff: { args: { path: '.' }, preview: diff([['package.json', [], ['    "test:retry": "vitest run test/http/retry.test.ts",']], ['test/http/retry.test.ts', [], ["  it('gives up after maxAttempts', async () => {", '    const run = vi.fn().mockRejectedValue(timeout());', '    await expect(withRetry(run, { maxAttempts: 3, baseDelayMs: 1 })).rejects.toThrow();', '    expect(run).toHaveBeenCalledTimes(3);']]]) },
    },
  },
  {
    prompt: 'Fix the off-by-one, add jitter to the backoff, and run the whole suite.',
    reasoning: 'The loop counts from zero but compares with maxAttempts as if it counted from one: counting from one fixes it and makes backoff(attempt) start at the base delay. Full jitter (a random delay between zero and the exponential cap) keeps clients from retrying in lockstep. The whole suite takes a while, so a test runner can run it in parallel workers while I review the diff. Math.random makes the delay nondeterministic, which is the point in production but a problem in tests; the helper should take an injectable random source so the tests can pin it.',
    intro: 'Fixing the loop condition first. ',
    notes: ['Counting attempts from 1, the third failure now ends the call. ', 'A test runner is running the full suite in three workers. '],
    closing: 'withRetry now stops after exactly maxAttempts calls, and backoff(attempt, base) returns a random delay up to base × 2^(attempt − 1), capped at 10 s. The retry tests pass and the full suite is green (214 tests). The patch is updated to version 2.',
    tools: {
      read_file: { args: { path: 'src/http/retry.ts' }, preview: RETRY_TS },
      grep: { args: { pattern: 'backoff\\(', path: 'src' }, preview: 'src/http/retry.ts:15:      await sleep(backoff(attempt, options.baseDelayMs));\nsrc/http/retry.ts:20:export function backoff(attempt: number, baseDelayMs: number): number {' },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'src/http/retry.ts', edits: 2 }, preview: 'Edited src/http/retry.ts (-4 lines, +7 lines)' },
      run_tests: { args: { command: 'npx vitest run' }, preview: PASS(['test/http/client.test.ts (12 tests)', 'test/http/retry.test.ts (3 tests)', 'test/orders/service.test.ts (9 tests)', 'test/orders/repository.test.ts (6 tests)'], 214, '9.72s') },
      git_diff: { args: { path: 'src/http/retry.ts' }, preview: diff([['src/http/retry.ts', ['  for (let attempt = 0; ; attempt++) {'], ['  for (let attempt = 1; ; attempt++) {', 'export function backoff(attempt: number, baseDelayMs: number): number {', '  return Math.random() * Math.min(10_000, baseDelayMs * 2 ** (attempt - 1));', '}']]]) },
    },
  },
  {
    prompt: 'The retry test is flaky on CI. Make it deterministic.',
    reasoning: 'With jitter the test waits for real delays, so a slow CI machine can run past the test timeout. Fake timers make the delays instant and let the test advance time itself; a seeded random source keeps the jitter reproducible. The CI logs show the retry test hitting the 30 s test timeout about once in twenty runs, always on the slowest runner. Raising the timeout would hide the problem, not fix it.',
    intro: 'Looking at the CI failures. ',
    notes: ['The test sleeps for real: up to 30 s on a slow machine. ', 'With fake timers the test takes 40 ms. '],
    closing: 'The first attempt at the fix still used real timers and timed out after 30 s; the second uses vi.useFakeTimers() and vi.advanceTimersByTimeAsync, and injects the random source so the jitter is the same on every run. The retry tests now finish in 40 ms.',
    tools: {
      read_file: { args: { path: 'test/http/retry.test.ts' }, preview: "import { describe, expect, it, vi } from 'vitest';\nimport { withRetry } from '../../src/http/retry';\n\ndescribe('withRetry', () => {\n  it('retries until the operation succeeds', async () => {\n    const run = vi.fn().mockRejectedValueOnce(timeout()).mockResolvedValue('ok');\n    expect(await withRetry(run, { maxAttempts: 3, baseDelayMs: 1000 })).toBe('ok');\n  });\n" },
      grep: { args: { pattern: 'useFakeTimers', path: 'test' }, preview: 'test/orders/service.test.ts:4:  beforeEach(() => vi.useFakeTimers());' },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'test/http/retry.test.ts', edits: 3 }, preview: 'Edited test/http/retry.test.ts (-2 lines, +9 lines)' },
      run_tests: { args: { command: 'npm run test:retry' }, preview: PASS(['test/http/retry.test.ts (3 tests)'], 3, '40ms') },
      git_diff: { args: { path: 'test' }, preview: diff([['test/http/retry.test.ts', ["  it('retries until the operation succeeds', async () => {"], ['  beforeEach(() => vi.useFakeTimers());', "  it('retries until the operation succeeds', async () => {", '    const result = withRetry(run, { maxAttempts: 3, baseDelayMs: 1000, random: () => 0.5 });', '    await vi.advanceTimersByTimeAsync(1000);']]]) },
    },
  },
  {
    prompt: 'Export the patch and the evidence so the team can review it.',
    reasoning: 'The review needs the final patch, the failing run that showed the off-by-one, and the green runs after the fix. The evidence pack links the replay of the session and the test outcomes to one source. The changelog gets one line for the refactor. Before exporting I will run the typecheck and the whole suite once more on the final tree, so the evidence describes exactly what is exported.',
    intro: 'Preparing the review bundle. ',
    notes: ['The patch is version 2: the refactor, the fix and the tests. ', 'Typecheck and the unit tests both pass on the exported tree. '],
    closing: 'The patch is exported as retry-refactor.patch (version 2) and the evidence pack links the session replay, the failing run from turn 3 and the passing runs: unit tests passed, typecheck passed. Both are ready for review.',
    tools: {
      read_file: { args: { path: 'CHANGELOG.md' }, preview: '## Unreleased\n\n- HTTP: one withRetry helper with jittered backoff replaces three inline retry loops.\n' },
      grep: { args: { pattern: 'TODO', path: 'src/http' }, preview: '(no matches)' },
      list_dir: { args: { path: '.', recursive: true }, preview: listing() },
      edit_file: { args: { path: 'CHANGELOG.md', edits: 1 }, preview: 'Edited CHANGELOG.md (+1 line)' },
      run_tests: { args: { command: 'npx tsc --noEmit && npx vitest run' }, preview: PASS(['test/http/client.test.ts (12 tests)', 'test/http/retry.test.ts (3 tests)', 'test/orders/service.test.ts (9 tests)', 'test/orders/repository.test.ts (6 tests)'], 214, '9.41s') },
      git_diff: { args: { path: '.', stat: true }, preview: diff([['CHANGELOG.md', [], ['- HTTP: one withRetry helper with jittered backoff replaces three inline retry loops.']]]) },
    },
  },
  {
    prompt: 'Summarize the refactor for the pull request.',
    reasoning: 'The summary should say what moved where, what behaviour changed (the jitter, and the attempt count that is now exact), and what was checked. A table of the files is easier to scan than prose, and the helper signature is worth showing once. Anything I could not check must be said plainly rather than left out. The pull request description is read by people who did not follow the session, so it has to stand on its own.',
    intro: 'Here is the summary for the pull request. ',
    notes: ['I could not list deploy/secrets, so deployment configuration is not covered. ', 'The full suite and the typecheck pass. '],
    closing: `

### Retry logic in one place

| file | change |
| --- | --- |
| src/http/retry.ts | new: withRetry and backoff |
| src/http/client.ts | two loops replaced |
| src/orders/repository.ts | one loop replaced |
| test/http/retry.test.ts | 3 tests, fake timers |

\`\`\`ts
withRetry(run, { maxAttempts: 3, baseDelayMs: 250 });
\`\`\`

Behaviour: at most maxAttempts calls, jittered backoff capped at 10 s.`,
    tools: {
      read_file: { args: { path: 'src/http/retry.ts' }, preview: RETRY_FIXED },
      grep: { args: { pattern: 'withRetry\\(', path: 'src' }, preview: 'src/http/client.ts:8:    return withRetry(() => this.get(`/orders/${id}`), {\nsrc/http/client.ts:21:    return withRetry(() => this.get(`/orders?${query}`), {\nsrc/orders/repository.ts:27:    await withRetry(() => this.db.insert(order), { maxAttempts: 3, baseDelayMs: 100 });' },
      list_dir: { args: { path: 'deploy/secrets' }, preview: '' },
      edit_file: { args: { path: 'docs/http.md', edits: 1 }, preview: 'Edited docs/http.md (+12 lines)' },
      run_tests: { args: { command: 'npx vitest run' }, preview: PASS(['test/http/client.test.ts (12 tests)', 'test/http/retry.test.ts (3 tests)', 'test/orders/service.test.ts (9 tests)', 'test/orders/repository.test.ts (6 tests)'], 214, '9.55s') },
      git_diff: { args: { path: '.', stat: true }, preview: diff([['docs/http.md', [], ['## Retries', '', 'Every outgoing request goes through withRetry (src/http/retry.ts).']]]) },
    },
  },
];

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
