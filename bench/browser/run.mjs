// The browser benchmark, in Chromium against the static Storybook build: hydrate a 100,000-event
// session, stream 2,000 events/s for 10 s, scroll a 10,000-message conversation; each virtualized
// and not, in the same run. Usage: npm run storybook:build && npm run bench:browser [-- --smoke]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright';

const smoke = process.argv.includes('--smoke');
const PORT = 6010;
const base = `http://127.0.0.1:${PORT}/iframe.html`;
const sizes = smoke ? { events: 5_000, seconds: 2 } : { events: 100_000, seconds: 10 };

const server = spawn('npx', ['vite', 'preview', '--outDir', 'storybook-static', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${PORT}/index.json`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
});
const percentile = (xs, p) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const round = (n) => Math.round(n * 10) / 10;

async function open(story, query) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(`${base}?id=behaviour-bench--${story}&viewMode=story&${query}`);
  return page;
}

async function hydrate(virtualize) {
  const page = await open('hydrate-scene', `events=${sizes.events}&virtualize=${virtualize ? 1 : 0}`);
  await page.waitForFunction(() => window.__bench?.idleMs !== undefined, undefined, { timeout: 120_000 });
  const r = await page.evaluate(() => ({ ...window.__bench, nodes: document.getElementsByTagName('*').length, heapMB: performance.memory.usedJSHeapSize / 2 ** 20 }));
  await page.close();
  return { ingestMs: round(r.ingestMs), firstScreenMs: round(r.firstPaintMs), idleMs: round(r.idleMs), domNodes: r.nodes, heapMB: round(r.heapMB) };
}

async function stream(virtualize) {
  const page = await open('stream-scene', `rate=2000&seconds=${sizes.seconds}&virtualize=${virtualize ? 1 : 0}`);
  await page.waitForFunction(() => window.__bench?.endedAt !== undefined, undefined, { timeout: 180_000 });
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => window.__bench);
  await page.close();
  const seconds = (r.endedAt - r.startedAt) / 1000;
  return {
    events: r.arrived,
    seconds: round(seconds),
    storeUpdatesPerSecond: round(r.updates / seconds),
    longTasksOver50ms: r.longTasks.filter((d) => d > 50).length,
    longestTaskMs: round(Math.max(0, ...r.longTasks)),
    frameP50Ms: round(percentile(r.frames, 50)),
    frameP95Ms: round(percentile(r.frames, 95)),
    arrivalToPaintP50Ms: round(percentile(r.latencies, 50)),
    arrivalToPaintP95Ms: round(percentile(r.latencies, 95)),
  };
}

async function scroll(virtualize) {
  const page = await open('scroll-scene', `virtualize=${virtualize ? 1 : 0}`);
  await page.locator('.aui-conversation__scroll').waitFor();
  const r = await page.evaluate(async () => {
    const el = document.querySelector('.aui-conversation__scroll');
    el.scrollTop = 0;
    await new Promise((r) => setTimeout(r, 300));
    const frames = [];
    let maxRows = 0;
    let last = performance.now();
    const end = last + 3000;
    await new Promise((resolve) => {
      requestAnimationFrame(function step(now) {
        frames.push(now - last);
        last = now;
        el.scrollTop += 400;
        maxRows = Math.max(maxRows, document.querySelectorAll('.aui-conversation__row').length);
        if (now < end) requestAnimationFrame(step);
        else resolve();
      });
    });
    return { frames, maxRows, messages: Number(document.querySelector('.aui-conversation').getAttribute('data-count')), nodes: document.getElementsByTagName('*').length };
  });
  await page.close();
  return { messages: r.messages, mountedRows: r.maxRows, domNodes: r.nodes, droppedFrames: r.frames.filter((f) => f > 25).length, frames: r.frames.length, frameP95Ms: round(percentile(r.frames, 95)) };
}

const results = {};
for (const virtualize of [true, false]) {
  const key = virtualize ? 'virtualized' : 'all rows mounted';
  results[key] = { hydrate: await hydrate(virtualize), stream: await stream(virtualize), scroll: await scroll(virtualize) };
  process.stderr.write(`${key}: ${JSON.stringify(results[key])}\n`);
}
await browser.close();
stop();

const v = results.virtualized;
const a = results['all rows mounted'];
const row = (label, get, unit = '') => `| ${label} | ${get(v)}${unit} | ${get(a)}${unit} | ${(get(a) / get(v)).toFixed(1)}× |`;
console.log(`# Browser benchmark (Chromium, 1280×800)\n`);
console.log(`| measure | virtualized | all rows mounted | ratio |`);
console.log(`| --- | ---: | ---: | ---: |`);
console.log(row(`hydrate ${sizes.events.toLocaleString('en-US')} events: ingest`, (x) => x.hydrate.ingestMs, ' ms'));
console.log(row('hydrate: first readable screen', (x) => x.hydrate.firstScreenMs, ' ms'));
console.log(row('hydrate: idle', (x) => x.hydrate.idleMs, ' ms'));
console.log(row('hydrate: DOM nodes', (x) => x.hydrate.domNodes));
console.log(row('hydrate: JS heap', (x) => x.hydrate.heapMB, ' MB'));
console.log(row(`stream 2,000 events/s for ${sizes.seconds} s: store updates/s`, (x) => x.stream.storeUpdatesPerSecond));
console.log(row('stream: long tasks over 50 ms', (x) => x.stream.longTasksOver50ms));
console.log(row('stream: frame p50', (x) => x.stream.frameP50Ms, ' ms'));
console.log(row('stream: frame p95', (x) => x.stream.frameP95Ms, ' ms'));
console.log(row('stream: arrival → paint p50', (x) => x.stream.arrivalToPaintP50Ms, ' ms'));
console.log(row('stream: arrival → paint p95', (x) => x.stream.arrivalToPaintP95Ms, ' ms'));
console.log(row('scroll 10,000 messages: rows mounted (max)', (x) => x.scroll.mountedRows));
console.log(row('scroll: DOM nodes', (x) => x.scroll.domNodes));
console.log(row('scroll for 3 s: frames rendered', (x) => x.scroll.frames));
console.log(row('scroll: frame p95', (x) => x.scroll.frameP95Ms, ' ms'));
console.log(row('scroll: dropped frames (> 25 ms)', (x) => x.scroll.droppedFrames));
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`../results/${smoke ? 'browser-smoke' : 'browser-latest'}.json`, import.meta.url), JSON.stringify({ date: new Date().toISOString(), smoke, results }, null, 2) + '\n');

// Opening a 100k-event session three ways (issue 14): its own scene and script, run on request.
if (process.argv.includes('--open-session')) await import('./open-session.mjs');
