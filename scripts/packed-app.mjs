// The kit as a product team installs it: the packed tarball unpacked into node_modules/agentui-kit
// of a folder outside the repository, with the kit's dependencies (and React, TypeScript, Vite)
// linked beside it from this checkout's node_modules, so no test needs the registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

let packed;
const scratch = [];
let keep = Boolean(process.env.AGENTUI_KEEP_SCRATCH);
// Scratch folders go when the process exits (AGENTUI_KEEP_SCRATCH=1 keeps them to look into).
process.on('exit', () => {
  if (!keep) for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Keeps this process's scratch folders after it exits (a failed check leaves its app to look into). */
export function keepScratch() {
  keep = true;
}

/**
 * Packs the kit once per process (the build must exist: `--ignore-scripts` skips `prepack`, which
 * would rebuild it for every test file) and returns the tarball's path.
 * @returns {string}
 */
export function packKit() {
  if (packed) return packed;
  const dir = scratchDir('agentui-pack-');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  packed = join(dir, out.trim().split('\n').pop());
  return packed;
}

/**
 * Unpacks `tarball` as `dir/node_modules/agentui-kit` and links every other package of this
 * checkout's node_modules beside it (none that `dir` already has, none named in `absent`).
 * @param {string} dir
 * @param {string} [tarball]
 * @param {ReadonlySet<string>} [absent] packages (or scopes) the consumer must not have
 */
export function installPackedKit(dir, tarball = packKit(), absent = new Set()) {
  const kit = join(dir, 'node_modules', 'agentui-kit');
  mkdirSync(kit, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', kit, '--strip-components=1']);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.bin' || name === '.cache' || name === '.package-lock.json' || absent.has(name)) continue;
    if (!existsSync(join(dir, 'node_modules', name))) symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
}

/**
 * A fresh folder outside the repository.
 * @param {string} prefix
 * @returns {string}
 */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}
