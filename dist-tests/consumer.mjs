// A consumer as a product team has one: the packed tarball unpacked into node_modules/agentui-kit
// of an empty folder, with the kit's dependencies (and React, TypeScript, Vite) linked beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
let cached;

/** Packs the kit once per test file and returns the consumer folder. */
export function packedConsumer() {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'agentui-consumer-'));
  const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const tarball = join(dir, out.trim().split('\n').pop());
  const kit = join(dir, 'node_modules', 'agentui-kit');
  mkdirSync(kit, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', kit, '--strip-components=1']);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (!existsSync(join(dir, 'node_modules', name))) symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module","private":true}\n');
  cached = { dir, tarball };
  return cached;
}
