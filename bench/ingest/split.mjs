// The quick form of the ingest target: the kit's own ingest time against JSON.parse of the same
// lines (64 per macrotask), W1-W3, after a forced full GC (the target's protocol), steady (no
// forced GC) and in a live store that GCs every tenth of the stream (see splitRatios), for this
// build and optionally a previous one, runs interleaved.
// Usage: npm run build && node --expose-gc bench/ingest/split.mjs [--runs 7] [--prev <dist dir>]
//   [--clock-step <ms>] (timestamps that move by this much per event, as a runtime's do; the
//   workloads' events otherwise all carry one timestamp)
import { loadavg } from 'node:os';
import { w1, w2, w3 } from './workloads.mjs';
import { kitLines, loadKit, splitRatios } from './systems.mjs';
import * as currentKit from '../../dist/headless.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;
const prevDir = args.includes('--prev') ? args[args.indexOf('--prev') + 1] : undefined;
const kits = { now: currentKit, ...(prevDir && { previous: await loadKit(prevDir) }) };
const clockStepMs = args.includes('--clock-step') ? Number(args[args.indexOf('--clock-step') + 1]) : 0;

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}${clockStepMs > 0 ? `; timestamps ${clockStepMs} ms apart` : ''}`);
for (const [name, ops] of Object.entries({ W1: w1(100_000), W2: w2(2_000), W3: w3(500) })) {
  const lines = kitLines(ops, { clockStepMs });
  const ratios = await splitRatios(lines, { kits, runs });
  const row = [`${name} (${lines.length} events)`];
  for (const [label, r] of Object.entries(ratios)) {
    row.push(`${label}: ingest ${r.ingestMs} ms / parse ${r.parseMs} ms = ${r.ratio}× (steady ${r.steady.ingestMs} / ${r.steady.parseMs} ms = ${r.steady.ratio}×; live store, GC every tenth ${r.live.ingestMs} / ${r.live.parseMs} ms = ${r.live.ratio}×)`);
  }
  console.log(row.join('  |  '));
}
