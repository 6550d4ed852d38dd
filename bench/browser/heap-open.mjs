// What the heap holds after a session is opened (issue 14): a heap snapshot of the Open session
// scene once it is done, summarized by constructor (self size) and, for strings, by length.
// node bench/browser/heap-open.mjs [--dir storybook-static] [--mechanism hydrate-jsonl] [--session coding] [--events 100000]
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { quietStorybook, servePreview } from './preview.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const PORT = Number(flag('--port', 6106));
const stop = await servePreview(flag('--dir', 'storybook-static'), PORT);
const browser = await chromium.launch({ executablePath: chromiumLaunchOptions().executablePath, args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info', '--js-flags=--expose-gc'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await quietStorybook(page);
await page.goto(`http://127.0.0.1:${PORT}/iframe.html?id=behaviour-open-session--open-session-scene&viewMode=story&events=${flag('--events', 100_000)}&session=${flag('--session', 'coding')}&mechanism=${flag('--mechanism', 'hydrate-jsonl')}`);
await page.waitForFunction(() => window.__open?.done === true, undefined, { timeout: 300_000 });
console.log('heap after GC (scene):', (await page.evaluate(() => window.__open.heapAfterGcMB)).toFixed(1), 'MB');
const cdp = await page.context().newCDPSession(page);
let json = '';
cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => (json += chunk));
await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
await browser.close();
stop();
const snap = JSON.parse(json);
const { node_fields, node_types } = snap.snapshot.meta;
const F = node_fields.length;
const iType = node_fields.indexOf('type');
const iName = node_fields.indexOf('name');
const iSize = node_fields.indexOf('self_size');
const types = node_types[iType];
const bySize = new Map();
const strings = new Map();
for (let i = 0; i < snap.nodes.length; i += F) {
  const type = types[snap.nodes[i + iType]];
  const name = snap.strings[snap.nodes[i + iName]];
  const size = snap.nodes[i + iSize];
  const key = type === 'object' || type === 'closure' ? `${type} ${name}` : type;
  const e = bySize.get(key) ?? [0, 0];
  e[0] += size;
  e[1] += 1;
  bySize.set(key, e);
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') {
    const bucket = `${type} ${size < 64 ? '<64' : size < 1024 ? '<1K' : size < 65536 ? '<64K' : '>=64K'}`;
    const s = strings.get(bucket) ?? [0, 0];
    s[0] += size;
    s[1] += 1;
    strings.set(bucket, s);
  }
}
const show = (m, n) => [...m].sort((a, b) => b[1][0] - a[1][0]).slice(0, n).map(([k, [size, count]]) => `${(size / 2 ** 20).toFixed(2).padStart(8)} MB ${String(count).padStart(8)}  ${k}`).join('\n');
console.log(show(bySize, 25));
console.log('\nstrings by size:\n' + show(strings, 12));
