// `npm install git+https://…/agentui-kit.git` clones the repository, installs its dev dependencies
// and runs `prepare` before packing it (npm's pacote runs `prepare`, never `prepack`, for a git
// dependency): without a build here the app got a package with no dist/ and
// `import('agentui-kit/headless')` failed with ERR_MODULE_NOT_FOUND. In a development checkout
// (`npm ci`, `npm install`) `prepare` runs too, and there it builds nothing: `npm test` builds
// once, and CI's `npm ci` stays as fast as it was. `npm pack` and `npm publish` build through
// `prepack` instead, so a tarball never ships a stale or missing dist/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * True when npm is preparing this folder as a dependency of another project: pacote sets
 * `npm_package_resolved` for the `prepare` it runs on a git or directory dependency, and
 * `_PACOTE_NO_PREPARE_` for the install it runs in the clone first.
 * @param {NodeJS.ProcessEnv} env
 */
export function preparingAsDependency(env) {
  return Boolean(env.npm_package_resolved || env._PACOTE_NO_PREPARE_);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!preparingAsDependency(process.env)) {
    console.log('agentui-kit: prepare builds only for a git dependency; in a checkout, `npm run build` builds dist/');
  } else if (existsSync(`${root}/dist/headless.js`)) {
    console.log('agentui-kit: dist/ is already built');
  } else {
    console.log('agentui-kit: building dist/ for a git dependency install');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = result.status ?? 1;
  }
}
