// What a long task of the Open session scene is made of, by Chromium's own trace (issue 25 item 2):
// JavaScript, forced style and layout (with the layout's object counts), garbage collection. The
// CPU profile (profile-open.mjs) names the functions; this says what the engine did besides them.
// The one task left when the coding session opens was 50-65 ms of React's render and commit, a
// 17-23 ms forced layout of 81 objects (12-15 ms in a warmed page too) and an 11-14 ms minor GC.
// The scene now rehearses the rows in its preload (`preloadKit({ rehearse: true })`), which leaves
// no such task: `--query '&noRehearse'` traces the open without it.
// Usage: npm run storybook:build && node bench/browser/trace-open.mjs [--dir storybook-static]
//   [--session coding] [--mechanism hydrate] [--events 140000] [--query '&noRehearse'] [--port 6108]
import { readFileSync, rmSync } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { quietStorybook, servePreview } from './preview.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const dir = flag('--dir', 'storybook-static');
const PORT = Number(flag('--port', 6108));
const query = `events=${flag('--events', 140_000)}&session=${flag('--session', 'coding')}&mechanism=${flag('--mechanism', 'hydrate')}${flag('--query', '')}`;
const tracePath = '/tmp/agentui-open-trace.json';

const stop = await servePreview(dir, PORT);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions().executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
await quietStorybook(page);
await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute'] });
await page.goto(`http://127.0.0.1:${PORT}/iframe.html?id=behaviour-open-session--open-session-scene&viewMode=story&${query}`);
await page.waitForFunction(() => window.__open?.done === true, undefined, { timeout: 180_000 });
const scene = await page.evaluate(() => ({ longTasks: window.__open.longTasks.map(Math.round), newestScreenMs: Math.round(window.__open.newestScreenMs) }));
await browser.stopTracing();
await browser.close();
stop();

const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8'));
rmSync(tracePath);
console.log(`scene: ${JSON.stringify(scene)}`);
// Every task over 50 ms of the page (the scene's own input building before the clock included).
for (const task of traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 50_000)) {
  const inside = traceEvents.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.name !== 'RunTask' && e.ts >= task.ts && e.ts < task.ts + task.dur);
  const byName = new Map();
  for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
  console.log(`\ntask of ${(task.dur / 1000).toFixed(1)} ms: ${top.join(', ')}`);
  for (const e of inside.filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.dur > 1000)) {
    const counts = e.args?.beginData ? `, ${e.args.beginData.dirtyObjects} of ${e.args.beginData.totalObjects} objects dirty` : '';
    console.log(`  ${e.name} ${(e.dur / 1000).toFixed(1)} ms${counts}`);
  }
}
