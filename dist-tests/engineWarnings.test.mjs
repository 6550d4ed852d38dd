// What the README says `npm install` prints on Node 20 is what package-lock.json makes it print:
// one EBADENGINE warning per installed copy of a package whose `engines.node` excludes the oldest
// Node the kit supports. The list changes when a dependency moves; this test says when.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { root } from '../scripts/packed-app.mjs';

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const oldest = semver.minVersion(engines.node).version;
const installed = Object.entries(lock.packages)
  .filter(([path]) => path !== '')
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), node: entry.engines?.node, dev: entry.dev === true }));
const warned = installed.filter((p) => typeof p.node === 'string' && !semver.satisfies(oldest, p.node));

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const paragraph = readme.slice(readme.indexOf('Developing the kit: on Node 20'), readme.indexOf('\n\n', readme.indexOf('Developing the kit: on Node 20')));

test(`the README's EBADENGINE paragraph is what the lockfile makes npm print on Node ${oldest}`, () => {
  assert.ok(paragraph.length > 0, 'README.md has no "Developing the kit: on Node 20" paragraph');
  const names = [...new Set(warned.map((p) => p.name))].sort();
  const [, copies, packages] = /prints (\d+) `EBADENGINE` warnings from (\d+)/.exec(paragraph) ?? [];
  assert.equal(Number(copies), warned.length, `npm prints ${warned.length} warnings (one per installed copy)`);
  assert.equal(Number(packages), names.length, `from ${names.length} packages: ${names.join(', ')}`);
  const listed = [...paragraph.matchAll(/`(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)`/g)].map((m) => m[1]).filter((n) => n !== 'EBADENGINE' && n !== 'package-lock.json' && !n.endsWith('.mjs'));
  assert.deepEqual([...new Set(listed)].sort(), names);
  assert.ok(warned.every((p) => p.dev), 'only dev dependencies warn: an app installing the kit sees none');
});

test('the oldest quiet Node the README names satisfies every engines range, and none before it on its line does', () => {
  const ranges = installed.map((p) => p.node).filter((r) => typeof r === 'string');
  const quiet = (v) => ranges.every((r) => semver.satisfies(v, r));
  const [, major, minor] = /quiet install needs Node (\d+)\.(\d+)/.exec(paragraph) ?? [];
  assert.ok(quiet(`${major}.${minor}.0`), `Node ${major}.${minor} still warns`);
  assert.ok(!quiet(`${major}.${Number(minor) - 1}.99`), `Node ${major}.${Number(minor) - 1} is already quiet`);
});
