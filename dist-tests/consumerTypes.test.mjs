// The packed declarations type-check in a consumer under every module resolution TypeScript
// offers for ESM (bundler, node16, nodenext), with skipLibCheck off; and the public types catch
// what they promise to catch (a typo'd label key, a misspelled envelope field).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packedConsumer, root } from './consumer.mjs';

const APP = `import { AgentWorkbench, FactBadge, RuntimeProvider, type Labels } from 'agentui-kit';
import { createRuntimeStore, summarize, validateEvent, type RuntimeEvent, type RuntimeSummary } from 'agentui-kit/headless';

const store = createRuntimeStore();
export const summary: RuntimeSummary = summarize(store.getState());
const labels: Labels = { 'fact.unknown': 'Inconnu' };
export const App = () => (
  <RuntimeProvider store={store} labels={labels}>
    <AgentWorkbench style={{ height: '100vh' }} />
    <FactBadge fact="unknown" />
  </RuntimeProvider>
);

export const event: RuntimeEvent = {
  type: 'turn.submitted', eventId: 'e1', timestamp: '2026-06-09T10:00:00Z', schemaVersion: 'lime-profile-0.4.0',
  runtimeId: 'rt', sessionId: 's', threadId: 't', turnId: 'u', sequence: 1, payload: {},
};
export const valid: boolean = validateEvent(event).valid;

// @ts-expect-error a typo'd label key on the provider does not compile
export const TypoProvider = () => <RuntimeProvider labels={{ 'fact.unknwn': 'x' }} />;
// @ts-expect-error a typo'd label key on a component does not compile
export const TypoBadge = () => <FactBadge fact="unknown" labels={{ 'fact.unknwn': 'x' }} />;
export const misspelled: RuntimeEvent = {
  type: 'turn.submitted', eventId: 'e2', timestamp: '2026-06-09T10:00:00Z', payload: {},
  // @ts-expect-error a misspelled top-level envelope field is an error where the type is known
  sesionId: 's',
};
`;

for (const mode of ['bundler', 'node16', 'nodenext']) {
  test(`the packed types compile in a consumer under moduleResolution ${mode}`, () => {
    const { dir } = packedConsumer();
    writeFileSync(join(dir, `app-${mode}.tsx`), APP);
    const compilerOptions = { strict: true, jsx: 'react-jsx', module: mode === 'bundler' ? 'esnext' : mode, moduleResolution: mode, target: 'es2022', noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(join(dir, `tsconfig-${mode}.json`), JSON.stringify({ compilerOptions, files: [`app-${mode}.tsx`] }));
    const result = spawnSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', join(dir, `tsconfig-${mode}.json`)], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });
}

test('no `any` in the public declarations', () => {
  const dir = join(root, 'dist', 'types');
  const offenders = [];
  for (const file of readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.d.ts'))) {
    const code = readFileSync(join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""');
    for (const [i, line] of code.split('\n').entries()) if (/\bany\b/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
  }
  assert.deepEqual(offenders, []);
});
