// The kit's weight as an app pays it (issue 25 item 3): a Vite app build of a scratch consumer (the
// packed tarball, React included in the bundle) importing the kit as the README shows, compared
// with the same app rendering React alone. What loads with the page is the entry chunk and the
// chunks it imports statically; markdown, highlighting, artifact previews and dialogs must be in
// chunks loaded later. Byte budgets hold on any machine (they do not depend on its load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { build } from 'vite';
import { packedConsumer } from './consumer.mjs';

/**
 * Budgets in gzip bytes over React alone. FactBadge: the goal of issue 25 item 3 was 6 KB (4.5
 * measured with glyphs); the design's icons (lucide, one file per icon) made it 6.5 KB, 5.5 KB once
 * the kit's build draws them with its own icon base (the redactor its reason goes through is 2.7 KB
 * of it). Workbench first screen: the goal is 60 KB, met at 59.99 KB (153.5 KB before issue 25, 79.3
 * KB with markdown, highlighting and the artifact card and its dialog lazy; 96.6 KB once the write
 * path, the one-feed stream layer, the entity tables and the design's icons, recovery actions and
 * workspace landed beside it; 68.2 KB with the lanes, the task capsule, the tool and request rows,
 * the turn notice, the markdown component, the backlog and NDJSON readers and the virtualizer lazy;
 * 58.5 KB with the first screen's own labels table, the kit's own Slot, the writes, reasoning, the
 * composer's mode choice, RuntimeStatus.Problem and the WebSocket, iterable and history sources
 * lazy, lazy-only helpers out of the shell's modules, and the live stream no longer reaching the
 * text readers' modules, which had split the first screen into ten chunks; 58.7 KB before the
 * store kept one draft per store and counted field by field; 59.4 KB before it kept an idle
 * instance of its own machinery, `keepShape`; 59.8 KB before a turn's and a thread's id lists became
 * `IdList`s, 60.2 KB with them until the list kept only what the store reads; 59.995 KB, 61,435
 * bytes, with the virtualizer starting at the scroller's offset; 61,421 bytes once a read model's
 * merge stopped asking a turn's list per message; 61,409 once lists show rows in normal flow
 * before the virtualizer arrives; 61,425 once it starts at their end with the scroller's size; 61,326 once the mark on a message a broken stream cut loads with the turn notice's chunk, with the note and count floors of a backlog opened newest first; 61,415 with redaction before every cut; 61,389 once the cuts never split a token, flags, header pairs and quoted JSON keys were judged as keys, and a turn's NDJSON answer, the cut notice's and the queue/steer choice's words loaded later; 61,433 once the status header says history is loading while it is applied in order; 61,430 with the key splitter linear; 61,391 with render counting out of production builds, then argv, header pairs and cuts judged more narrowly; 61,390 with a secret key's number in JSON text and kubeconfig key data; 61,411 with { Name, Value } and { key, value } records and single-quoted keys; 61,438 with escapes read in a quoted value and escaped JSON one level down; 61,437 with a secret value read to its end, not its first 2,000 characters; 61,433 with flags judged by their name again, less mangling, and JWTs read where a token can start; 61,427 with the record walk reading its record once; 61,433 with one verdict on a flag's secret for argv, text and JSON text; 61,439 with a step's parts read in O(n) and a backlog read from text letting go of its parsed events; 61,439 again once measured as the median over seven draws of the lazy chunks' name hashes, which had moved it by up to 14 bytes with any lazy chunk's content; 61,157 once the store's machinery classes (pipeline, table writer, draft, batch runner, sequencer, versioned map) kept their private members under `#` names, which the app's minifier shortens; 60,777 with bySeverity, selectParsedArgs, holdNotifications, feedOf and knownValueLabel out of first-screen modules (only lazy views use them) and the SSE parser's and line splitter's private members under `#` names; 60,680 with dataWord in a lazy chunk of its own; 60,713 with the depth check judging leaves in its loop; 60,777 with a pinned list computing its rows at its end when rows are added; 60,799 with an id the prune would forget read as forgotten). What is left is the
 * shell and the store: the store alone is 26 KB, and its read-model path (5.9 KB) runs inside the
 * synchronous ingest of snapshot events, so it stays. The ceilings are the goals: a first screen over
 * 60 KB (or a FactBadge over 6 KB) fails, whatever was gained below them.
 */
const WORKBENCH_FIRST_SCREEN_GOAL = 60 * 1024;
const WORKBENCH_FIRST_SCREEN_BUDGET = WORKBENCH_FIRST_SCREEN_GOAL;
const FACT_BADGE_GOAL = 6 * 1024;
const FACT_BADGE_BUDGET = FACT_BADGE_GOAL;

const REACT_ONLY = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(createElement('p', null, 'x'));
`;

/** The README's app, trimmed to what renders the workbench. */
const WORKBENCH = `import { createRoot } from 'react-dom/client';
import { AgentWorkbench, RuntimeProvider, httpAdapter, useRuntimeStream } from 'agentui-kit';
import 'agentui-kit/styles.css';
const adapter = httpAdapter('https://runtime.example');
function Live() {
  const stream = useRuntimeStream({ url: adapter.eventsUrl });
  return <AgentWorkbench data-stream={stream.status} />;
}
createRoot(document.getElementById('root')).render(<RuntimeProvider adapter={adapter}><Live /></RuntimeProvider>);
`;

const FACT_BADGE = `import { createRoot } from 'react-dom/client';
import { FactBadge } from 'agentui-kit';
createRoot(document.getElementById('root')).render(<FactBadge fact="unknown" />);
`;

/** Builds `code` as an app (not a library): chunks split at dynamic imports, minified. */
async function app(dir, name, code) {
  const entry = join(dir, `${name}.jsx`);
  writeFileSync(entry, code);
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    esbuild: { jsx: 'automatic' },
    build: { write: false, minify: true, cssCodeSplit: true, rollupOptions: { input: entry } },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = output.filter((c) => c.type === 'chunk');
  const entryChunk = chunks.find((c) => c.isEntry);
  // What loads with the page: the entry and what it imports statically, transitively.
  const eager = new Set([entryChunk.fileName]);
  for (const file of eager) for (const imported of chunks.find((c) => c.fileName === file).imports) eager.add(imported);
  // The entry names every lazy chunk it loads, each with 8 characters of its content's hash. As
  // random as they are, they moved its gzip size by up to 14 bytes with a change to any lazy chunk's
  // content (61,437-61,451 for one first screen's code). The size is the median over seven sets of
  // hashes drawn from the chunks' names (same length, same alphabet: the same expected cost), so the
  // same code always weighs the same and a lazy chunk's content does not move it.
  const hashed = chunks.map((c, i) => [c.fileName.match(/-([\w-]{8})\.js$/)?.[1], `${c.name}#${i}`]).filter(([hash]) => hash);
  const drawn = (code, seed) => hashed.reduce((out, [hash, name]) => out.replaceAll(hash, createHash('sha256').update(`${seed}:${name}`).digest('base64url').slice(0, 8)), code);
  const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
  const gzip = (list) => median([0, 1, 2, 3, 4, 5, 6].map((seed) => list.reduce((n, c) => n + gzipSync(drawn(c.code, seed)).length, 0)));
  const firstScreen = chunks.filter((c) => eager.has(c.fileName));
  const lazy = chunks.filter((c) => !eager.has(c.fileName));
  const css = output.filter((c) => c.type === 'asset' && c.fileName.endsWith('.css'));
  return {
    firstScreen: gzip(firstScreen),
    lazy: lazy.map((c) => ({ file: c.fileName, gzip: gzipSync(c.code).length, modules: Object.keys(c.modules) })),
    eagerModules: firstScreen.flatMap((c) => Object.keys(c.modules)),
    css: css.reduce((n, c) => n + gzipSync(c.source).length, 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

test('the workbench first screen and FactBadge stay within their budgets over React; markdown, highlighting, previews, dialogs, rows, lanes, the virtualizer, the writes and the rarer sources load later', async () => {
  const { dir } = packedConsumer();
  const react = await app(dir, 'react-only', REACT_ONLY);
  const workbench = await app(dir, 'workbench', WORKBENCH);
  const badge = await app(dir, 'badge', FACT_BADGE);
  const overReact = { workbench: workbench.firstScreen - react.firstScreen, badge: badge.firstScreen - react.firstScreen };
  const lazyTotal = workbench.lazy.reduce((n, c) => n + c.gzip, 0);
  console.log(
    `weight (gzip): React alone ${kb(react.firstScreen)}; workbench first screen +${kb(overReact.workbench)} (${overReact.workbench} bytes) over React (CSS ${kb(workbench.css)}), ` +
      `${workbench.lazy.length} lazy chunks ${kb(lazyTotal)} [${workbench.lazy.map((c) => `${c.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kb(c.gzip)}`).join(', ')}]; FactBadge +${kb(overReact.badge)}`,
  );
  if (overReact.workbench > WORKBENCH_FIRST_SCREEN_GOAL) console.log(`workbench first screen: goal ${kb(WORKBENCH_FIRST_SCREEN_GOAL)} not met yet (${kb(overReact.workbench - WORKBENCH_FIRST_SCREEN_GOAL)} over)`);
  if (overReact.badge > FACT_BADGE_GOAL) console.log(`FactBadge: goal ${kb(FACT_BADGE_GOAL)} not met yet (${kb(overReact.badge - FACT_BADGE_GOAL)} over)`);
  assert.ok(overReact.workbench <= WORKBENCH_FIRST_SCREEN_BUDGET, `workbench first screen ${kb(overReact.workbench)} over React > ${kb(WORKBENCH_FIRST_SCREEN_BUDGET)}`);
  assert.ok(overReact.badge <= FACT_BADGE_BUDGET, `FactBadge ${kb(overReact.badge)} over React > ${kb(FACT_BADGE_BUDGET)}`);
  // Loaded later, not with the page: the parser, the highlighter, the artifact card (previews, workspace) and its dialog;
  // the markdown component; reasoning; the tool rows, the requests and their form, a failed or blocked turn's notice; the
  // side lanes and the task capsule; the backlog reader (a history read before the live stream), the NDJSON, WebSocket and
  // iterable sources; the virtualizer; the writes; the labels beyond the first screen's; the composer's mode choice;
  // RuntimeStatus.Problem.
  const lazyModules = workbench.lazy.flatMap((c) => c.modules);
  const LAZY_PARTS = [
    '/markdown-it/', '/refractor/', 'renderMarkdown', 'markdown/highlight', 'components/ArtifactCard', 'components/ArtifactWorkspace',
    'components/Markdown.js', 'markdown/splitBlocks', 'components/Reasoning', 'components/Disclosure', 'components/ToolCall', 'components/ActionRequired',
    'components/StructuredInput', 'components/ProcessTimeline', 'components/EvidenceLane', 'components/SubagentRoster', 'components/DiagnosticsPanel',
    'components/TaskCapsule', 'components/TurnNotice', 'stream/openBacklog', 'stream/historySource', 'stream/ndjsonSource', 'stream/webSocketSource',
    'stream/iterableSource', '/@tanstack/virtual-core/', 'stream/runtimeActions', 'ui/labels.js', 'components/ComposerMode', 'components/ToggleGroup',
    'components/RuntimeStatusProblem', 'components/CutNotice', 'stream/newestTurns', 'stream/newestFirst', 'store/presentState',
  ];
  for (const part of LAZY_PARTS) {
    assert.ok(!workbench.eagerModules.some((id) => id.includes(part)), `${part} loads with the first screen`);
    assert.ok(lazyModules.some((id) => id.includes(part)), `${part} is in no lazy chunk`);
  }
  // Render counting is for the kit's tests: an app's production build drops it, calls and module.
  assert.ok(![...workbench.eagerModules, ...lazyModules].some((id) => id.includes('renderCount')), 'render counting is in the production build');
  // The markdown parser and the highlighter are separate chunks: a message without code never loads the grammars.
  const chunkOf = (part) => workbench.lazy.find((c) => c.modules.some((id) => id.includes(part)))?.file;
  assert.notEqual(chunkOf('/markdown-it/'), chunkOf('/refractor/'));
});
