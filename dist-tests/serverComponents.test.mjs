// React Server Components: the root entry loads under the `react-server` condition (it resolves to
// the headless core), and every hook and component module keeps its 'use client' directive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packedConsumer, root } from './consumer.mjs';

const node = (dir, args, code) => spawnSync(process.execPath, [...args, '--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });

test("under --conditions=react-server, 'agentui-kit' is the headless core and works", () => {
  const { dir } = packedConsumer();
  const result = node(dir, ['--conditions=react-server'], `
    const kit = await import('agentui-kit');
    const store = kit.createRuntimeStore();
    store.getState().ingest([{ schemaVersion: 'lime-profile-0.4.0', runtimeId: 'r', sessionId: 's', threadId: 't', turnId: 'u', eventId: 'e1', sequence: 1, timestamp: '2026-06-09T10:00:00Z', type: 'turn.submitted', payload: {} }]);
    console.log(JSON.stringify({ status: kit.summarize(store.getState()).status, workbench: typeof kit.AgentWorkbench, headless: typeof (await import('agentui-kit/headless')).validateEvent }));`);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), { status: 'submitted', workbench: 'undefined', headless: 'function' });
});

test('without the condition the root entry is the whole kit', () => {
  const { dir } = packedConsumer();
  const result = node(dir, [], "const kit = await import('agentui-kit'); console.log(typeof kit.AgentWorkbench, typeof kit.summarize);");
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), 'object function');
});

test("'use client' heads every hook and component module, and nothing in the headless core", () => {
  const clientModules = [];
  for (const folder of ['hooks', 'components']) {
    for (const file of readdirSync(join(root, 'dist', folder)).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(root, 'dist', folder, file), 'utf8');
      const isClient = /^["']use client["'];/.test(source);
      const needsClient = /^(?:[A-Z]|use[A-Z])/.test(file);
      assert.equal(isClient, needsClient, `dist/${folder}/${file}: 'use client' ${needsClient ? 'missing' : 'not expected'}`);
      if (isClient) clientModules.push(file);
    }
  }
  assert.ok(clientModules.includes('AgentWorkbench.js') && clientModules.includes('RuntimeProvider.js') && clientModules.includes('useRuntimeStream.js'));
  for (const folder of ['protocol', 'store', 'stream']) {
    for (const file of readdirSync(join(root, 'dist', folder), { recursive: true }).filter((f) => String(f).endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(join(root, 'dist', folder, String(file)), 'utf8'), /use client/, `dist/${folder}/${file}`);
    }
  }
});

test('CommonJS: require() loads the ESM build on Node >= 20.19 (require(esm))', () => {
  const { dir } = packedConsumer();
  const result = spawnSync(process.execPath, ['-e', "const { summarize, createRuntimeStore } = require('agentui-kit/headless'); console.log(summarize(createRuntimeStore().getState()).status, typeof require('agentui-kit').AgentWorkbench)"], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), 'idle object');
});
