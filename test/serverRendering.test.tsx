// @vitest-environment node
// What the README's SSR section promises: with a store filled before rendering, the server HTML
// carries the status and the conversation rows: every row with virtualize={false}; a virtualized
// list shows a screen of its newest rows until the browser measures them (serverRows.test.tsx).
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { AgentWorkbench, Conversation, RuntimeProvider, RuntimeStatus } from '../src';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { readFixture } from './referenceData';

function filledStore() {
  const store = createRuntimeStore();
  store.getState().ingest(parseJsonl(readFixture('text-basic')).records.map((r) => r.value));
  store.getState().settle();
  return store;
}

describe('server rendering with a filled store', () => {
  it('renders the status and every conversation row when not virtualized', () => {
    const html = renderToString(
      <RuntimeProvider store={filledStore()}>
        <RuntimeStatus />
        <Conversation virtualize={false} />
      </RuntimeProvider>,
    );
    expect(typeof window).toBe('undefined');
    expect(html).toContain('data-status="completed"');
    const text = html.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('The kit is built with Vite in library mode');
  });

  it('renders the workbench shell', () => {
    const html = renderToString(<RuntimeProvider store={filledStore()}><AgentWorkbench virtualize={false} /></RuntimeProvider>);
    expect(html).toContain('aui-workbench');
  });
});
