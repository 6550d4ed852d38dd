// Would a worker make a JSONL backlog readable sooner (issue 25 item 2)? Before the newest turns
// can be shown, every line of the history must be parsed: a line that is not JSON opens a sequence
// gap that holds the tail back, so the tail cannot be vouched for sooner. This measures the one way
// left to shorten that on a machine with two cores: a worker parses the first half of the lines (and
// indexes the ids they name, all the tail's check needs of them) while the main thread parses the
// second half, against the main thread parsing every line. The 100k-event coding session as JSONL
// text in Chromium, from the text in hand (reading the body is the same either way), runs
// interleaved; medians and the load average.
// Usage: node bench/browser/parallel-parse.mjs [--runs 7] [--port 6334]
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../scripts/pinned-chromium.mjs';
import { SCOPED_IDS, repeatedFixtureLines } from '../../scripts/repeatedSession.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;
const PORT = Number(args[args.indexOf('--port') + 1]) || 6334;
const EVENTS = 100_000;

// The coding fixture repeated to 100k events, ids fresh per repetition (as the Open session scene scales it).
const lines = repeatedFixtureLines(EVENTS);
const body = `${lines.join('\n')}\n`;

const page = `<!doctype html><html><body><script type="module">
const KEYS = ${JSON.stringify(SCOPED_IDS)};
// The worker: parse every line of its part, note where each id is first named and every event id.
function worker() {
  self.onmessage = ({ data: { text, keys } }) => {
    const named = new Set(keys);
    const first = new Map();
    const eventIds = new Set();
    let at = 0;
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\\n', start);
      if (end < 0) end = text.length;
      const line = text.slice(start, end);
      start = end + 1;
      if (!line) continue;
      const value = JSON.parse(line);
      for (const key in value) if (named.has(key) && typeof value[key] === 'string' && !first.has(value[key])) first.set(value[key], at);
      eventIds.add(value.eventId);
      at += 1;
    }
    self.postMessage({ count: at, first, eventIds });
  };
}
const url = URL.createObjectURL(new Blob(['(' + worker + ')()'], { type: 'text/javascript' }));
function parse(text, from, to) {
  const values = [];
  for (let start = from; start < to; ) {
    let end = text.indexOf('\\n', start);
    if (end < 0 || end > to) end = to;
    const line = text.slice(start, end);
    start = end + 1;
    if (line) values.push(JSON.parse(line));
  }
  return values;
}
const text = await (await fetch('/session.jsonl')).text();
window.run = async (mode) => {
  const t0 = performance.now();
  if (mode === 'main') {
    if (parse(text, 0, text.length).length !== ${EVENTS}) throw new Error('lines lost');
    return { ms: performance.now() - t0 };
  }
  const middle = text.indexOf('\\n', Math.floor(text.length / 2)) + 1;
  const w = new Worker(url);
  const answer = new Promise((resolve) => (w.onmessage = ({ data }) => resolve(data)));
  w.postMessage({ text: text.slice(0, middle), keys: KEYS });
  const values = parse(text, middle, text.length);
  const mainDone = performance.now() - t0;
  const { count } = await answer;
  w.terminate();
  if (count + values.length !== ${EVENTS}) throw new Error('lines lost');
  return { ms: performance.now() - t0, mainMs: mainDone };
};
window.ready = true;
</script></body></html>`;

const server = createServer((request, response) => {
  const jsonl = request.url === '/session.jsonl';
  response.writeHead(200, { 'content-type': jsonl ? 'application/x-ndjson' : 'text/html' });
  response.end(jsonl ? body : page);
}).listen(PORT, '127.0.0.1');
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${PORT}/`);
  await tab.waitForFunction(() => window.ready === true, undefined, { timeout: 60_000 });
  const load = loadavg().map((n) => n.toFixed(2));
  const samples = { main: [], worker: [], workerMain: [] };
  for (let i = 0; i < runs + 1; i++) {
    const main = await tab.evaluate(() => window.run('main'));
    const split = await tab.evaluate(() => window.run('worker'));
    // The first pair warms both paths up.
    if (i === 0) continue;
    samples.main.push(main.ms);
    samples.worker.push(split.ms);
    samples.workerMain.push(split.mainMs);
  }
  const median = (xs) => Math.round(xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  const range = (xs) => `${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))}`;
  console.log(`Load average ${load.join(', ')}; ${runs} runs each, interleaved; ${(body.length / 1e6).toFixed(1)} MB, ${EVENTS} lines`);
  console.log(`every line on the main thread: median ${median(samples.main)} ms (${range(samples.main)})`);
  console.log(`half in a worker, half on the main thread, until both are done: median ${median(samples.worker)} ms (${range(samples.worker)}); the main thread's half alone ${median(samples.workerMain)} ms`);
} finally {
  await browser.close();
  server.close();
}
