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

/**
 * The child: W2 ingested by four stores in turn (each dropped after), then a full GC with none
 * alive. The events' shapes come from `JSON.parse`, not from the kit, so the child keeps one parsed
 * event of each type alive: what the GC may still take is the kit's own.
 */
const CHILD = `
const kit = await import(${JSON.stringify(pathToFileURL(`${DIST}/headless.js`).href)});
const { w2 } = await import(${JSON.stringify(new URL('../bench/ingest/workloads.mjs', import.meta.url).href)});
const { kitLines } = await import(${JSON.stringify(new URL('../bench/ingest/systems.mjs', import.meta.url).href)});
const lines = kitLines(w2(2_000));
const keptEvents = new Map();
const run = async () => {
  const store = kit.createRuntimeStore();
  for (let at = 0; at < lines.length; at += 64) {
    const events = lines.slice(at, at + 64).map((line) => JSON.parse(line));
    for (const event of events) if (!keptEvents.has(event.type)) keptEvents.set(event.type, event);
    store.getState().ingest(events);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return store.getState().toolCalls.byId.size;
};
for (let i = 0; i < 4; i++) if ((await run()) !== 2_000) throw new Error('W2 did not ingest');
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('--- full GC, no store alive');
for (let i = 0; i < 3; i++) globalThis.gc();
console.log('--- after');
`;

/**
 * The same through the AG-UI adapter: W2's AG-UI events mapped by `toRuntimeEvents` into a store,
 * four streams in turn, then a full GC with none alive (one mapped event of each type kept).
 */
const ADAPTER_CHILD = `
const { toRuntimeEvents } = await import(${JSON.stringify(pathToFileURL(`${DIST}/adapters/ag-ui.js`).href)});
const kit = await import(${JSON.stringify(pathToFileURL(`${DIST}/headless.js`).href)});
const { w2 } = await import(${JSON.stringify(new URL('../bench/ingest/workloads.mjs', import.meta.url).href)});
const { aguiLines } = await import(${JSON.stringify(new URL('../bench/ingest/systems.mjs', import.meta.url).href)});
const lines = aguiLines(w2(2_000));
const keptEvents = new Map();
const run = async () => {
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
};
for (let i = 0; i < 4; i++) if ((await run()) !== 2_000) throw new Error('W2 did not map');
await new Promise((resolve) => setTimeout(resolve, 50));
console.log('--- full GC, no store alive');
for (let i = 0; i < 3; i++) globalThis.gc();
console.log('--- after');
`;

/** The kit's functions a full GC marked for deoptimization while no store (or stream) was alive. */
function markedWithNoStoreAlive(child = CHILD) {
  const out = execFileSync(process.execPath, ['--expose-gc', '--trace-deopt', '--input-type=module', '-e', child], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const during = out.slice(out.indexOf('--- full GC, no store alive'), out.indexOf('--- after'));
  const marked = [...during.matchAll(/<SharedFunctionInfo ([^>]*)>\) \(opt id \d+\) for deoptimization, reason: weak objects/g)];
  return marked.map((match) => match[1]);
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
