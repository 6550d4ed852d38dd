// The app a server renders and the browser hydrates in the SSR + strict CSP check (ssr-csp.spec.ts):
// the workbench over a store filled with fixtures, the same on both sides.
import { AgentWorkbench, RuntimeProvider } from '../../src';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { parseJsonl } from '../../src/protocol/parseJsonl';
import { realisticAnswer } from '../../stories/hostile/hostileStrings';
import textBasic from '../../fixtures/text-basic.jsonl?raw';

export function makeStore() {
  const store = createRuntimeStore();
  store.getState().ingest(parseJsonl(textBasic).records.map((r) => r.value));
  // A second turn in the same session: a long markdown answer, a running tool with progress (the
  // parts that set sizes at run time).
  const base = { schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt-fixtures', sessionId: 'sess-text-basic', threadId: 'thread-1', timestamp: '2026-06-09T10:00:04.000Z' };
  let sequence = 12;
  const ev = (type: string, ids: Record<string, string>, payload: Record<string, unknown>) => ({ ...base, ...ids, type, eventId: `ssr-${++sequence}`, sequence, payload });
  store.getState().ingest([
    ev('turn.started', { turnId: 't-ssr' }, {}),
    ev('model.delta', { turnId: 't-ssr' }, { delta: realisticAnswer(12_000) }),
    ev('tool.started', { turnId: 't-ssr', stepId: 's', toolCallId: 'tc-ssr' }, { toolName: 'build' }),
    ev('tool.progress', { turnId: 't-ssr', stepId: 's', toolCallId: 'tc-ssr' }, { progress: 0.4 }),
  ]);
  store.getState().settle();
  return store;
}

export function App({ store, virtualize }: { store: ReturnType<typeof makeStore>; virtualize: boolean }) {
  return (
    <RuntimeProvider store={store}>
      <AgentWorkbench className="app-workbench" theme="light" virtualize={virtualize} now={() => Date.parse('2026-06-09T10:00:30.000Z')} />
    </RuntimeProvider>
  );
}
