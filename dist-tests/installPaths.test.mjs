// Every way a team installs the kit ends in a working `agentui-kit/headless` import (issue 26):
// `npm pack` in a fresh clone builds dist/ (prepack) instead of shipping none, and a git
// dependency builds it in npm's own clone (prepare). Both start from a clone of the committed
// HEAD, outside the repository, as a new user has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPackedKit, root, scratchDir } from '../scripts/packed-app.mjs';

const EVENT = { schemaVersion: 'lime-profile-0.4.0', runtimeId: 'r', sessionId: 's', threadId: 't', turnId: 'u', eventId: 'e1', sequence: 1, timestamp: '2026-06-09T10:00:00Z', type: 'turn.submitted', payload: {} };

/** What an app does first: import the headless core and project one event. */
function importHeadless(dir) {
  const code = `const kit = await import('agentui-kit/headless'); const store = kit.createRuntimeStore(); store.getState().ingest([${JSON.stringify(EVENT)}]); console.log(kit.summarize(store.getState()).status);`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });
}

/** A clone of the committed HEAD, as `git clone` gives a new contributor: no dist/, no node_modules. */
function freshClone() {
  const dir = join(scratchDir('agentui-clone-'), 'agentui-kit');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, dir]);
  assert.ok(!existsSync(join(dir, 'dist')), 'a fresh clone has no build');
  return dir;
}

test('npm pack in a fresh clone builds dist/ first (prepack), and the tarball imports in an app', () => {
  const clone = freshClone();
  // `npm ci` in the clone, without the registry: this checkout's installed packages, linked.
  mkdirSync(join(clone, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '.cache' && name !== '.vite' && name !== '.tmp') symlinkSync(join(root, 'node_modules', name), join(clone, 'node_modules', name));
  }
  const out = scratchDir('agentui-packed-');
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: clone, encoding: 'utf8' });
  assert.equal(packed.status, 0, packed.stderr);
  const tarball = join(out, packed.stdout.trim().split('\n').pop());
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  for (const file of ['package/dist/headless.js', 'package/dist/index.js', 'package/dist/cli.js', 'package/dist/types/headless.d.ts', 'package/dist/styles.css']) {
    assert.ok(listing.includes(file), `${file} is not in the tarball packed from a fresh clone`);
  }
  const app = scratchDir('agentui-tarball-app-');
  writeFileSync(join(app, 'package.json'), '{"type":"module","private":true}\n');
  installPackedKit(app, tarball);
  const result = importHeadless(app);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), 'submitted');
});

test('npm install git+file://… of a clean clone builds the kit (prepare) and agentui-kit/headless imports', () => {
  const clone = freshClone();
  const app = scratchDir('agentui-git-app-');
  writeFileSync(join(app, 'package.json'), '{"name":"git-dependency-app","private":true,"type":"module"}\n');
  // npm clones it again, installs its dev dependencies (from npm's cache when it has them) and runs prepare.
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `git+file://${clone}`], { cwd: app, encoding: 'utf8' });
  assert.equal(install.status, 0, install.stderr);
  assert.ok(existsSync(join(app, 'node_modules/agentui-kit/dist/headless.js')), 'the git dependency was installed without its build');
  const result = importHeadless(app);
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), 'submitted');
  // The CLI works from the dependency too.
  const cli = spawnSync(process.execPath, [join(app, 'node_modules/agentui-kit/bin/agentui.js'), 'validate', join(app, 'node_modules/agentui-kit/fixtures/text-basic.jsonl')], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
});

test('prepare builds nothing in a development checkout (npm ci stays as fast as it was)', () => {
  const env = { ...process.env };
  delete env.npm_package_resolved;
  delete env._PACOTE_NO_PREPARE_;
  const result = spawnSync(process.execPath, [join(root, 'scripts/prepare.mjs')], { cwd: root, encoding: 'utf8', env });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /prepare builds only for a git dependency/);
});
