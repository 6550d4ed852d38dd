// Deterministic workloads as a protocol-neutral script of operations. Each system's adapter turns
// the same script into its own wire format, so every system ingests the same logical content.

/** Seeded PRNG (mulberry32): the same workload on every run and machine. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'the store applies each event once keeps records by id while the list stays virtualized and honest'.split(' ');

function chunk(random, size) {
  let s = '';
  while (s.length < size) s += `${WORDS[Math.floor(random() * WORDS.length)]} `;
  return s.slice(0, size);
}

/** W1: one answer streamed as `deltas` text deltas of ~8 characters. */
export function w1(deltas = 100_000) {
  const random = prng(1);
  const ops = [{ op: 'turnStart', turn: 0 }, { op: 'textStart', turn: 0, message: 'm0' }];
  for (let i = 0; i < deltas; i++) ops.push({ op: 'text', turn: 0, message: 'm0', delta: chunk(random, 8) });
  ops.push({ op: 'textEnd', turn: 0, message: 'm0' }, { op: 'turnEnd', turn: 0 });
  return ops;
}

/** One tool call: 5 args deltas of its JSON input, then a ~1 KB result. */
function tool(ops, random, turn, n) {
  const id = `tc${n}`;
  const input = { path: `src/file${n}.ts`, query: chunk(random, 24).trim(), limit: n % 50 };
  const json = JSON.stringify(input);
  const size = Math.ceil(json.length / 5);
  ops.push({ op: 'toolStart', turn, id, name: 'read_file' });
  for (let i = 0; i < 5; i++) ops.push({ op: 'toolArgs', turn, id, delta: json.slice(i * size, (i + 1) * size) });
  ops.push({ op: 'toolInput', turn, id, name: 'read_file', input });
  ops.push({ op: 'toolResult', turn, id, output: chunk(random, 1000) });
}

/** W2: 2,000 tool calls, each 5 args deltas and a ~1 KB result, interleaved with short text. */
export function w2(tools = 2_000) {
  const random = prng(2);
  const ops = [{ op: 'turnStart', turn: 0 }];
  for (let n = 0; n < tools; n++) {
    const message = `m${n}`;
    ops.push({ op: 'textStart', turn: 0, message }, { op: 'text', turn: 0, message, delta: chunk(random, 20) }, { op: 'textEnd', turn: 0, message });
    tool(ops, random, 0, n);
  }
  ops.push({ op: 'turnEnd', turn: 0 });
  return ops;
}

/** W3: `turns` turns, each ~50 text deltas and 4 tool calls (~50,000 events at 500 turns). */
export function w3(turns = 500) {
  const random = prng(3);
  const ops = [];
  let n = 0;
  for (let t = 0; t < turns; t++) {
    ops.push({ op: 'turnStart', turn: t });
    for (let part = 0; part < 2; part++) {
      const message = `m${t}-${part}`;
      ops.push({ op: 'textStart', turn: t, message });
      for (let i = 0; i < 25; i++) ops.push({ op: 'text', turn: t, message, delta: chunk(random, 8) });
      ops.push({ op: 'textEnd', turn: t, message });
      tool(ops, random, t, n++);
      tool(ops, random, t, n++);
    }
    ops.push({ op: 'turnEnd', turn: t });
  }
  return ops;
}

/** What every system must end with: text per message, args and result per tool call. */
export function expected(ops) {
  const text = new Map();
  const args = new Map();
  const results = new Map();
  for (const o of ops) {
    if (o.op === 'text') text.set(o.message, (text.get(o.message) ?? '') + o.delta);
    if (o.op === 'toolArgs') args.set(o.id, (args.get(o.id) ?? '') + o.delta);
    if (o.op === 'toolResult') results.set(o.id, o.output);
  }
  return { text, args, results };
}
