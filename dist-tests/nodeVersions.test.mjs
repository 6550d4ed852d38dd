// The Node versions the README and `engines` name are the ones tested here (issue 26): on each,
// the built package (exports, require(esm), react-server, the CLI, a real OpenAI Agents run
// through its entry) and the adapter, CLI and loopback suites. The running Node (the development
// one) runs everything else. The binaries come from the npm registry (scripts/node-binaries.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { TESTED_NODE_VERSIONS, nodeBinary } from '../scripts/node-binaries.mjs';
import { root } from '../scripts/packed-app.mjs';

const PACKAGE_TESTS = ['dist-tests/package.test.mjs', 'dist-tests/serverComponents.test.mjs', 'dist-tests/openaiAgentsEntry.test.mjs'];
const SOURCE_SUITES = ['src/adapters', 'test/adapters', 'src/cli', 'test/loopback.test.ts'];

test('engines allows every tested version, and the README names them', () => {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const version of [...TESTED_NODE_VERSIONS, process.versions.node]) assert.ok(semver.satisfies(version, engines.node), `${version} is outside engines ${engines.node}`);
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const version of TESTED_NODE_VERSIONS) assert.ok(readme.includes(version), `README.md does not name the tested Node ${version}`);
});

for (const version of TESTED_NODE_VERSIONS) {
  test(`Node ${version}: the built package, the adapters, the CLI and the loopback server`, () => {
    const node = nodeBinary(version);
    const pkg = spawnSync(node, ['--test', '--test-reporter=tap', ...PACKAGE_TESTS], { cwd: root, encoding: 'utf8' });
    assert.equal(pkg.status, 0, `on Node ${version}:\n${pkg.stdout.split('\n').filter((l) => /^not ok|^\s+error|Error/.test(l)).join('\n')}`);
    const suites = spawnSync(node, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit*', ...SOURCE_SUITES], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(suites.status, 0, `on Node ${version}:\n${(suites.stdout + suites.stderr).split('\n').filter((l) => /FAIL|Error|✗|×/.test(l)).slice(0, 20).join('\n')}`);
  });
}
