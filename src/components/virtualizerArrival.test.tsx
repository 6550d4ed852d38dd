// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder } from '../../test/eventBuilder';
import { stubLayout } from '../../test/layoutStub';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { Conversation } from './Conversation';

// Its own file, without the component harness (it preloads the kit's lazy chunks): the
// virtualizer's code is not loaded yet when the thread first renders.
beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
// These tests watch lazily loaded code arrive and render as it does in a browser, between tasks,
// not inside act (which would flush its renders at once): React is told this is no act
// environment outside the renders (Testing Library's render still wraps itself in act), so the
// arrivals are not reported as updates a test forgot to wrap.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActEnvironment: boolean | undefined;
beforeAll(() => {
  previousActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousActEnvironment;
});

const VIEWPORT = 600;

/**
 * A thread of `count` answers on a page that has not loaded the virtualizer yet (a test before
 * it may have loaded it into these modules).
 */
async function coldThread(count: number): Promise<HTMLElement> {
  vi.resetModules();
  const kit = await import('../index');
  const ev = eventBuilder();
  const store = kit.createRuntimeStore();
  store.getState().ingest(Array.from({ length: count }, (_, i) => ev('model.completed', { turnId: `turn-${i}` }, { text: `message ${i}` })));
  return render(
    <kit.RuntimeProvider store={store}>
      <kit.Conversation />
    </kit.RuntimeProvider>,
  ).container;
}

describe('the virtualizer takes the view where it is', () => {
  it('arriving after the first render (its code loads lazily), it does not write the view back to the top of a pinned thread', async () => {
    const ev = eventBuilder();
    const events = [];
    for (let i = 0; i < 200; i++) events.push(ev('model.completed', { turnId: `turn-${i}` }, { text: `message ${i}` }));
    const store = createRuntimeStore();
    store.getState().ingest(events);
    const { container } = render(
      <RuntimeProvider store={store}>
        <Conversation />
      </RuntimeProvider>,
    );
    const scroller = container.querySelector('.aui-conversation__scroll') as HTMLElement;
    const height = 20_000;
    let top = 0;
    const writes: number[] = [];
    const write = (v: number) => {
      writes.push(v);
      top = Math.max(0, Math.min(v, height - VIEWPORT));
    };
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: write });
    scroller.scrollTo = ((options: ScrollToOptions) => write(options.top ?? top)) as typeof scroller.scrollTo;
    // The view is at the end before the virtualizer's code arrives (a server render pinned there).
    scroller.scrollTop = height - VIEWPORT;
    // Until then the newest screen of rows is in normal flow; then the virtualizer places rows.
    expect(container.querySelectorAll('.aui-conversation__row.aui-virtual__row')).toHaveLength(0);
    expect(container.querySelector('.aui-conversation__row:last-child')!.textContent).toContain('message 199');
    await vi.waitFor(() => expect(container.querySelectorAll('.aui-conversation__row.aui-virtual__row').length).toBeGreaterThan(0));
    expect(writes.filter((v) => v < height - VIEWPORT)).toEqual([]);
    expect(top).toBe(height - VIEWPORT);
    expect(container.querySelector('.aui-conversation')!.hasAttribute('data-pinned')).toBe(true);
  });
  it('arriving after the rows were shown in normal flow, it places the end of a pinned thread first: no row of its first screen mounts', async () => {
    const container = await coldThread(200);
    expect(container.querySelector('[data-flow-rows]')).not.toBeNull();
    const placed = new Set<number>();
    const record = () => container.querySelectorAll('.aui-virtual__row').forEach((row) => placed.add(Number(row.getAttribute('data-index'))));
    const observer = new MutationObserver(record);
    observer.observe(container, { subtree: true, childList: true, attributes: true });
    await vi.waitFor(() => expect(container.querySelectorAll('.aui-virtual__row').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    record();
    observer.disconnect();
    expect(placed.size).toBeGreaterThan(0);
    // Rows near the end only (the view by the estimate, its overscan, then as measured): none from the rest of the thread.
    expect(Math.min(...placed)).toBeGreaterThanOrEqual(150);
  });
  it('placing the rows that were in normal flow keeps their elements: what had focus keeps it', async () => {
    const container = await coldThread(3);
    const before = [...container.querySelectorAll('.aui-conversation__row')];
    expect(before).toHaveLength(3);
    const newest = before[2]!.querySelector<HTMLElement>('[tabindex]')!;
    newest.focus();
    await vi.waitFor(() => expect(container.querySelectorAll('.aui-conversation__row.aui-virtual__row')).toHaveLength(3));
    expect([...container.querySelectorAll('.aui-conversation__row')]).toEqual(before);
    expect(document.activeElement).toBe(newest);
  });
});
