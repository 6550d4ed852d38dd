// Checks the built package as a consumer sees it: exports, the headless graph, the CLI binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = (...args) => spawnSync(process.execPath, [`${root}/bin/agentui.js`, ...args], { encoding: 'utf8', cwd: root });

test('every export target exists', () => {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  for (const [entry, target] of Object.entries(pkg.exports)) {
    const files = typeof target === 'string' ? [target] : Object.values(target);
    for (const file of files) assert.ok(existsSync(`${root}/${file}`), `${entry} → ${file}`);
  }
});

test('the package resolves by name and ./headless exposes the store', async () => {
  const headless = await import('agentui-kit/headless');
  const store = headless.createRuntimeStore();
  store.getState().ingest([{ schemaVersion: 'lime-profile-0.4.0', runtimeId: 'r', sessionId: 's', threadId: 't', turnId: 'u', eventId: 'e1', sequence: 1, timestamp: '2026-06-09T10:00:00Z', type: 'turn.submitted', payload: {} }]);
  assert.equal(headless.summarize(store.getState()).status, 'submitted');
});

// An app installs the kit's dependencies and the peers it chooses, nothing the kit develops with: a
// package only a dev dependency provides is missing there (lucide-react was a dependency, 50 MB in
// every app, for one type in a declaration while its icons are built into dist/vendor/).
test('the built code and its declarations import only node built-ins, dependencies and peers', () => {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  // The package itself too: its modules may name their own entry points (`agentui-kit/inspector`).
  const installed = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  const builtins = new Set(builtinModules);
  const strays = new Set();
  let files = 0;
  for (const file of readdirSync(`${root}/dist`, { recursive: true }).map(String)) {
    if (!/\.(?:js|d\.ts)$/.test(file)) continue;
    files += 1;
    // TypeScript's own scan: imports, re-exports and import() calls, not the words in comments or in
    // the code the CLI writes into an app (a template string).
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, 'dist', file), 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) continue;
      if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      if (!installed.has(name)) strays.add(`${name} (dist/${file})`);
    }
  }
  assert.ok(files > 200, `only ${files} built files read`);
  assert.deepEqual([...strays], []);
});

test('the built headless graph imports no React', () => {
  const seen = new Set();
  const queue = [`${root}/dist/headless.js`];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    assert.doesNotMatch(source, /from\s*["']react(-dom)?(\/[^"']*)?["']/, file);
    for (const m of source.matchAll(/from\s*["'](\.{1,2}\/[^"']+)["']/g)) queue.push(join(dirname(file), m[1]));
  }
  assert.ok(seen.size >= 10, `only ${seen.size} modules reached`);
});

test('agentui-kit/adapters/langgraph resolves by name and reaches LangGraph only through its browser entry', async () => {
  const langgraph = await import('agentui-kit/adapters/langgraph');
  assert.equal(typeof langgraph.createLangGraphAdapter, 'function');
  assert.equal(typeof langgraph.toRuntimeEvents, 'function');
  const imports = new Set();
  const seen = new Set();
  const queue = [`${root}/dist/adapters/langgraph.js`];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/from\s*["']([^"']+)["']/g)) {
      if (m[1].startsWith('.')) queue.push(join(dirname(file), m[1]));
      else imports.add(m[1]);
    }
  }
  // The main `@langchain/langgraph` entry imports node:async_hooks; `/web` runs in a browser too.
  assert.deepEqual([...imports].filter((s) => s.startsWith('@langchain/')), ['@langchain/langgraph/web']);
});

test('agentui replay --json prints the summary of a fixture', () => {
  const out = execFileSync(process.execPath, [`${root}/bin/agentui.js`, 'replay', 'fixtures/tool-failure.jsonl', '--json'], { cwd: root, encoding: 'utf8' });
  const summary = JSON.parse(out);
  assert.equal(summary.status, 'failed');
  assert.deepEqual(summary.tools.map((t) => [t.toolCallId, t.status, t.failureCategory]), [['tc-1', 'failed', 'process_exit']]);
});

test('agentui validate exits 0 when valid and 1 with line numbers when not', () => {
  assert.equal(cli('validate', 'fixtures/text-basic.jsonl').status, 0);
  const bad = cli('validate', 'fixtures/degraded-facts.jsonl');
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /^line 3: error missing_correlation/m);
});

test('a missing file is a clear message, exit 2, no stack trace', () => {
  const result = cli('replay', 'does-not-exist.jsonl');
  assert.equal(result.status, 2);
  assert.match(result.stderr, /agentui: cannot read does-not-exist.jsonl: ENOENT/);
  assert.doesNotMatch(result.stderr, /\n\s+at /);
});

test('agentui replay reads standard input', () => {
  const input = readFileSync(`${root}/fixtures/text-basic.jsonl`, 'utf8');
  const result = spawnSync(process.execPath, [`${root}/bin/agentui.js`, 'replay', '-'], { input, encoding: 'utf8' });
  assert.equal(result.status, 0);
  assert.match(result.stdout, /^session sess-text-basic · status completed/);
});

test('the tarball ships the license, the contract, the schemas and the fixtures the README runs', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files = new Set(JSON.parse(out)[0].files.map((f) => f.path));
  for (const file of ['LICENSE', 'docs/contract.md', 'schema/runtime-event.schema.json', 'schema/thread-snapshot.schema.json',
    'fixtures/degraded-facts.jsonl', 'fixtures/tool-failure.jsonl', 'fixtures/hitl-action.jsonl', 'fixtures/profile/thread-read-snapshot.json']) {
    assert.ok(files.has(file), `${file} is not in the tarball`);
  }
  assert.ok(![...files].some((f) => f.endsWith('.map') || f.startsWith('src/') || f.startsWith('test/')), 'no maps, sources or tests');
  // Every document the README links to is in the package.
  for (const [, link] of readFileSync(`${root}/README.md`, 'utf8').matchAll(/\]\((?!https?:|#|\/\/|mailto:)([\w./-]+)(?:#[^)\s]*)?\)/g)) assert.ok(files.has(link), `README links ${link}, not shipped`);
});
