// The documentation's code is the API (issue 26): every block of README.md and docs/**/*.md
// compiles against the packed package in a stock Vite React app, the headless ones run, and the
// app built from the README's src/App.tsx builds. A stale block fails naming its file and line:
// the same run checks a document written stale on purpose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDocBlocks, formatErrors, repositoryDocuments } from '../scripts/check-doc-blocks.mjs';

const FENCE = '```';
// Each stale block's error line is marked; the check must report exactly these.
const STALE = [
  '# A page gone stale',
  '',
  `${FENCE}ts`,
  "import { createRuntimeStore } from 'agentui-kit/headless';",
  '',
  'const report = createRuntimeStore().getState().ingest([]);',
  'console.log(report.applied); // STALE 7: the report is { counts, gapsDeclared }',
  FENCE,
  '',
  `${FENCE}ts`,
  "import { createRuntimeStore } from 'agentui-kit/headless';",
  '',
  'const store = createRuntimeStore();',
  "if (store.getState().counts.applied === 0) throw new Error('an empty store applied nothing'); // STALE 14: throws when run",
  FENCE,
  '',
  `${FENCE}tsx`,
  "import { FactBadge } from 'agentui-kit';",
  '',
  'function Unused() { // STALE 20: declared, never used',
  '  return <FactBadge fact="unknown" />;',
  '}',
  FENCE,
  '',
  `${FENCE} // STALE 25: a block without a language`,
  'agentui replay x.jsonl',
  FENCE,
  '',
  `${FENCE}json // STALE 29: not JSON`,
  '{ "type": "turn.submitted", }',
  FENCE,
  '',
  `${FENCE}ts fragment`,
  'store.getState().ingest(…) // deliberately partial: listed, never compiled',
  FENCE,
  '',
  "<!-- given: declare const events: readonly unknown[]; -->",
  `${FENCE}ts`,
  "import { createRuntimeStore } from 'agentui-kit/headless';",
  '',
  'export const applied = createRuntimeStore().getState().ingest(events).counts.aplied; // STALE 41: a typo past a given',
  FENCE,
  '',
].join('\n');

test('every README and docs block compiles against the packed kit, the headless ones run, the README app builds; a stale block names its file and line', () => {
  const documents = [...repositoryDocuments(), { path: 'docs/stale-example.md', text: STALE }];
  const { errors, tally, plans } = checkDocBlocks({ documents });
  const ours = errors.filter((e) => e.file !== 'docs/stale-example.md');
  assert.deepEqual(ours, [], `stale documentation blocks:\n${formatErrors(ours)}`);
  console.log(`doc blocks: ${tally.code} compiled, ${tally.run} run, ${tally.shell} shell, ${tally.json} JSON, ${tally.fragment} fragments`);

  // The README's quick start is the app that was built: its block is the template's src/App.tsx.
  assert.ok(plans.some((p) => p.block.file === 'README.md' && p.path === 'src/App.tsx'), 'README.md has no tsx file=src/App.tsx block');
  assert.equal(tally.built, true, 'the Vite app built from the README does not build');
  assert.ok(tally.run >= 2, `only ${tally.run} headless blocks ran`);

  const expected = [...STALE.split('\n').entries()].filter(([, l]) => l.includes('STALE ')).map(([i, l]) => [i + 1, Number(/STALE (\d+)/.exec(l)[1])]);
  for (const [line, claimed] of expected) assert.equal(line, claimed, 'the fixture document marks its own lines');
  const stale = errors.filter((e) => e.file === 'docs/stale-example.md');
  assert.deepEqual(stale.map((e) => e.line), expected.map(([line]) => line), formatErrors(stale));
  const messages = Object.fromEntries(stale.map((e) => [e.line, e.message]));
  assert.match(messages[7], /TS2339: Property 'applied' does not exist/);
  assert.match(messages[14], /throws when run.*an empty store applied nothing/);
  assert.match(messages[20], /TS6133: 'Unused' is declared but its value is never read/);
  assert.match(messages[25], /give it a language/);
  assert.match(messages[29], /does not parse/);
  assert.match(messages[41], /TS2551: Property 'aplied' does not exist/);
  assert.match(formatErrors(stale), /^docs\/stale-example\.md:7: error TS2339/m);
});
