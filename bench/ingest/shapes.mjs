// What the cold protocol measures: W2 ingested by a fresh store after a full GC, with nothing kept
// across the GC, with the previous store kept, and with the previous store and one parsed event of
// each type kept. A full GC collects the object shapes no live object has any more, and V8 drops
// the optimized code specialized to them; keeping objects of those shapes alive keeps the code.
// Each mode runs in a child process of its own (a mode's kept objects would help the next mode).
// Usage: npm run build && node bench/ingest/shapes.mjs [--runs 12]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { w2 } from './workloads.mjs';
import { kitLines, runKit } from './systems.mjs';
import * as kit from '../../dist/headless.js';

const MODES = {
  none: 'nothing kept: the store and the events of the run before are garbage',
  store: 'the store of the run before kept (its records, tables and internals)',
  'store+events': 'that store and one parsed event of each type kept',
};
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 12;
const mode = args.includes('--mode') ? args[args.indexOf('--mode') + 1] : undefined;

if (mode === undefined) {
  console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; W2, ingest ÷ JSON.parse per run, fresh store after a full GC`);
  for (const [name, what] of Object.entries(MODES)) {
    const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--mode', name, '--runs', String(runs)], { encoding: 'utf8' });
    console.log(`${name.padEnd(13)} ${out.trim()}  (${what})`);
  }
} else {
  const lines = kitLines(w2(2_000));
  const keptEvents = new Map();
  let keptStore;
  const run = async () => {
    const timing = { parseMs: 0, ingestMs: 0 };
    let store;
    const keep = (events, ingested) => {
      store = ingested;
      if (mode === 'store+events') for (const event of events) if (!keptEvents.has(event.type)) keptEvents.set(event.type, event);
    };
    await runKit(lines, { kit, timing, onBatch: keep });
    if (mode !== 'none') keptStore = store;
    return timing.ingestMs / timing.parseMs;
  };
  for (let i = 0; i < 4; i++) await run();
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc();
    ratios.push(await run());
  }
  const sorted = ratios.slice().sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  console.log(`median ${at(0.5)}× (quartiles ${at(0.25)}-${at(0.75)}, worst ${at(1)}) kept: ${keptStore ? 'store' : 'nothing'}${keptEvents.size ? ` + ${keptEvents.size} events` : ''}`);
}
