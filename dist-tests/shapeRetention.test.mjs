// A store made after the last one was collected runs on the optimized code the earlier stores
// warmed (issue 25 item 1, the cold protocol), and so does an adapter's next stream. V8 throws away optimized code when an object shape
// it was built on dies ("marking dependent code ... reason: weak objects" under --trace-deopt), and
// the store's own machinery (pipeline, sequencer, versioned maps, draft, table writers, batch
// runner) is made per store: without an idle instance of each kept (`keepShape`), a full GC with no
// store alive took those shapes and a dozen of the ingest path's functions with them. Counted, not
// timed: which functions a full GC marks for deoptimization while no store is alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = process.env.AGENTUI_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));

const moduleUrl = (path) => JSON.stringify(pathToFileURL(path).href);
const benchUrl = (path) => JSON.stringify(new URL(`../bench/ingest/${path}`, import.meta.url).href);

/**
 * A child's script: `lines` (W2 in some wire format) through `run` (which keeps one event of each
 * type in `keptEvents`) four times, each store dropped after, then a full GC with none alive. The
 * events' shapes are not the kit's (`JSON.parse` or the adapter's envelope literal make them), so
 * one of each type stays alive: what the GC may still take is the kit's own.
 */
const child = (lines, run) => `
const kit = await import(${moduleUrl(`${DIST}/headless.js`)});
const { w2 } = await import(${benchUrl('workloads.mjs')});
const systems = await import(${benchUrl('systems.mjs')});
const lines = ${lines};
const keptEvents = new Map();
const run = ${run};
for (let i = 0; i < 4; i++) if ((await run()) !== 2_000) throw new Error('W2 did not ingest');
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('--- full GC, no store alive');
for (let i = 0; i < 3; i++) globalThis.gc();
console.log('--- after');
`;

/** W2's profile lines ingested by a store, 64 per macrotask. */
const CHILD = child(
  'systems.kitLines(w2(2_000))',
  `async () => {
  const store = kit.createRuntimeStore();
  for (let at = 0; at < lines.length; at += 64) {
    const events = lines.slice(at, at + 64).map((line) => JSON.parse(line));
    for (const event of events) if (!keptEvents.has(event.type)) keptEvents.set(event.type, event);
    store.getState().ingest(events);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return store.getState().toolCalls.byId.size;
}`,
);

/** W2's AG-UI events mapped by the AG-UI adapter's `toRuntimeEvents` into a store. */
const ADAPTER_CHILD = child(
  'systems.aguiLines(w2(2_000))',
  `async () => {
  const { toRuntimeEvents } = await import(${moduleUrl(`${DIST}/adapters/ag-ui.js`)});
  const store = kit.createRuntimeStore();
  async function* source() {
    for (let at = 0; at < lines.length; at += 64) {
      for (const line of lines.slice(at, at + 64)) yield JSON.parse(line);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const events = [];
  for await (const event of toRuntimeEvents(source(), { sessionId: 's', threadId: 'th' })) {
    if (!keptEvents.has(event.type)) keptEvents.set(event.type, event);
    events.push(event);
    if (events.length === 64) store.getState().ingest(events.splice(0));
  }
  store.getState().ingest(events);
  return store.getState().toolCalls.byId.size;
}`,
);

/** The kit's functions a full GC marked for deoptimization while no store (or stream) was alive. */
function markedWithNoStoreAlive(script = CHILD) {
  const out = execFileSync(process.execPath, ['--expose-gc', '--trace-deopt', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const during = out.slice(out.indexOf('--- full GC, no store alive'), out.indexOf('--- after'));
  const marked = [...during.matchAll(/<SharedFunctionInfo ([^>]*)>\) \(opt id \d+\) for deoptimization, reason: weak objects/g)];
  // A private method (`#remember`) is named without its `#`, as the lists below name it.
  return marked.map((match) => match[1].replace(/^#/, ''));
}

test('a full GC with no store alive keeps the optimized code of the store machinery', () => {
  const marked = markedWithNoStoreAlive();
  // The pipeline's, sequencer's, versioned maps', draft's and writers' methods that were marked
  // at every such GC before their shapes were kept (counted on the build before `keepShape`).
  const machinery = ['remember', 'isForeign', 'heldBefore', 'advance', 'consumed', 'keptSeen', 'copyEntry', 'get size', 'publish', 'putFresh'];
  assert.deepEqual(marked.filter((name) => machinery.includes(name)), [], `marked: ${marked.join(', ')}`);
});

test('a full GC with no stream alive keeps the optimized code of the AG-UI mapper', () => {
  const marked = markedWithNoStoreAlive(ADAPTER_CHILD);
  // The mapper's and its correlation map's methods marked at every such GC before an idle mapper
  // was kept (counted on the build before).
  const mapper = ['emit', 'delta', 'startMessage', 'messageIds', 'owned', 'nextStep', 'startTool', 'endMessage'];
  assert.deepEqual(marked.filter((name) => mapper.includes(name)), [], `marked: ${marked.join(', ')}`);
});
