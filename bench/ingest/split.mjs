// The quick form of the ingest target: the kit's own ingest time against JSON.parse of the same
// lines (64 per macrotask), W1-W3, for this build and optionally a previous one, runs interleaved.
// Usage: npm run build && node --expose-gc bench/ingest/split.mjs [--runs 7] [--prev <dist dir>]
import { w1, w2, w3 } from './workloads.mjs';
import { kitLines, loadKit, runKit } from './systems.mjs';
import * as currentKit from '../../dist/headless.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;
const prevDir = args.includes('--prev') ? args[args.indexOf('--prev') + 1] : undefined;
const kits = { now: currentKit, ...(prevDir && { previous: await loadKit(prevDir) }) };
const gc = globalThis.gc ?? (() => undefined);

for (const [name, ops] of Object.entries({ W1: w1(100_000), W2: w2(2_000), W3: w3(500) })) {
  const lines = kitLines(ops);
  const samples = Object.fromEntries(Object.keys(kits).map((k) => [k, []]));
  for (const kit of Object.values(kits)) await runKit(lines, { kit });
  for (let i = 0; i < runs; i++) {
    for (const [label, kit] of Object.entries(kits)) {
      gc();
      const timing = { parseMs: 0, ingestMs: 0 };
      await runKit(lines, { kit, timing });
      samples[label].push(timing);
    }
  }
  const row = [`${name} (${lines.length} events)`];
  for (const [label, list] of Object.entries(samples)) {
    list.sort((a, b) => a.ingestMs / a.parseMs - b.ingestMs / b.parseMs);
    const m = list[Math.floor(list.length / 2)];
    row.push(`${label}: ingest ${m.ingestMs.toFixed(1)} ms / parse ${m.parseMs.toFixed(1)} ms = ${(m.ingestMs / m.parseMs).toFixed(2)}×`);
  }
  console.log(row.join('  |  '));
}
