// @vitest-environment jsdom
// A server render of a virtualized list has nothing to measure: it shows a screen of rows in normal
// flow (the newest of the thread), the hydration renders the same, and the virtualizer places the
// rows once the browser renders on its own. Before, the server's thread was empty until then.
import { act, cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelopeFactory } from '../adapters/core/envelopeFactory';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { stubLayout } from '../../test/componentHarness';
import { Conversation } from './Conversation';
import { ProcessTimeline } from './ProcessTimeline';
import { FLOW_ROWS } from './useVirtualRows';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

const TURNS = 15;

/** A session of TURNS turns, each a prompt and an answer naming its turn ("answer 7."), and a tool call. */
function session(): RuntimeStore {
  const factory = createEnvelopeFactory({ runtimeId: 'rt', sessionId: 's', threadId: 'th', clock: () => '2026-06-09T10:00:00.000Z' });
  const events = [];
  for (let t = 0; t < TURNS; t++) {
    const turn = { turnId: `t${t}` };
    events.push(
      factory.event('turn.submitted', turn, { text: `question ${t}.` }),
      factory.event('turn.started', turn),
      factory.event('model.delta', { ...turn, messageId: `m${t}` }, { delta: `answer ${t}.` }),
      factory.event('tool.started', { ...turn, stepId: `st${t}`, toolCallId: `tc${t}` }, { toolName: 'read_file' }),
      factory.event('tool.result', { ...turn, stepId: `st${t}`, toolCallId: `tc${t}` }, { preview: 'ok' }),
      factory.event('turn.completed', turn),
    );
  }
  const store = createRuntimeStore();
  store.getState().ingest(events);
  store.getState().settle();
  return store;
}

/** The server's HTML of `ui` over `store`, as a detached element to query. */
function serverPage(store: RuntimeStore, ui: ReactElement): HTMLElement {
  const page = document.createElement('div');
  page.innerHTML = renderToString(<RuntimeProvider store={store}>{ui}</RuntimeProvider>);
  return page;
}

/** The words of each message row, in order ("question 3." / "answer 3."). */
const rowWords = (root: ParentNode) => [...root.querySelectorAll('.aui-conversation__row')].map((row) => /(question|answer) \d+\./.exec(row.textContent ?? '')?.[0]);

describe('virtualized lists rendered on a server', () => {
  it('the thread shows its newest screen of rows in normal flow, not busy, its end in view', () => {
    const store = session();
    const ids = store.getState().messages.ids;
    expect(ids).toHaveLength(TURNS * 2);
    const page = serverPage(store, <Conversation />);
    const expected = ids.slice(-FLOW_ROWS).map((id) => `${id.endsWith(':user') ? 'question' : 'answer'} ${/\d+/.exec(id)![0]}.`);
    expect(rowWords(page)).toEqual(expected);
    const log = page.querySelector('[role="log"]')!;
    expect(log.hasAttribute('aria-busy')).toBe(false);
    expect(log.hasAttribute('data-flow-rows')).toBe(true);
    // In normal flow: no virtual positioning classes (they are absolutely placed by the browser's measures).
    expect(page.querySelector('.aui-virtual, .aui-virtual__row')).toBeNull();
  });

  it('a lane list shows its newest entries too (the timeline follows its end)', () => {
    const store = session();
    const page = serverPage(store, <ProcessTimeline />);
    const entries = store.getState().timeline.ids;
    expect(entries.length).toBeGreaterThan(FLOW_ROWS);
    expect(page.querySelectorAll('[role="listitem"]')).toHaveLength(FLOW_ROWS);
    expect(page.querySelector('[role="list"]')!.hasAttribute('aria-busy')).toBe(false);
  });

  it('hydrates the server’s rows without a mismatch, then the virtualizer places the rows in view', async () => {
    const store = session();
    const app = (
      <RuntimeProvider store={store}>
        <Conversation />
      </RuntimeProvider>
    );
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(app);
    const errors: string[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: (error) => void errors.push(String(error)) });
    });
    expect(errors).toEqual([]);
    const log = container.querySelector('[role="log"]')!;
    expect(log.hasAttribute('data-flow-rows')).toBe(false);
    expect(container.querySelector('.aui-conversation__inner')!.classList.contains('aui-virtual')).toBe(true);
    const placed = container.querySelectorAll('.aui-conversation__row.aui-virtual__row');
    expect(placed.length).toBeGreaterThan(0);
    act(() => root!.unmount());
    container.remove();
  });
});
