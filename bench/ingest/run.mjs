// The Node ingest benchmark: the kit against the JSON.parse floor and the peers, on the same
// logical workloads. Usage: npm run build && npm run bench [-- --smoke] [-- --runs 5]
// Writes bench/results/latest.json and prints markdown tables.
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { expected, w1, w2, w3 } from './workloads.mjs';
import { aguiLines, aiSdkLines, kitLines, runAgui, runAiSdkChat, runAiSdkReader, runFloor, runKit, runKitViaAiSdk } from './systems.mjs';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const runs = Number(args[args.indexOf('--runs') + 1]) || (smoke ? 1 : 3);
const capMs = Number(args[args.indexOf('--cap-s') + 1]) * 1000 || (smoke ? 30_000 : 120_000);
const gc = globalThis.gc ?? (() => undefined);
process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';

const size = smoke ? { w1: 2_000, w2: 40, w3: 10 } : { w1: 100_000, w2: 2_000, w3: 500 };
const workloads = {
  W1: w1(size.w1),
  W2: w2(size.w2),
  W3: w3(size.w3),
};

function check(name, system, got, want) {
  const join = (m) => [...m.values()].join('');
  const problems = [];
  if (join(got.text) !== join(want.text)) problems.push('text');
  for (const [id, json] of want.args) {
    let ok = false;
    try {
      ok = JSON.stringify(JSON.parse(got.args.get(id))) === JSON.stringify(JSON.parse(json));
    } catch {
      ok = false;
    }
    if (!ok) {
      problems.push(`args of ${id}`);
      break;
    }
  }
  for (const [id, output] of want.results) {
    if (got.results.get(id) !== output) {
      problems.push(`result of ${id}`);
      break;
    }
  }
  if (problems.length) throw new Error(`${system} on ${name}: final state differs in ${problems.join(', ')}`);
}

/** Median time of `runs` after one warm-up, and the peak heap growth during the runs. */
async function measure(fn) {
  await fn();
  const times = [];
  let peak = 0;
  for (let i = 0; i < runs; i++) {
    gc();
    const base = process.memoryUsage().heapUsed;
    let max = base;
    const sampler = setInterval(() => (max = Math.max(max, process.memoryUsage().heapUsed)), 2);
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
    clearInterval(sampler);
    max = Math.max(max, process.memoryUsage().heapUsed);
    peak = Math.max(peak, max - base);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], peakHeapBytes: peak };
}

/** Runs a peer with a deadline; a run cut by it (its stream errored, its state partial) is a timeout. */
async function capped(fn) {
  const deadline = performance.now() + capMs;
  try {
    const result = await fn(deadline);
    if (performance.now() > deadline) throw new Error('timeout');
    return result;
  } catch (error) {
    throw performance.now() > deadline ? new Error('timeout') : error;
  }
}

const results = {};
const rows = [];
for (const [name, ops] of Object.entries(workloads)) {
  const want = expected(ops);
  const kit = kitLines(ops);
  const bytes = kit.reduce((n, l) => n + l.length + 1, 0);
  const systems = {
    'JSON.parse floor': { lines: kit, run: () => runFloor(kit) },
    'kit, 64/macrotask': { lines: kit, run: () => runKit(kit), check: true },
    'kit, one batch': { lines: kit, run: () => runKit(kit, { batch: kit.length, macrotasks: false }), check: true },
    'kit via its AI SDK adapter': { lines: aiSdkLines(ops), run: (l) => runKitViaAiSdk(l), check: true },
    'AI SDK readUIMessageStream': { lines: aiSdkLines(ops), run: (l) => capped((d) => runAiSdkReader(l, d)), check: true },
    'AI SDK Chat (useChat state)': { lines: aiSdkLines(ops), run: (l) => capped((d) => runAiSdkChat(l, d)), check: true },
    'AG-UI client (defaultApplyEvents)': { lines: aguiLines(ops), run: (l) => capped((d) => runAgui(l, d)), check: true },
  };
  results[name] = { events: kit.length, jsonlBytes: bytes, systems: {} };
  for (const [system, spec] of Object.entries(systems)) {
    let entry;
    try {
      if (spec.check) check(name, system, await spec.run(spec.lines), want);
      const m = await measure(() => spec.run(spec.lines));
      entry = { ms: Number(m.ms.toFixed(1)), eventsPerSecond: Math.round((spec.lines.length / m.ms) * 1000), peakHeapMB: Number((m.peakHeapBytes / 2 ** 20).toFixed(1)) };
    } catch (error) {
      entry = { error: error.message === 'timeout' ? `over ${capMs / 1000} s` : error.message };
    }
    results[name].systems[system] = entry;
    process.stderr.write(`${name} ${system}: ${JSON.stringify(entry)}\n`);
  }
}

// W4: W3 with 5% duplicates and shuffles inside the reorder window (the peers cannot dedupe or reorder).
{
  const ops = workloads.W3;
  const noisy = kitLines(ops, { duplicates: 0.05, shuffle: 32 });
  check('W4', 'kit', await runKit(noisy), expected(ops));
  const floor = await measure(() => runFloor(noisy));
  const kit = await measure(() => runKit(noisy));
  results.W4 = {
    events: noisy.length,
    systems: {
      'JSON.parse floor': { ms: Number(floor.ms.toFixed(1)), eventsPerSecond: Math.round((noisy.length / floor.ms) * 1000) },
      'kit, 64/macrotask': { ms: Number(kit.ms.toFixed(1)), eventsPerSecond: Math.round((noisy.length / kit.ms) * 1000), peakHeapMB: Number((kit.peakHeapBytes / 2 ** 20).toFixed(1)) },
    },
  };
}

// Scaling: W1 at 10k / 30k / 100k text deltas.
const scaling = {};
for (const n of smoke ? [500, 1_500, 5_000] : [10_000, 30_000, 100_000]) {
  const lines = kitLines(w1(n));
  scaling[n] = Number((await measure(() => runKit(lines))).ms.toFixed(1));
}
const [small, , large] = Object.values(scaling);
results.scaling = { w1Ms: scaling, ratioLargestToSmallest: Number((large / small).toFixed(2)) };

// Tables.
const fmt = (n) => n.toLocaleString('en-US');
for (const [name, r] of Object.entries(results)) {
  if (name === 'scaling' || name === 'aiSdkAdapterOverheadPercent') continue;
  const floor = r.systems['JSON.parse floor'].ms;
  const kit = r.systems['kit, 64/macrotask'].ms;
  rows.push(`\n### ${name} (${fmt(r.events)} events${r.jsonlBytes ? `, ${(r.jsonlBytes / 2 ** 20).toFixed(1)} MB JSONL` : ''})\n`);
  rows.push('| system | ms | events/s | × floor | kit speed-up | peak heap MB |');
  rows.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [system, s] of Object.entries(r.systems)) {
    if (s.error) rows.push(`| ${system} | ${s.error} | | | | |`);
    else rows.push(`| ${system} | ${fmt(s.ms)} | ${fmt(s.eventsPerSecond)} | ${(s.ms / floor).toFixed(2)} | ${system.startsWith('kit') || system.startsWith('JSON') ? '' : `${(s.ms / kit).toFixed(1)}×`} | ${s.peakHeapMB ?? ''} |`);
  }
}
// Issue 11: the adapter layer adds at most 50% to the kit's own ingest of the equivalent profile events.
const overhead = {};
for (const name of ['W1', 'W2', 'W3']) {
  const own = results[name]?.systems['kit, 64/macrotask'];
  const adapter = results[name]?.systems['kit via its AI SDK adapter'];
  if (own?.ms && adapter?.ms) overhead[name] = Number(((adapter.ms / own.ms - 1) * 100).toFixed(1));
}
results.aiSdkAdapterOverheadPercent = overhead;
rows.push(`\nAI SDK adapter overhead over the kit's own ingest (target at most 50%): ${Object.entries(overhead).map(([n, p]) => `${n} ${p > 0 ? '+' : ''}${p}%`).join(', ')}`);
rows.push(`\nScaling (kit, W1): ${Object.entries(scaling).map(([n, ms]) => `${fmt(Number(n))} deltas ${ms} ms`).join(', ')}; largest/smallest = ${results.scaling.ratioLargestToSmallest}× for ${(Number(Object.keys(scaling).at(-1)) / Number(Object.keys(scaling)[0])).toFixed(0)}× the input`);
const report = { date: new Date().toISOString(), node: process.version, runs, smoke, results };
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`../results/${smoke ? 'smoke' : 'latest'}.json`, import.meta.url), JSON.stringify(report, null, 2) + '\n');
console.log(`# Ingest benchmark (median of ${runs} after a warm-up; every system fed 64 events per macrotask)`);
console.log(rows.join('\n'));
