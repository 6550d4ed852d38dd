// Two builds of `openBacklog` compared in one page (issue 25 item 2): this checkout's and a
// commit's, each bundled from its own src/ with esbuild, opening the same backlog in the pinned
// Chromium, rounds interleaved (the order alternating), without React. Separate browser runs of
// the Open session scene differ by ±40-100 ms on this machine; two builds in one page, round by
// round, tell 20-30 ms apart. Prints each build's time to the newest turns presented (the first
// store notification holding a turn) and to the whole applied, per round and as medians.
// Usage: node bench/browser/backlog-ab.mjs [--base HEAD~1] [--rounds 24] [--mode jsonl|array]
//   [--events 140000] [--session coding-session] [--port 6397]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { repeatedFixtureLines } from '../../scripts/repeatedSession.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const base = flag('--base', 'HEAD~1');
const rounds = Number(flag('--rounds', 24));
const mode = flag('--mode', 'jsonl');
const events = Number(flag('--events', 140_000));
const session = flag('--session', 'coding-session');
const PORT = Number(flag('--port', 6397));
const root = resolve(new URL('../..', import.meta.url).pathname);

// The base commit's src/ (a plain export, nothing registered in the repository), and both bundles.
const scratch = mkdtempSync(join(tmpdir(), 'agentui-backlog-ab-'));
execFileSync('sh', ['-c', `git archive ${base} src | tar -x -C "${scratch}"`], { cwd: root, stdio: 'inherit' });
const bundle = async (srcDir) => {
  const entry = `export { createRuntimeStore } from '${srcDir}/store/createRuntimeStore';\nexport { openBacklog } from '${srcDir}/stream/openBacklog';\n`;
  // The export sits outside the checkout: its packages are this checkout's (`nodePaths`).
  const result = await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, nodePaths: [join(root, 'node_modules')], bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'warning' });
  return result.outputFiles[0].text;
};
let kits;
try {
  kits = { base: await bundle(join(scratch, 'src')), head: await bundle(join(root, 'src')) };
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const text = `${repeatedFixtureLines(events, session).join('\n')}\n`;
const server = createServer((request, response) => {
  const kit = request.url?.match(/^\/kit-(base|head)\.js$/)?.[1];
  if (kit) {
    response.setHeader('content-type', 'text/javascript');
    response.end(kits[kit]);
  } else if (request.url === '/backlog.jsonl') {
    response.setHeader('content-type', 'application/jsonl');
    response.end(text);
  } else {
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>backlog A/B</title>');
  }
}).listen(PORT, '127.0.0.1');
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions().executablePath, args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  const rows = await page.evaluate(
    async ({ rounds, mode }) => {
      const kits = { base: await import('/kit-base.js'), head: await import('/kit-head.js') };
      const blob = await (await fetch('/backlog.jsonl')).blob();
      const url = URL.createObjectURL(blob);
      const lines = mode === 'array' ? (await blob.text()).split('\n').filter(Boolean) : [];
      const out = [];
      for (let round = 0; round < rounds; round++) {
        for (const name of round % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
          const { createRuntimeStore, openBacklog } = kits[name];
          // The input is made before the clock starts: a Response whose body is unread, or parsed events.
          const input = mode === 'array' ? lines.map((line) => JSON.parse(line)) : await fetch(url);
          globalThis.gc?.();
          const store = createRuntimeStore();
          let presented;
          const start = performance.now();
          store.subscribe((state) => {
            if (presented === undefined && state.turns.byId.size > 0) presented = performance.now() - start;
          });
          await openBacklog(store, input);
          out.push({ name, round, presented, whole: performance.now() - start });
        }
      }
      return out;
    },
    { rounds, mode },
  );
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`${session} x ${events} as ${mode}, ${rounds} rounds, base ${base}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const name of ['base', 'head']) {
    const own = rows.filter((row) => row.name === name);
    console.log(`${name}: newest turns presented ${Math.round(median(own.map((r) => r.presented)))} ms (median; ${own.map((r) => Math.round(r.presented)).join(' ')}), whole ${Math.round(median(own.map((r) => r.whole)))} ms`);
  }
  const lower = rows.filter((r) => r.name === 'head').filter((r) => r.presented < rows.find((b) => b.name === 'base' && b.round === r.round).presented).length;
  console.log(`head presented sooner in ${lower} of ${rounds} rounds`);
} finally {
  await browser.close();
  server.close();
}
