// The browser benchmark, in Chromium against the static Storybook build (Behaviour/Bench scenes):
// - pinning: 200 messages, then 5,000 text deltas at 1,000 and 5,000/s into one answer, fed
//   straight into `ingest`, through `useRuntimeStream`, and into `AgentWorkbench`; the share of
//   frames with the newest text on screen just before paint, arrival-to-paint, long tasks; the
//   same content in an AI SDK `useChat` page with a plain list and in assistant-ui's thread;
// - streaming the coding session re-timed at 2,000, 10,000 and 50,000 events/s;
// - scrolling a 10,000-message conversation; hydrating a 100,000-event session;
// - a long history opened at once (200, 2,000 and 10,000 messages) in the kit and both peers:
//   its newest message on screen, long tasks, DOM nodes and heap at that moment.
// With --prev <storybook-static of the previous release> (see build-prev.mjs) the kit's figures
// are measured on that build too, in the same run, and shown as a ratio.
// Usage: npm run storybook:build && npm run bench:browser [-- --smoke] [-- --prev /tmp/agentui-prev/storybook-static]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { quietStorybook } from './preview.mjs';

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const smoke = argv.includes('--smoke');
const prevDir = flag('--prev');
if (prevDir && !existsSync(resolve(prevDir, 'index.json'))) throw new Error(`--prev ${prevDir}: no Storybook build there (run node bench/browser/build-prev.mjs)`);
const PORT = Number(process.env.AGENTUI_BENCH_PORT ?? 6010);
const sizes = smoke
  ? { events: 5_000, seconds: 2, deltas: 1_000, streamRates: [2_000, 10_000], scrollMs: 1_000 }
  : { events: 100_000, seconds: 10, deltas: 5_000, streamRates: [2_000, 10_000, 50_000], scrollMs: 3_000 };
const load = [];

const servers = [];
async function serve(dir, port) {
  const server = spawn('npx', ['vite', 'preview', '--outDir', resolve(dir), '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  servers.push(server);
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/index.json`)).ok) return `http://127.0.0.1:${port}/iframe.html`;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview of ${dir} did not start`);
}
// A server that already exited (or was stopped) is skipped: killing a gone group throws ESRCH.
const stopServers = () =>
  servers.forEach((s) => {
    if (s.exitCode !== null || s.signalCode !== null) return;
    try {
      process.kill(-s.pid, 'SIGTERM');
    } catch {}
  });
process.on('exit', stopServers);
process.on('SIGINT', () => process.exit(130));

const builds = { kit: await serve('storybook-static', PORT) };
if (prevDir) builds.prev = await serve(prevDir, PORT + 1);
const index = await (await fetch(builds.kit.replace('iframe.html', 'index.json'))).json();
const hasStory = (id) => id in index.entries;

const browser = await chromium.launch({
  executablePath: chromiumLaunchOptions().executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'],
});
const percentile = (xs, p) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};
const round = (n) => Math.round(n * 10) / 10;

async function open(base, story, query) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await quietStorybook(page);
  await page.goto(`${base}?id=behaviour-bench--${story}&viewMode=story&${query}`);
  return page;
}
async function finished(page, timeout) {
  await page.waitForFunction(() => window.__bench?.endedAt !== undefined, undefined, { timeout });
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => window.__bench);
  await page.close();
  return r;
}

async function openBacklog(base, virtualize) {
  const page = await open(base, 'hydrate-scene', `events=${sizes.events}&virtualize=${virtualize ? 1 : 0}`);
  await page.waitForFunction(() => window.__bench?.idleMs !== undefined, undefined, { timeout: 180_000 });
  const r = await page.evaluate(() => ({ ...window.__bench, nodes: document.getElementsByTagName('*').length, heapMB: performance.memory.usedJSHeapSize / 2 ** 20 }));
  await page.close();
  return { ingestMs: round(r.ingestMs), firstScreenMs: round(r.firstPaintMs), idleMs: round(r.idleMs), domNodes: r.nodes, heapMB: round(r.heapMB) };
}

/** 200 messages, then `deltas` text deltas at `rate`/s: the newest text on screen before paint. */
async function pin(base, story, query) {
  const page = await open(base, story, `${query}&deltas=${sizes.deltas}`);
  const r = await finished(page, 120_000);
  return {
    newestOnScreenPercent: round((100 * r.inView) / Math.max(1, r.sampled)),
    framesSampled: r.sampled,
    arrivalToPaintP95Ms: round(percentile(r.latencies, 95)),
    longTasksOver50ms: r.longTasks.filter((d) => d > 50).length,
    longestTaskMs: round(Math.max(0, ...r.longTasks)),
  };
}

async function stream(base, rate, virtualize = true) {
  const seconds = rate > 10_000 && !smoke ? 4 : sizes.seconds;
  const page = await open(base, 'stream-scene', `rate=${rate}&seconds=${seconds}&virtualize=${virtualize ? 1 : 0}`);
  await page.waitForFunction(() => window.__bench?.endedAt !== undefined, undefined, { timeout: 300_000 });
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => window.__bench);
  await page.close();
  const elapsed = (r.endedAt - r.startedAt) / 1000;
  const framesPerSecond = r.frames.length / elapsed;
  return {
    events: r.arrived,
    seconds: round(elapsed),
    storeUpdatesPerSecond: round(r.updates / elapsed),
    framesPerSecond: round(framesPerSecond),
    longTasksOver50ms: r.longTasks.filter((d) => d > 50).length,
    longestTaskMs: round(Math.max(0, ...r.longTasks)),
    frameP95Ms: round(percentile(r.frames, 95)),
    arrivalToPaintP50Ms: round(percentile(r.latencies, 50)),
    arrivalToPaintP95Ms: round(percentile(r.latencies, 95)),
    longTasksAtMs: r.longTaskAt.filter((_, i) => r.longTasks[i] > 50),
  };
}

async function scroll(base, virtualize) {
  const page = await open(base, 'scroll-scene', `virtualize=${virtualize ? 1 : 0}`);
  await page.locator('.aui-conversation__scroll').waitFor({ timeout: 180_000 });
  const r = await page.evaluate(async (ms) => {
    const el = document.querySelector('.aui-conversation__scroll');
    await new Promise((r) => setTimeout(r, 300));
    const frames = [];
    let maxRows = 0;
    // Up from the bottom for half the time, then back down.
    const step = el.scrollHeight / ((ms / 2 / 1000) * 60);
    let last = performance.now();
    const start = last;
    await new Promise((resolve) => {
      requestAnimationFrame(function move(now) {
        frames.push(now - last);
        last = now;
        el.scrollTop += now - start < ms / 2 ? -step : step;
        maxRows = Math.max(maxRows, document.querySelectorAll('.aui-conversation__row').length);
        if (now - start < ms) requestAnimationFrame(move);
        else resolve();
      });
    });
    return { frames, maxRows, messages: Number(document.querySelector('.aui-conversation').getAttribute('data-count')), nodes: document.getElementsByTagName('*').length };
  }, sizes.scrollMs);
  await page.close();
  return { messages: r.messages, mountedRows: r.maxRows, domNodes: r.nodes, droppedFrames: r.frames.filter((f) => f > 25).length, frames: r.frames.length, frameP95Ms: round(percentile(r.frames, 95)) };
}

/**
 * A conversation of `messages` history messages opened at once in a scene (the kit's pin scene, a
 * peer's page), nothing streamed: when its newest message is on screen (ms since navigation,
 * checked once per frame by an init script, the same for every system, Storybook's own start
 * included), the long tasks until then, and the DOM nodes and JS heap at that moment.
 */
async function longHistory(base, story, query, messages) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await quietStorybook(page);
  const newest = `Answer ${Math.floor((messages - 1) / 2)}.`;
  await page.addInitScript((text) => {
    const state = (window.__history = { longTasks: [], shownAt: undefined });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => state.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
    const check = () => {
      const hit = document.evaluate(`//*[contains(text(), '${text}')]`, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      const box = hit?.getBoundingClientRect();
      if (box && box.height > 0 && box.bottom > 0 && box.top < innerHeight) state.shownAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, newest);
  await page.goto(`${base}?id=behaviour-bench--${story}&viewMode=story&${query}&history=${messages}&deltas=0&start=0`);
  await page.waitForFunction(() => window.__history.shownAt !== undefined, undefined, { timeout: 180_000, polling: 100 });
  const r = await page.evaluate(() => ({ ...window.__history, nodes: document.getElementsByTagName('*').length, heapMB: performance.memory.usedJSHeapSize / 2 ** 20 }));
  await page.close();
  const until = r.longTasks.filter((d) => d > 50);
  return { newestOnScreenMs: round(r.shownAt), longTasksOver50ms: until.length, longestTaskMs: round(Math.max(0, ...r.longTasks)), domNodes: r.nodes, heapMB: round(r.heapMB) };
}

/** Runs one measure and logs it; a measure that fails is reported, not fatal to the run. */
const note = async (label, measure) => {
  load.push(loadavg()[0]);
  let value;
  try {
    value = await measure;
  } catch (error) {
    value = { error: String(error?.message ?? error).split('\n')[0] };
  }
  process.stderr.write(`${label}: ${JSON.stringify(value)}\n`);
  return value;
};

// ---- measure ----
const results = { pin: {}, stream: {}, scroll: {}, hydrate: {}, history: {} };
const HISTORY_SIZES = smoke ? [200, 2_000] : [200, 2_000, 10_000];
const systems = Object.keys(builds);
const PEERS = { 'AI SDK useChat': 'peer-ai-sdk-scene', 'assistant-ui': 'peer-assistant-ui-scene' };
for (const rate of [1_000, 5_000]) {
  for (const feed of ['ingest', 'hook', 'workbench']) {
    for (const system of systems) results.pin[`${system} ${feed} ${rate}`] = await note(`pin ${system} ${feed} ${rate}/s`, pin(builds[system], 'pin-scene', `feed=${feed}&rate=${rate}`));
  }
  for (const [peer, story] of Object.entries(PEERS)) {
    if (hasStory(`behaviour-bench--${story}`)) results.pin[`${peer} ${rate}`] = await note(`pin ${peer} ${rate}/s`, pin(builds.kit, story, `rate=${rate}`));
  }
}
for (const rate of sizes.streamRates) for (const system of systems) results.stream[`${system} ${rate}`] = await note(`stream ${system} ${rate}/s`, stream(builds[system], rate));
for (const system of systems) results.scroll[`${system} virtualized`] = await note(`scroll ${system}`, scroll(builds[system], true));
results.scroll['kit all rows mounted'] = await note('scroll kit all rows', scroll(builds.kit, false));
for (const system of systems) results.hydrate[`${system} virtualized`] = await note(`hydrate ${system}`, openBacklog(builds[system], true));
results.hydrate['kit all rows mounted'] = await note('hydrate kit all rows', openBacklog(builds.kit, false));
for (const n of HISTORY_SIZES) {
  for (const system of systems) results.history[`${system} ${n}`] = await note(`history ${system} ${n}`, longHistory(builds[system], 'pin-scene', 'feed=ingest', n));
  for (const [peer, story] of Object.entries(PEERS)) {
    if (hasStory(`behaviour-bench--${story}`)) results.history[`${peer} ${n}`] = await note(`history ${peer} ${n}`, longHistory(builds.kit, story, '', n));
  }
}
await browser.close();
stopServers();

// ---- report ----
const rows = [];
const cell = (v, unit) => (v === undefined || Number.isNaN(v) ? '–' : `${v}${unit}`);
/** One measure: the kit, the previous release and their ratio, the peers, the target and whether the kit meets it. */
function row(label, group, key, pick, { unit = '', target, met, peers } = {}) {
  const kit = results[group][`kit ${key}`] && pick(results[group][`kit ${key}`]);
  const prev = results[group][`prev ${key}`] && pick(results[group][`prev ${key}`]);
  const ratio = kit !== undefined && prev !== undefined && prev !== 0 ? `${(kit / prev).toFixed(2)}×` : '–';
  const peerCells = Object.keys(PEERS).map((p) => (peers && results[group][`${p} ${peers}`] ? cell(pick(results[group][`${p} ${peers}`]), unit) : '–'));
  const verdict = met === undefined || kit === undefined ? 'report' : met(kit) ? 'met' : 'NOT MET';
  rows.push({ label, kit, prev, target: target ?? '', verdict });
  console.log(`| ${label} | ${target ?? ''} | ${cell(kit, unit)} | ${cell(prev, unit)} | ${ratio} | ${peerCells.join(' | ')} | ${verdict} |`);
}
const loadText = `load average during the run ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${(await import('node:os')).cpus().length} cores`;
console.log(`# Browser benchmark (Chromium, 1280×800${smoke ? ', smoke' : ''}); ${loadText}\n`);
console.log(`| measure | target | kit | previous release | kit / previous | ${Object.keys(PEERS).join(' | ')} | |`);
console.log(`| --- | --- | ---: | ---: | ---: | ${Object.keys(PEERS).map(() => '---:').join(' | ')} | --- |`);
for (const rate of [1_000, 5_000]) {
  for (const feed of ['ingest', 'hook', 'workbench']) {
    const k = `${feed} ${rate}`;
    row(`pin ${rate.toLocaleString('en-US')} deltas/s via ${feed}: newest text on screen`, 'pin', k, (x) => x.newestOnScreenPercent, { unit: '%', target: '≥ 99%', met: (v) => v >= 99, peers: rate });
    row(`pin ${rate.toLocaleString('en-US')}/s via ${feed}: arrival → paint p95`, 'pin', k, (x) => x.arrivalToPaintP95Ms, { unit: ' ms', target: '≤ 20 ms (~16 today)', met: (v) => v <= 20, peers: rate });
    row(`pin ${rate.toLocaleString('en-US')}/s via ${feed}: long tasks > 50 ms`, 'pin', k, (x) => x.longTasksOver50ms, { target: '0', met: (v) => v === 0, peers: rate });
  }
}
for (const rate of sizes.streamRates) {
  const k = `${rate}`;
  const at = `stream ${rate.toLocaleString('en-US')} events/s`;
  const judged = rate === 10_000;
  row(`${at}: long tasks > 50 ms`, 'stream', k, (x) => x.longTasksOver50ms, { target: judged ? '0' : undefined, met: judged ? (v) => v === 0 : undefined });
  row(`${at}: longest task`, 'stream', k, (x) => x.longestTaskMs, { unit: ' ms' });
  row(`${at}: arrival → paint p95`, 'stream', k, (x) => x.arrivalToPaintP95Ms, { unit: ' ms', target: judged ? '< 50 ms' : undefined, met: judged ? (v) => v < 50 : undefined });
  row(`${at}: store updates/s (frames/s beside)`, 'stream', k, (x) => x.storeUpdatesPerSecond, {
    target: judged ? '≤ frames/s' : undefined,
    met: judged ? (v) => v <= results.stream[`kit ${k}`].framesPerSecond + 1 : undefined,
  });
  row(`${at}: frames/s`, 'stream', k, (x) => x.framesPerSecond);
  row(`${at}: frame p95`, 'stream', k, (x) => x.frameP95Ms, { unit: ' ms' });
}
row('scroll 10,000 messages up and down: dropped frames (> 25 ms)', 'scroll', 'virtualized', (x) => x.droppedFrames, { target: '0', met: (v) => v === 0 });
row('scroll: frame p95', 'scroll', 'virtualized', (x) => x.frameP95Ms, { unit: ' ms' });
row('scroll: rows mounted (max)', 'scroll', 'virtualized', (x) => x.mountedRows);
row('scroll, every row mounted: dropped frames', 'scroll', 'all rows mounted', (x) => x.droppedFrames);
row(`hydrate ${sizes.events.toLocaleString('en-US')} events at once: first readable screen`, 'hydrate', 'virtualized', (x) => x.firstScreenMs, { unit: ' ms' });
row('hydrate: idle', 'hydrate', 'virtualized', (x) => x.idleMs, { unit: ' ms' });
row('hydrate: JS heap', 'hydrate', 'virtualized', (x) => x.heapMB, { unit: ' MB' });
row('hydrate: DOM nodes', 'hydrate', 'virtualized', (x) => x.domNodes);
row('hydrate, every row mounted: first readable screen', 'hydrate', 'all rows mounted', (x) => x.firstScreenMs, { unit: ' ms' });

for (const n of HISTORY_SIZES) {
  const at = `${n.toLocaleString('en-US')} messages opened at once`;
  row(`${at}: newest message on screen (from navigation)`, 'history', `${n}`, (x) => x.newestOnScreenMs, { unit: ' ms', peers: n });
  row(`${at}: long tasks > 50 ms`, 'history', `${n}`, (x) => x.longTasksOver50ms, { peers: n });
  row(`${at}: longest task`, 'history', `${n}`, (x) => x.longestTaskMs, { unit: ' ms', peers: n });
  row(`${at}: DOM nodes`, 'history', `${n}`, (x) => x.domNodes, { peers: n });
  row(`${at}: JS heap`, 'history', `${n}`, (x) => x.heapMB, { unit: ' MB', peers: n });
}

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL(`../results/${smoke ? 'browser-smoke' : 'browser-latest'}.json`, import.meta.url),
  JSON.stringify({ date: new Date().toISOString(), smoke, load: loadText, previousRelease: prevDir ?? null, rows, results }, null, 2) + '\n',
);

// Opening a 100k-event session three ways (issue 14): its own scene and script, run on request.
if (process.argv.includes('--open-session')) await import('./open-session.mjs');
