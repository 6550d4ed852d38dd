// Other Node versions for the version matrix, from the npm registry through npm itself: the
// `node-<platform>-<arch>` packages (the binaries the `node` package installs) hold the official
// build in their tarball, so once npm has it cached it runs offline. Unpacked into
// node_modules/.cache (which `npm ci` clears; npm's own cache keeps the tarball).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './packed-app.mjs';

/**
 * The Node versions the package is tested on besides the one running (dist-tests/nodeVersions.test.mjs):
 * the floors `engines` allows on the 20 and 22 lines and the newest 24. Node 26 is left out of
 * `engines`: there a resumed SSE stream of the loopback test never ends.
 */
export const TESTED_NODE_VERSIONS = ['20.19.0', '22.12.0', '24.21.0'];

/**
 * Path of a Node binary of `version` for this platform, fetched with `npm pack` on first use.
 * Throws with npm's message when the registry has no build for this platform.
 * @param {string} version
 * @returns {string}
 */
export function nodeBinary(version) {
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const dir = join(root, 'node_modules', '.cache', 'agentui-node', version);
  const bin = join(dir, process.platform === 'win32' ? 'bin/node.exe' : 'bin/node');
  if (existsSync(bin)) return bin;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    execFileSync('npm', ['pack', `${pkg}@${version}`, '--prefer-offline', '--silent', '--pack-destination', partial], { stdio: ['ignore', 'ignore', 'pipe'] });
    const tarball = readdirSync(partial).find((f) => f.endsWith('.tgz'));
    execFileSync('tar', ['-xzf', join(partial, tarball), '-C', partial, '--strip-components=1', `package/${process.platform === 'win32' ? 'bin/node.exe' : 'bin/node'}`]);
    rmSync(join(partial, tarball));
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return bin;
}

// `node scripts/node-binaries.mjs`: fetch every tested version and print what each reports.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  for (const version of TESTED_NODE_VERSIONS) console.log(version, execFileSync(nodeBinary(version), ['--version'], { encoding: 'utf8' }).trim());
}
