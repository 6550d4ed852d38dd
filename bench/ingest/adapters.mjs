// The adapters' overhead over the kit's own ingest, alone (issue 25 item 5: at most +50% wall
// time): W1, W2, W3 fed three ways in the same process, 64 lines per macrotask as network reads
// arrive: the kit's profile lines into the store, the AI SDK's UI message chunks through
// `toRuntimeEvents` of agentui-kit/adapters/ai-sdk, and AG-UI events through agentui-kit/adapters/ag-ui.
// Every run's final state is checked against the workload first. Median of --runs (default 5) after
// a warm-up, systems interleaved run by run so a load spike hits all three alike.
// Usage: npm run build && node --expose-gc bench/ingest/adapters.mjs [--runs 5] [--smoke]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { adapterOverheads } from './systems.mjs';
import { expected, w1, w2, w3 } from './workloads.mjs';
import { check } from './check.mjs';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const runs = Number(args[args.indexOf('--runs') + 1]) || (smoke ? 1 : 5);
const workloads = smoke ? { W1: w1(2_000), W2: w2(40), W3: w3(10) } : { W1: w1(), W2: w2(), W3: w3() };


const load = loadavg().map((n) => n.toFixed(2));
const results = { load, runs, workloads: {} };
const rows = [`Load average at start: ${load.join(', ')} (${runs} runs, median)`, '', '| workload | kit ms | via AI SDK adapter ms | overhead | via AG-UI adapter ms | overhead |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
for (const [name, ops] of Object.entries(workloads)) {
  const want = expected(ops);
  const { ms, overheadPercent } = await adapterOverheads(ops, { runs, check: (system, state) => check(name, system, state, want) });
  results.workloads[name] = { ms, overheadPercent };
  rows.push(`| ${name} | ${ms.kit} | ${ms.aiSdk} | ${overheadPercent.aiSdk}% | ${ms.agUi} | ${overheadPercent.agUi}% |`);
}
const worst = Math.max(...Object.values(results.workloads).flatMap((w) => Object.values(w.overheadPercent)));
results.met = worst <= 50;
rows.push('', `Target: every overhead at most +50%: ${results.met ? 'met' : 'not met'} (worst ${worst}%)`);
console.log(rows.join('\n'));
if (!smoke) writeFileSync(new URL('../results/adapters-latest.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
