// A backlog read from text lets go of each parsed event once it is applied (openBacklog's
// drainItems): held to the end, every parsed event of a 140,000-event session stayed alive until the
// last was applied (63-67 MB live through the whole application; 48, 36, 24, 13 MB at a quarter,
// half, three quarters and the end once let go). Counted, not timed: the live heap after a full GC
// at a quarter and at three quarters of the application of 100,000 events, in a child run with --expose-gc.
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
let text = lines.join('\\n') + '\\n';
lines.length = 0;
const live = {};
const marks = [0.25, 0.75];
const opening = openBacklog(createRuntimeStore(), text, {
  onProgress: ({ applied }) => {
    if (marks.length > 0 && applied >= marks[0] * COUNT) {
      globalThis.gc();
      live[marks.shift()] = process.memoryUsage().heapUsed;
    }
  },
});
text = undefined;
const result = await opening;
console.log(JSON.stringify({ applied: result.applied, live }));
`;

test('a backlog read from text lets go of its parsed events as they are applied', () => {
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const { applied, live } = JSON.parse(out.trim().split('\n').pop());
  assert.equal(applied, 100_000);
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
  // Let go as applied, the half of the events applied between the marks leaves the heap (17 MB on
  // Node 20, less what the store's records add); held, the heap grows by the records (+2 MB). The
  // input string itself stays alive: it is the caller's.
  assert.ok(live[0.25] - live[0.75] > 8 * 2 ** 20, `live heap at a quarter ${mb(live[0.25])} MB, at three quarters ${mb(live[0.75])} MB: the applied events are still held`);
});
