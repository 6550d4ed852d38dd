// A backlog read from text holds no more of its parsed events than it must. While it is read for
// its newest turns, the values before its last quarter (no tail `findNewestTurns` returns can hold
// them) are let go and read again from the kept text once the tail is presented; while it is
// applied, each parsed event is let go once it is applied (openBacklog's drainItems). Held, every
// parsed event of a 100,000-event session stayed alive until the tail was found (40-42 MB live at
// 90% of the read and at the start of the application, 34, 26, 18 MB at each quarter); let go,
// 15-20 MB throughout. Counted, not timed: the live heap after a full GC, less the heap before
// opening (the input string included), at half and nine tenths of the read and at each quarter of
// the application, in a child run with --expose-gc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = process.env.AGENTUI_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const REPEATED = new URL('../scripts/repeatedSession.mjs', import.meta.url).href;

const child = `
const { openBacklog } = await import(${JSON.stringify(pathToFileURL(`${DIST}/stream/openBacklog.js`).href)});
const { createRuntimeStore } = await import(${JSON.stringify(pathToFileURL(`${DIST}/headless.js`).href)});
const { repeatedFixtureLines } = await import(${JSON.stringify(REPEATED)});
const COUNT = 100_000;
const lines = repeatedFixtureLines(COUNT);
const text = lines.join('\\n') + '\\n';
lines.length = 0;
const live = {};
const liveNow = () => (globalThis.gc(), process.memoryUsage().heapUsed);
const base = liveNow();
const reading = [0.5, 0.9];
const applying = [0.01, 0.25, 0.5, 0.75];
const result = await openBacklog(createRuntimeStore(), text, {
  onProgress: ({ applied, bytes }) => {
    if (applied === 0 && reading.length > 0 && bytes >= reading[0] * text.length) live['read ' + reading.shift()] = liveNow() - base;
    if (applying.length > 0 && applied >= applying[0] * COUNT) live['applied ' + applying.shift()] = liveNow() - base;
  },
});
console.log(JSON.stringify({ applied: result.applied, presented: result.presented, live }));
`;

test('a backlog read from text holds only its newest quarter of parsed events while it is read, and lets go of each as it is applied', () => {
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const { applied, presented, live } = JSON.parse(out.trim().split('\n').pop());
  assert.equal(applied, 100_000);
  assert.ok(presented > 0, 'the newest turns were presented first');
  // Every mark was reached: two in the read, four in the application.
  assert.equal(Object.keys(live).length, 6, JSON.stringify(live));
  const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const most = Math.max(...Object.values(live));
  // Held, the parsed events alone were 40-42 MB on Node 20; let go, the most is 20 MB (the newest
  // quarter's events, the ids the index keeps, the store's records).
  assert.ok(most < 30 * 2 ** 20, `live heap ${Object.entries(live).map(([at, bytes]) => `${at}: ${mb(bytes)}`).join(', ')}: parsed events are held`);
});
