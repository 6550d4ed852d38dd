// agentui-kit/adapters/ai-sdk in an app that never installed `ai` (it only maps a stream it gets
// from its server): the packed kit in a consumer folder without `ai` or `@ai-sdk/*`, built by Vite
// (which stands in an empty module for a missing optional peer) and run in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { root } from './consumer.mjs';
import { installPackedKit, packKit, scratchDir } from '../scripts/packed-app.mjs';

const ABSENT = new Set(['ai', '@ai-sdk']);

function consumerWithoutAi() {
  // The tarball of the dist/ npm test built (packed without scripts: a prepack build here would
  // rebuild dist/ under the dist tests running beside this one).
  const dir = scratchDir('agentui-no-ai-');
  installPackedKit(dir, packKit(), ABSENT);
  writeFileSync(join(dir, 'package.json'), '{"type":"module","private":true}\n');
  return dir;
}

test('the ai-sdk entry has no static import of `ai`: only the adapter loads it, when a turn runs', () => {
  const files = readdirSync(join(root, 'dist/adapters/ai-sdk'), { recursive: true }).filter((f) => String(f).endsWith('.js'));
  for (const file of files) {
    const code = readFileSync(join(root, 'dist/adapters/ai-sdk', String(file)), 'utf8');
    assert.doesNotMatch(code, /^\s*import\s[^;]*from\s*["']ai["']/m, `${file} imports ai statically`);
  }
});

test('an app without `ai` builds the entry and maps a UI message stream with toRuntimeEvents; running the adapter names the package to install', async () => {
  const dir = consumerWithoutAi();
  writeFileSync(
    join(dir, 'entry.js'),
    `import { toRuntimeEvents, createAiSdkAdapter } from 'agentui-kit/adapters/ai-sdk';
export { toRuntimeEvents, createAiSdkAdapter };
`,
  );
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: join(dir, 'out'), minify: false, lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'app' }, rollupOptions: { external: [/^react($|\/)/, /^zustand($|\/)/] } },
  });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output ?? []).filter((c) => c.type === 'chunk');
  assert.ok(chunks.length > 0, 'the app built');
  const app = await import(pathToFileURL(join(dir, 'out', 'app.js')).href);
  async function* chunksOf() {
    yield { type: 'start' };
    yield { type: 'text-start', id: 't' };
    yield { type: 'text-delta', id: 't', delta: 'Hello.' };
    yield { type: 'text-end', id: 't' };
    yield { type: 'finish', finishReason: 'stop' };
  }
  const types = [];
  for await (const event of app.toRuntimeEvents(chunksOf(), { sessionId: 's', threadId: 't' })) types.push(event.type);
  assert.deepEqual(types, ['turn.started', 'model.requested', 'model.delta', 'model.completed', 'turn.completed']);
  const adapter = app.createAiSdkAdapter({ chat: () => chunksOf() });
  await assert.rejects(async () => {
    for await (const _ of adapter.startTurn({ prompt: 'hi', mode: 'start' }));
  }, /npm install ai@7/);
});
