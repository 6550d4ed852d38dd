// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { Conversation } from './Conversation';

// The pin is the reader's intent: only their wheel, keys, touch or scrollbar drag unpin the view;
// scroll events the kit (or any code) causes do not. jsdom has no layout, so the scroller's
// geometry is a model: a content height the test grows, a 600 px viewport, a clamped scrollTop.

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const VIEWPORT = 600;
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function scene() {
  const ev = eventBuilder();
  const events = [];
  for (let i = 0; i < 40; i++) events.push(ev('model.completed', { turnId: `turn-${i}` }, { text: `message ${i}` }));
  const { container, store } = renderWith(<Conversation virtualize={false} />, storeFrom(events));
  const scroller = container.querySelector('.aui-conversation__scroll') as HTMLElement;
  let height = 10_000;
  let top = 0;
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = Math.max(0, Math.min(v, height - VIEWPORT))) });
  const end = () => height - VIEWPORT;
  let n = 0;
  return {
    scroller,
    end,
    /** The content grows by `px` (a streamed delta). */
    grow(px: number) {
      height += px;
    },
    /** One more delta into the live answer, its row `px` taller; resolves after the commit's microtasks. */
    async stream(px: number) {
      height += px;
      n += 1;
      await act(async () => {
        store.getState().ingest([ev('model.delta', { turnId: 'turn-live' }, { delta: `delta ${n} ` })]);
      });
    },
    /** A scroll event at `to` with no input from the reader behind it (the kit's own, or the page's). */
    /** From the bottom, the reader wheels up by `px` and the view lands there. */
    wheelUp(px: number) {
      top = height - VIEWPORT;
      fireEvent.wheel(scroller, { deltaY: -px });
      top -= px;
      fireEvent.scroll(scroller);
    },
    codeScroll(to: number) {
      top = to;
      fireEvent.scroll(scroller);
    },
    pinned: () => container.querySelector('.aui-conversation')!.hasAttribute('data-pinned'),
    jump: () => screen.queryByRole('button', { name: 'Jump to latest' }),
  };
}

describe('the pin follows the reader, not scroll events', () => {
  it('stays pinned when a scroll event it did not cause lands away from the bottom (content grew before it fired)', async () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    fireEvent.scroll(s.scroller);
    expect(s.pinned()).toBe(true);
    s.grow(500);
    s.codeScroll(s.end() - 500);
    expect(s.pinned()).toBe(true);
    expect(s.jump()).toBeNull();
    await s.stream(80);
    await nextFrame();
    expect(s.scroller.scrollTop).toBe(s.end());
  });

  it('follows text streamed into a row (the list itself does not re-render) by the next frame', async () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    for (let i = 0; i < 5; i++) {
      await s.stream(120);
      await nextFrame();
      expect(s.scroller.scrollTop).toBe(s.end());
    }
  });

  it('unpins on a wheel up and then leaves the view where the reader put it', async () => {
    const s = scene();
    s.wheelUp(300);
    expect(s.pinned()).toBe(false);
    expect(s.jump()).not.toBeNull();
    const held = s.scroller.scrollTop;
    await s.stream(400);
    await s.stream(400);
    await nextFrame();
    expect(s.scroller.scrollTop).toBe(held);
  });

  it('re-pins when the reader scrolls back down to the bottom', async () => {
    const s = scene();
    s.wheelUp(300);
    expect(s.pinned()).toBe(false);
    fireEvent.wheel(s.scroller, { deltaY: 400 });
    s.scroller.scrollTop = s.end();
    fireEvent.scroll(s.scroller);
    expect(s.pinned()).toBe(true);
    await s.stream(200);
    await nextFrame();
    expect(s.scroller.scrollTop).toBe(s.end());
  });

  it('unpins when the page scrolls the view up (its own scrollIntoView), as the kit never scrolls up', () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    fireEvent.scroll(s.scroller);
    s.codeScroll(s.end() - 2000);
    expect(s.pinned()).toBe(false);
    expect(s.jump()).not.toBeNull();
  });

  it('re-pins on a wheel down that reaches the end even though the end moved on before the scroll landed', () => {
    const s = scene();
    s.wheelUp(300);
    expect(s.pinned()).toBe(false);
    fireEvent.wheel(s.scroller, { deltaY: 100 });
    expect(s.pinned()).toBe(false); // not far enough
    fireEvent.wheel(s.scroller, { deltaY: 10, deltaMode: 1 });
    expect(s.pinned()).toBe(true);
    expect(s.scroller.scrollTop).toBe(s.end());
  });

  it('does not re-pin when code (not the reader) scrolls to the bottom', () => {
    const s = scene();
    s.scroller.scrollTop = s.end() - 2000;
    fireEvent.keyDown(s.scroller, { key: 'PageUp' });
    expect(s.pinned()).toBe(false);
    // Well after the key's scroll has run its course.
    const later = performance.now() + 5000;
    vi.spyOn(performance, 'now').mockReturnValue(later);
    s.codeScroll(s.end());
    // A scroll event alone is not the reader's: still unpinned until they act.
    expect(s.jump()).not.toBeNull();
  });

  it('PageUp, ArrowUp, Home and Shift+Space unpin; End re-pins and goes to the end', async () => {
    for (const key of [{ key: 'PageUp' }, { key: 'ArrowUp' }, { key: 'Home' }, { key: ' ', shiftKey: true }]) {
      const s = scene();
      s.scroller.scrollTop = s.end();
      fireEvent.keyDown(s.scroller, key);
      expect(s.pinned(), key.key).toBe(false);
      s.scroller.scrollTop = 100;
      fireEvent.keyDown(s.scroller, { key: 'End' });
      expect(s.pinned(), key.key).toBe(true);
      expect(s.scroller.scrollTop).toBe(s.end());
      cleanup();
    }
  });

  it('ignores arrow keys typed into a field inside the list', () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    const field = document.createElement('input');
    s.scroller.appendChild(field);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(s.pinned()).toBe(true);
  });

  it('a scrollbar drag upwards unpins; releasing at the bottom keeps it pinned', () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    fireEvent.pointerDown(s.scroller);
    s.scroller.scrollTop = s.end() - 10;
    fireEvent.scroll(s.scroller);
    expect(s.pinned()).toBe(true); // within the slack of the bottom
    s.scroller.scrollTop = s.end() - 900;
    fireEvent.scroll(s.scroller);
    expect(s.pinned()).toBe(false);
    s.scroller.scrollTop = s.end();
    fireEvent.scroll(s.scroller);
    fireEvent.pointerUp(window);
    expect(s.pinned()).toBe(true);
  });

  it('a press on the content (not the scrollbar) is not a drag', () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    fireEvent.pointerDown(s.scroller.querySelector('.aui-message')!);
    s.codeScroll(s.end() - 900);
    expect(s.pinned()).toBe(true);
  });

  it('a finger moving down the list unpins', () => {
    const s = scene();
    s.scroller.scrollTop = s.end();
    fireEvent.touchStart(s.scroller, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(s.scroller, { touches: [{ clientY: 180 }] });
    expect(s.pinned()).toBe(false);
    fireEvent.touchEnd(s.scroller, { touches: [] });
  });

  it('"Jump to latest" re-pins and follows again', async () => {
    const s = scene();
    s.wheelUp(5000);
    fireEvent.click(s.jump()!);
    expect(s.pinned()).toBe(true);
    expect(s.scroller.scrollTop).toBe(s.end());
    await s.stream(300);
    await nextFrame();
    expect(s.scroller.scrollTop).toBe(s.end());
  });
});
