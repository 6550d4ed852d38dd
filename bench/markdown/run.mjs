// The markdown benchmark, in Chromium under a strict CSP (no eval, no inline script):
// - render: every 100 KB adversarial shape and a realistic 100 KB answer rendered at once: the
//   first commit (render + forced layout), the time until every block is markup, and the longest
//   main-thread task (PerformanceObserver 'longtask', which reports tasks of 50 ms and more);
// - peers: react-markdown + remark-gfm + rehype-sanitize (one component per message) and streamdown
//   on the realistic answer and the shapes that hurt most, rendered at once;
// - blocks: the parser alone on one block of each shape at 2, 6 and 12 KB (is a block super-linear?);
// - stream: the realistic answer streamed in 8-character deltas, each committed, by the kit,
//   react-markdown + remark-gfm + rehype-sanitize, and streamdown (windows of 512 characters at five
//   points of the answer, integrated over its length; --full streams all 100 KB);
// - safety: raw HTML, javascript:/data:/vbscript: links, remote images, CSP violations, eval in the bundle;
// - bundle: gzip size of a one-line app per option, main entry and lazy chunks apart.
// --before <git ref> measures that ref's renderer (src/ from git) in the same run, for a ratio.
// Usage: npm run bench:markdown [-- --before <ref>] [-- --only render,peers,blocks,stream,safety,bundle] [-- --shapes 'name,name'] [-- --full]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const argv = process.argv.slice(2);
const flag = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const only = new Set((flag('--only') ?? 'render,peers,blocks,stream,safety,bundle').split(','));
const before = flag('--before');
const full = argv.includes('--full');
const BUDGET_MS = 50;
const round = (n) => Math.round(n * 10) / 10;
const load = () => loadavg()[0].toFixed(2);

/** src/ of `ref`, extracted under node_modules so its imports resolve to this checkout's packages. */
function treeOf(ref) {
  const dir = join(repo, 'node_modules/.cache/agentui-markdown-bench', ref.replace(/[^\w.-]/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${repo}" archive "${ref}" src | tar -x -C "${dir}"`]);
  return join(dir, 'src');
}

async function bundlePage(srcDir) {
  const out = await build({
    entryPoints: [join(here, 'page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    alias: { '@kit': srcDir },
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'empty' },
    logLevel: 'error',
  });
  return { js: out.outputFiles[0].text, css: readFileSync(join(srcDir, 'styles/styles.css'), 'utf8') };
}

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'";
const browser = await chromium.launch({
  executablePath: chromiumLaunchOptions().executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
process.on('exit', () => void browser.close());

/** A page serving `bundle` at http://bench.test/ with the strict CSP; records violations and errors. */
async function openPage(bundle) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await page.route('http://bench.test/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/page.js') return route.fulfill({ contentType: 'text/javascript', body: bundle.js });
    if (path === '/styles.css') return route.fulfill({ contentType: 'text/css', body: bundle.css });
    if (path === '/') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': CSP },
        body: '<!doctype html><html><head><link rel="stylesheet" href="/styles.css"></head><body><script src="/page.js"></script></body></html>',
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto('http://bench.test/');
  await page.waitForFunction(() => window.__mdReady === true, undefined, { timeout: 60_000 });
  return { page, problems };
}

const builds = { after: await bundlePage(join(repo, 'src')) };
if (before) builds.before = await bundlePage(treeOf(before));
const results = { date: new Date().toISOString(), loadAtStart: load(), before: before ?? null };
console.log(`load average at start ${results.loadAtStart} (2 cores shared)`);

if (only.has('render')) {
  // Before and after alternate per shape, so both see the same load.
  const pages = {};
  for (const [name, bundle] of Object.entries(builds)) pages[name] = (await openPage(bundle)).page;
  const pick = flag('--shapes')?.split(',');
  const shapes = (await pages.after.evaluate(() => [...Object.keys(window.__md.shapes), 'realistic 100 KB answer'])).filter((s) => !pick || pick.includes(s));
  const rows = [];
  for (const shape of shapes) {
    const row = { shape };
    for (const [name, page] of Object.entries(pages)) {
      // Warm once, then the better of two: the renderer's cost, not a scheduling hiccup.
      const runs = [];
      for (let i = 0; i < 3; i++) {
        runs.push(await page.evaluate(async (shape) => {
          const text = shape in window.__md.shapes ? window.__md.shapes[shape] : window.__md.realistic;
          return window.__md.renderOnce('kit', text);
        }, shape));
      }
      const best = runs.slice(1).sort((a, b) => a.commitMs - b.commitMs)[0];
      row[name] = { commitMs: round(best.commitMs), renderMs: round(best.renderMs), firstFrameMs: round(best.firstFrameMs), settledMs: round(best.settledMs), longestTaskMs: round(Math.max(...runs.slice(1).map((r) => r.longestTaskMs))) };
    }
    rows.push(row);
    const cell = (r) => (r ? `commit ${r.commitMs} ms (${r.commitMs <= BUDGET_MS ? 'met' : 'NOT met'}; render ${r.renderMs}; first frame ${r.firstFrameMs}), all markup ${r.settledMs} ms, longest task ${r.longestTaskMs || '<50'} ms` : '');
    console.log(`${shape.padEnd(36)} ${before ? `before: ${cell(row.before)} | ` : ''}after: ${cell(row.after)}${row.before ? ` | commit ratio ${round(row.before.commitMs / row.after.commitMs)}x` : ''}`);
  }
  results.render = { budgetMs: BUDGET_MS, rows, loadAfter: load() };
  for (const page of Object.values(pages)) await page.close();
}

if (only.has('peers')) {
  // The other options on the shapes that hurt most: rendered once each (a freeze is a freeze).
  const { page } = await openPage(builds.after);
  const shapes = ['realistic 100 KB answer', 'bracket paragraphs', 'asterisk runs, 12 KB blocks', 'backtick pairs, 12 KB blocks', 'link definitions, 12 KB blocks', 'nested quotes'];
  const rows = [];
  for (const lib of ['kit', 'react-markdown', 'streamdown']) {
    const row = { lib };
    await page.evaluate((lib) => window.__md.renderOnce(lib, window.__md.realistic.slice(0, 20_000)), lib); // warm its code paths
    for (const shape of shapes) {
      row[shape] = await page.evaluate(async ({ lib, shape }) => {
        const text = shape in window.__md.shapes ? window.__md.shapes[shape] : window.__md.realistic;
        try {
          const r = await window.__md.renderOnce(lib, text);
          return { commitMs: Math.round(r.commitMs), longestTaskMs: Math.round(r.longestTaskMs) };
        } catch (e) {
          return { error: String(e).slice(0, 80) };
        }
      }, { lib, shape });
    }
    rows.push(row);
    console.log(`peers ${lib.padEnd(15)} ${shapes.map((s) => `${s}: ${row[s].error ?? `commit ${row[s].commitMs} ms, longest task ${row[s].longestTaskMs || '<50'} ms`}`).join(' | ')}`);
  }
  results.peers = { rows, loadAfter: load() };
  await page.close();
}

if (only.has('blocks')) {
  const { page } = await openPage(builds.after);
  const rows = await page.evaluate(() => {
    const out = [];
    const shapes = { ...window.__md.shapes, realistic: window.__md.realistic };
    for (const [shape, text] of Object.entries(shapes)) {
      const ms = {};
      for (const kb of [2, 6, 12]) ms[`${kb} KB`] = Math.round(window.__md.parseCost(text.slice(0, kb * 1000)) * 10) / 10;
      out.push({ shape, ...ms, growth2to12: Math.round((ms['12 KB'] / Math.max(0.5, ms['2 KB'])) * 10) / 10 });
    }
    return out;
  });
  console.log('\nparser alone, one block (ms; growth 2 -> 12 KB, linear is 6; -1: stack overflow):');
  for (const r of rows) console.log(`${r.shape.padEnd(36)} 2 KB ${r['2 KB']}  6 KB ${r['6 KB']}  12 KB ${r['12 KB']}  growth ${r.growth2to12}`);
  // What the kit actually hands the parser: its blocks of each 100 KB shape, and the slowest one.
  const kit = await page.evaluate(() => Object.entries({ ...window.__md.shapes, realistic: window.__md.realistic }).map(([shape, text]) => ({ shape, ...window.__md.kitBlocks(text) })));
  console.log('\nthe kit\'s blocks per 100 KB shape (parsed / plain text), slowest parsed block:');
  for (const r of kit) console.log(`${r.shape.padEnd(36)} ${r.parsed} parsed (${r.parsedChars} chars) / ${r.plain} plain, slowest block ${Math.round(r.slowestBlockMs * 10) / 10} ms`);
  results.blocks = { parserAlone: rows, kit };
  await page.close();
}

if (only.has('stream')) {
  const { page } = await openPage(builds.after);
  const libs = ['kit', 'react-markdown', 'streamdown'];
  const size = await page.evaluate(() => window.__md.realistic.length);
  const WINDOW = 512;
  const points = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.min(size - WINDOW, Math.floor((f * size) / 8) * 8));
  const rows = [];
  for (const lib of libs) {
    const windows = [];
    for (const from of points) windows.push(await page.evaluate(({ lib, from, to }) => window.__md.streamWindow(lib, window.__md.realistic, from, to), { lib, from, to: from + WINDOW }));
    // Mean cost per delta at each point, integrated over the answer (trapezoids between points).
    const perDelta = windows.map((w) => w.totalMs / w.steps);
    let estimate = 0;
    for (let i = 1; i < points.length; i++) estimate += ((perDelta[i - 1] + perDelta[i]) / 2) * ((points[i] - points[i - 1]) / 8);
    const row = { lib, perDeltaMs: perDelta.map(round), estimatedTotalMs: Math.round(estimate), slowestDeltaMs: round(Math.max(...windows.map((w) => w.slowestStepMs))), longestTaskMs: round(Math.max(...windows.map((w) => w.longestTaskMs))) };
    if (full) {
      const all = await page.evaluate(({ lib }) => window.__md.streamWindow(lib, window.__md.realistic, 0, window.__md.realistic.length), { lib });
      Object.assign(row, { fullTotalMs: Math.round(all.totalMs), fullSlowestDeltaMs: round(all.slowestStepMs), fullLongestTaskMs: round(all.longestTaskMs) });
    }
    rows.push(row);
    console.log(`stream ${lib.padEnd(15)} per delta at 0/25/50/75/100 %: ${row.perDeltaMs.join(' / ')} ms; total over ${size / 8} deltas ~${row.estimatedTotalMs} ms; slowest delta ${row.slowestDeltaMs} ms${full ? `; full run ${row.fullTotalMs} ms, slowest ${row.fullSlowestDeltaMs} ms` : ''}`);
  }
  results.stream = { deltaChars: 8, answerChars: size, rows, loadAfter: load() };
  await page.close();
}

if (only.has('safety')) {
  const { page, problems } = await openPage(builds.after);
  const rows = [];
  for (const lib of ['kit', 'react-markdown', 'streamdown']) {
    const r = await page.evaluate((lib) => window.__md.safety(lib), lib);
    rows.push({ lib, ...r });
    console.log(`safety ${lib.padEnd(15)} ${JSON.stringify(r)}`);
  }
  const pwned = await page.evaluate(() => window.__pwned ?? null);
  const violations = await page.evaluate(() => window.__cspViolations);
  results.safety = { rows, pwned, cspViolations: violations, pageProblems: problems };
  console.log(`script ran from markdown: ${pwned ?? 'no'}; CSP violations: ${violations.length ? violations.join(', ') : 'none'}; page errors: ${problems.length ? problems.join(' | ') : 'none'}`);
  await page.close();
}

if (only.has('bundle')) {
  const dir = mkdtempSync(join(tmpdir(), 'agentui-md-bundle-'));
  const entries = {
    'react-dom only (baseline)': `createRoot(document.body).render(<p>x</p>);`,
    kit: `import { Markdown } from '@kit/components/Markdown';\ncreateRoot(document.body).render(<Markdown text="# x" />);`,
    'react-markdown': `import ReactMarkdown from 'react-markdown';\nimport remarkGfm from 'remark-gfm';\nimport rehypeSanitize from 'rehype-sanitize';\ncreateRoot(document.body).render(<ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>{'# x'}</ReactMarkdown>);`,
    streamdown: `import { Streamdown } from 'streamdown';\ncreateRoot(document.body).render(<Streamdown>{'# x'}</Streamdown>);`,
  };
  const rows = [];
  for (const [name, body] of Object.entries(entries)) {
    const file = join(here, `.entry-${name.replace(/\W+/g, '-')}.tsx`);
    writeFileSync(file, `import { createRoot } from 'react-dom/client';\n${body}\n`);
    const outdir = join(dir, name.replace(/\W+/g, '-'));
    try {
      const out = await build({ entryPoints: [file], bundle: true, splitting: true, format: 'esm', outdir, minify: true, jsx: 'automatic', alias: { '@kit': join(repo, 'src') }, define: { 'process.env.NODE_ENV': '"production"' }, loader: { '.css': 'empty' }, metafile: true, write: true, logLevel: 'error' });
      const outputs = out.metafile.outputs;
      const files = Object.keys(outputs).filter((f) => f.endsWith('.js'));
      const entry = files.find((f) => outputs[f].entryPoint);
      // What loads with the page: the entry and the chunks it imports statically; the rest is lazy.
      const eager = new Set([entry]);
      for (const f of eager) for (const i of outputs[f].imports) if (i.kind === 'import-statement' && !eager.has(i.path)) eager.add(i.path);
      const gz = (f) => gzipSync(readFileSync(resolve(repo, f))).length;
      const all = files.map((f) => readFileSync(resolve(repo, f), 'utf8')).join('\n');
      const lazy = files.filter((f) => !eager.has(f));
      const row = { option: name, entryGzipKB: round([...eager].reduce((s, f) => s + gz(f), 0) / 1024), lazyGzipKB: round(lazy.reduce((s, f) => s + gz(f), 0) / 1024), lazyChunks: lazy.length, evalOrNewFunction: (all.match(/\beval\(|new Function\(/g) ?? []).length };
      rows.push(row);
    } finally {
      rmSync(file, { force: true });
    }
  }
  const base = rows[0].entryGzipKB;
  for (const r of rows) {
    r.entryOverReactKB = round(r.entryGzipKB - base);
    console.log(`bundle ${r.option.padEnd(28)} loaded with the page ${r.entryGzipKB} KB gzip (+${r.entryOverReactKB} KB over react-dom), lazy chunks ${r.lazyChunks} (${r.lazyGzipKB} KB gzip), eval/new Function in the code: ${r.evalOrNewFunction}`);
  }
  results.bundle = rows;
  rmSync(dir, { recursive: true, force: true });
}

results.loadAtEnd = load();
console.log(`load average at end ${results.loadAtEnd}`);
mkdirSync(join(repo, 'bench/results'), { recursive: true });
// A partial run (--only, --shapes) does not replace the full one.
const partial = argv.includes('--only') || argv.includes('--shapes');
writeFileSync(join(repo, `bench/results/markdown-${partial ? 'partial' : 'latest'}.json`), JSON.stringify(results, null, 2) + '\n');
await browser.close();
