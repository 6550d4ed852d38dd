// Where the main thread's time goes while a long session opens (issue 14): a CPU profile of the
// Open session scene, cut into tasks (runs of busy samples), and for every task over 50 ms the
// functions that held it (inclusive time). Build with readable names first:
//   AGENTUI_STORYBOOK_NO_MINIFY=1 npx storybook build --quiet --output-dir storybook-profile
//   node bench/browser/profile-open.mjs [--dir storybook-profile] [--session coding] [--mechanism hydrate] [--events 100000] [--port 6106]
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { quietStorybook, servePreview } from './preview.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const dir = flag('--dir', 'storybook-profile');
const PORT = Number(flag('--port', 6106));
const session = flag('--session', 'coding');
const mechanism = flag('--mechanism', 'hydrate');
const events = Number(flag('--events', 100_000));
const top = Number(flag('--top', 25));
const query = flag('--query', '');
// Any scene that says when it is done: the Open session scene (default) or a Bench scene, e.g.
// --story behaviour-bench--stream-scene --query rate=10000&seconds=4
const story = flag('--story', 'behaviour-open-session--open-session-scene');

const stop = await servePreview(dir, PORT);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions().executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-precise-memory-info', '--js-flags=--expose-gc'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
const cdp = await page.context().newCDPSession(page);
await quietStorybook(page);
await page.addInitScript(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.goto(`http://127.0.0.1:${PORT}/iframe.html?id=${story}&viewMode=story&events=${events}&session=${session}&mechanism=${mechanism}${query ? `&${query}` : ''}`);
// Profile from the page's load: the scene builds its input first (not measured), then opens it.
await cdp.send('Profiler.start');
await page.waitForFunction(() => window.__open?.done === true || window.__bench?.endedAt !== undefined, undefined, { timeout: 300_000 });
// A marker the profile can be aligned with: a named function busy for 20 ms at a known page time.
const markerAt = await page.evaluate(() => {
  const at = performance.now();
  const marker = function __profileMarker() {
    while (performance.now() - at < 20);
  };
  marker();
  return at;
});
const { profile } = await cdp.send('Profiler.stop');
const result = await page.evaluate(() => window.__open ?? { longTasks: window.__bench?.longTasks ?? [], newestScreenMs: NaN });
const pageTasks = await page.evaluate(() => window.__tasks);
await browser.close();
stop();
writeFileSync(`/tmp/open-${session}-${mechanism}.cpuprofile`, JSON.stringify(profile));

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
const idle = (id) => nodes.get(id).callFrame.functionName === '(idle)';
// Sample times, and the page's long tasks mapped onto them through the marker.
const times = [];
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) times.push((t += profile.timeDeltas[i]));
const markerSample = profile.samples.findIndex((id) => nodes.get(id).callFrame.functionName === '__profileMarker');
if (markerSample < 0) throw new Error('marker not in the profile');
const offset = times[markerSample] - markerAt * 1000;
const tasks = pageTasks.map(([startMs, duration]) => {
  const start = startMs * 1000 + offset;
  const end = start + duration * 1000;
  const samples = [];
  for (let i = 0; i < times.length; i++) if (times[i] >= start && times[i] < end) samples.push([profile.samples[i], (times[i + 1] ?? times[i]) - times[i]]);
  return { start, end, samples };
});
const long = tasks.filter((task) => task.end - task.start > 50_000);
console.log(`${session}/${mechanism}: longTasks(scene) ${JSON.stringify(result.longTasks?.map(Math.round))}, newest ${Math.round(result.newestScreenMs)} ms`);
console.log(`page long tasks: ${long.length} over 50 ms: ${long.map((x) => Math.round((x.end - x.start) / 1000)).join(', ')}`);
for (const task of long) {
  const inclusive = new Map();
  const self = new Map();
  for (const [id, dt] of task.samples) {
    self.set(name(nodes.get(id)), (self.get(name(nodes.get(id))) ?? 0) + dt);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const key = name(nodes.get(n));
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  }
  const fmt = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`).join('\n');
  console.log(`\n## task of ${Math.round((task.end - task.start) / 1000)} ms at +${Math.round((task.start - profile.startTime) / 1000)} ms\ninclusive:\n${fmt(inclusive)}\nself:\n${fmt(self).split('\n').slice(0, 12).join('\n')}`);
}
