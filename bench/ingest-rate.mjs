// Ingest rate of the built store on the coding-session fixture repeated to N events.
// Usage: npm run build && node bench/ingest-rate.mjs [--events 100000] [--runs 5]
// Each repetition gets fresh ids (eventId, sequence, turn/tool/action ids) so nothing is deduped.
import { performance } from 'node:perf_hooks';
import { createRuntimeStore, summarize } from '../dist/headless.js';
import { repeatedFixtureLines } from '../scripts/repeatedSession.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const target = arg('events', 100_000);
const runs = arg('runs', 5);

const lines = repeatedFixtureLines(target);
const text = lines.join('\n');

function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(label, fn) {
  fn(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) times.push(time(fn));
  const ms = median(times);
  return { label, ms: Number(ms.toFixed(1)), eventsPerSecond: Math.round((lines.length / ms) * 1000) };
}

const results = [
  measure('JSON.parse floor', () => lines.map((l) => JSON.parse(l))),
  measure('parse + ingest, batches of 64', () => {
    const store = createRuntimeStore();
    const events = lines.map((l) => JSON.parse(l));
    for (let i = 0; i < events.length; i += 64) store.getState().ingest(events.slice(i, i + 64));
  }),
  measure('parse + ingest, one batch', () => {
    const store = createRuntimeStore();
    store.getState().ingest(lines.map((l) => JSON.parse(l)));
  }),
];

// The result must hold every fact: a rate over a broken projection means nothing.
const check = createRuntimeStore();
check.getState().ingest(lines.map((l) => JSON.parse(l)));
const summary = summarize(check.getState());
if (summary.counts.applied !== lines.length || summary.counts.duplicates !== 0 || summary.stale) {
  throw new Error(`ingest lost facts: ${JSON.stringify(summary.counts)}`);
}

console.log(`coding-session repeated to ${lines.length} events (${(text.length / 1e6).toFixed(1)} MB JSONL), median of ${runs} runs after warm-up`);
console.log('| path | ms | events/s | vs floor |');
console.log('| --- | ---: | ---: | ---: |');
const floor = results[0].ms;
for (const r of results) console.log(`| ${r.label} | ${r.ms} | ${r.eventsPerSecond.toLocaleString('en-US')} | ${(r.ms / floor).toFixed(2)}× |`);
