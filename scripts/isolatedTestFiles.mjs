// Which unit test files run isolated (a fresh module graph and globals each): those that change
// what a later file in the same worker would see: a module mock, a global or the environment
// stubbed, timers faked, a method spied on. The other files share their worker's modules: a fresh
// fork per file was 90 s of the 260 s unit run on 2 cores. Read from the files themselves, so a new
// test that mocks a module is isolated without a list to keep.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\(|process\.env\.[A-Za-z_]+\s*=[^=]|(?:globalThis|window)\.[A-Za-z_$]+\s*=[^=]|delete\s+(?:globalThis|window)\b|Object\.defineProperty\(\s*(?:globalThis|window|navigator|document)\b/;
const TEST_FILE = /\.test\.tsx?$/;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEST_FILE.test(entry.name)) yield path;
  }
}

/** The unit test files under `dirs` (relative to `root`, `/`-separated) that change shared state. */
export function isolatedTestFiles(root, dirs = ['src', 'test']) {
  const files = [];
  for (const dir of dirs) {
    for (const path of filesUnder(join(root, dir))) {
      if (CHANGES_SHARED_STATE.test(readFileSync(path, 'utf8'))) files.push(relative(root, path).split('\\').join('/'));
    }
  }
  return files.sort();
}
