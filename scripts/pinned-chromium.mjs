// The Chromium every browser test, story test and benchmark runs in: the build shipped inside the
// @sparticuz/chromium package, whose version package-lock.json locks. The system's browser moves
// with apt (150, then 156, each redrawing the visual baselines); this one moves only when the
// project bumps the package. CHROMIUM_PATH overrides it (then the visual baselines may differ).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

/** The Chromium version the visual baselines in e2e/__screenshots__ were made with. */
export const PINNED_CHROMIUM_VERSION = '153.0.8010.0';

/** Flags for a root user on a closed network: no sandbox, no GPU, nothing that calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--font-render-hinting=none',
];

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Path of the pinned Chromium binary, unpacked once into node_modules/.cache (about 2 s; `npm ci`
 * wipes it with the package, so a version bump never finds a stale binary).
 * @returns {string}
 */
export function pinnedChromiumPath() {
  const require = createRequire(join(root, 'package.json'));
  const bin = join(dirname(require.resolve('@sparticuz/chromium')), '..', 'bin');
  const pkg = JSON.parse(readFileSync(join(bin, '..', 'package.json'), 'utf8'));
  const target = join(root, 'node_modules', '.cache', 'agentui-chromium', pkg.version, 'chromium');
  if (existsSync(target)) return target;
  mkdirSync(dirname(target), { recursive: true });
  // Written under a private name and renamed: the story tests and Playwright may both unpack at once.
  const partial = `${target}.${process.pid}.partial`;
  try {
    writeFileSync(partial, brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))), { mode: 0o755 });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return target;
}

/**
 * Launch options for playwright's `chromium.launch`: CHROMIUM_PATH when set, else the pinned build.
 * @returns {{ executablePath: string, args: string[] }}
 */
export function chromiumLaunchOptions() {
  return { executablePath: process.env.CHROMIUM_PATH || pinnedChromiumPath(), args: [...CHROMIUM_ARGS] };
}

// `node scripts/pinned-chromium.mjs`: unpack the pinned build and check that it starts on this machine.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { executablePath } = chromiumLaunchOptions();
  const { execFileSync } = await import('node:child_process');
  const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`chromium: ${version} at ${executablePath}`);
  if (!process.env.CHROMIUM_PATH && !version.includes(PINNED_CHROMIUM_VERSION)) {
    console.error(`chromium: expected ${PINNED_CHROMIUM_VERSION}, the version the visual baselines were made with`);
    process.exit(1);
  }
}
