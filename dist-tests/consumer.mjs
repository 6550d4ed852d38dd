// A consumer as a product team has one: the packed tarball unpacked into node_modules/agentui-kit
// of an empty folder, with the kit's dependencies (and React, TypeScript, Vite) linked beside it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPackedKit, packKit, root, scratchDir } from '../scripts/packed-app.mjs';

export { root };
let cached;

/** Packs the kit once per test file and returns the consumer folder. */
export function packedConsumer() {
  if (cached) return cached;
  const dir = scratchDir('agentui-consumer-');
  const tarball = packKit();
  installPackedKit(dir, tarball);
  writeFileSync(join(dir, 'package.json'), '{"type":"module","private":true}\n');
  cached = { dir, tarball };
  return cached;
}
