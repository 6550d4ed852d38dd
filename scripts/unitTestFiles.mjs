// How the unit test files split among the unit projects (vite.config.ts), read from the files
// themselves so that a new test finds its project without a list to keep:
// - isolated (a fresh module graph and globals each): those that change what a later file in the
//   same worker would see. The other files share their worker's modules: a fresh fork per file was
//   90 s of the 260 s unit run on 2 cores.
// - jsdom: those that ask for it (as Vitest reads a file's environment). A worker serves one environment, so a run that
//   mixed node and jsdom files in one project started a new worker (and imported everything again)
//   at each switch: a project per environment cut the unit run from 233-262 to 171-184 CPU-s.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Not `vi.spyOn`: Vitest restores every spy after each file (`vi.restoreAllMocks` in its run loop).
const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(|process\.env\.[A-Za-z_]+\s*=[^=]|(?:globalThis|window)\.[A-Za-z_$]+\s*=[^=]|delete\s+(?:globalThis|window)\b|Object\.defineProperty\(\s*(?:globalThis|window|navigator|document)\b/;
// Vitest's own reading of a file's environment: the first such name anywhere in it.
const ENVIRONMENT_NAME = /@(?:vitest|jest)-environment\s+([\w-]+)\b/;
const TEST_FILE = /\.test\.tsx?$/;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEST_FILE.test(entry.name)) yield path;
  }
}

/**
 * The unit test files under `dirs` (relative to `root`, `/`-separated, sorted), each read once: those
 * that change shared state (`isolated`) and those that run in jsdom (`jsdom`).
 */
export function unitTestFiles(root, dirs = ['src', 'test']) {
  const isolated = [];
  const jsdom = [];
  for (const dir of dirs) {
    for (const path of filesUnder(join(root, dir))) {
      const text = readFileSync(path, 'utf8');
      const file = relative(root, path).split('\\').join('/');
      if (CHANGES_SHARED_STATE.test(text)) isolated.push(file);
      if (ENVIRONMENT_NAME.exec(text)?.[1] === 'jsdom') jsdom.push(file);
    }
  }
  return { isolated: isolated.sort(), jsdom: jsdom.sort() };
}

/** The unit test files under `dirs` that change shared state. */
export const isolatedTestFiles = (root, dirs) => unitTestFiles(root, dirs).isolated;

/** The unit test files under `dirs` that run in jsdom (`// @vitest-environment jsdom`). */
export const jsdomTestFiles = (root, dirs) => unitTestFiles(root, dirs).jsdom;
