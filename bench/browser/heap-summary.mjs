// What a heap snapshot holds, grouped: strings, concatenated (tree) strings, code, and objects by
// constructor, largest first. Usage: node bench/browser/heap-summary.mjs <file.heapsnapshot> [--top 30]
import { readFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
const top = process.argv.includes('--top') ? Number(process.argv[process.argv.indexOf('--top') + 1]) : 30;
const snapshot = JSON.parse(readFileSync(file, 'utf8'));
const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
const { nodes, strings } = snapshot;
// Strings and code are grouped by their kind alone: their names are their contents.
const BY_KIND = new Set(['string', 'concatenated string', 'sliced string', 'number', 'hidden', 'code', 'closure']);
const groups = new Map();
for (let i = 0; i < nodes.length; i += fields.length) {
  const type = types[nodes[i + typeAt]];
  const key = BY_KIND.has(type) ? type : `${type}: ${strings[nodes[i + nameAt]].slice(0, 40)}`;
  const group = groups.get(key) ?? { bytes: 0, count: 0 };
  group.bytes += nodes[i + sizeAt];
  group.count += 1;
  groups.set(key, group);
}
const total = [...groups.values()].reduce((sum, g) => sum + g.bytes, 0);
console.log(`${(total / 2 ** 20).toFixed(1)} MB in the snapshot`);
for (const [key, g] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top)) {
  console.log(`${(g.bytes / 2 ** 20).toFixed(2).padStart(7)} MB ${String(g.count).padStart(8)}  ${key}`);
}
