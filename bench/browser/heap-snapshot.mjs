// A heap snapshot of an opened session, to see what the session keeps (issue 14's heap target).
// Usage: npm run storybook:build && node bench/browser/heap-snapshot.mjs [--session turns|coding]
//   [--mechanism hydrate|hydrate-jsonl|ingest] [--out /tmp/open.heapsnapshot]
// Then summarize it: node bench/browser/heap-summary.mjs /tmp/open.heapsnapshot
import { createWriteStream } from 'node:fs';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { servePreview } from './preview.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const session = flag('--session', 'turns');
const mechanism = flag('--mechanism', 'hydrate');
const out = flag('--out', `/tmp/open-${session}-${mechanism}.heapsnapshot`);
const PORT = Number(process.env.AGENTUI_BENCH_PORT ?? 6013);

const stop = await servePreview('storybook-static', PORT);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions().executablePath, args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`http://127.0.0.1:${PORT}/iframe.html?id=behaviour-open-session--open-session-scene&viewMode=story&events=100000&session=${session}&mechanism=${mechanism}`);
await page.waitForFunction(() => window.__open?.done === true, undefined, { timeout: 180_000 });
const cdp = await page.context().newCDPSession(page);
await cdp.send('HeapProfiler.collectGarbage');
const heapMB = await page.evaluate(() => performance.memory.usedJSHeapSize / 2 ** 20);
const file = createWriteStream(out);
cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => file.write(chunk));
await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
await new Promise((resolve) => file.end(resolve));
console.log(`${session} / ${mechanism}: heap after GC ${heapMB.toFixed(1)} MB; snapshot in ${out}`);
await browser.close();
stop();
