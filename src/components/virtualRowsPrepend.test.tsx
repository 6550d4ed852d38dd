// @vitest-environment jsdom
// A pinned list that gains rows above its view (a backlog's history applied under the newest turns
// it showed first) shows its end in the commit that adds them. Computed at the offset before the
// commit, the rows in view were history's (a screen of old rows mounted for nothing) and the newest
// were overscan, empty slots admitted two a frame.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubLayout } from '../../test/componentHarness';
import { virtualCore } from './useLazyVirtualizer';
import { useVirtualRows, type VirtualRow } from './useVirtualRows';

const VIEWPORT = 600;
beforeAll(() => stubLayout(VIEWPORT, 800));
afterEach(cleanup);

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** Every render's rows, in order. */
let renders: VirtualRow[][] = [];

function List({ keys }: { keys: readonly string[] }) {
  const { scrollRef, spaceRef, rows } = useVirtualRows({ keys, estimateSize: 40, stickToBottom: true });
  const shown = rows();
  renders.push(shown);
  return (
    <div ref={scrollRef}>
      <div ref={spaceRef as never}>
        {shown.map((row) => (
          <div key={String(row.key)} data-index={row.index}>
            {String(row.key)}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * jsdom has no layout: the scroller is as tall as the space's height, its offset clamped to it, and
 * a change of offset is heard as a scroll event in the next frame (as a browser fires it).
 */
function modelScroller(container: HTMLElement): void {
  const scroller = container.firstElementChild as HTMLElement;
  const space = scroller.firstElementChild as HTMLElement;
  let top = 0;
  const height = () => Math.max(VIEWPORT, parseFloat(space.style.height) || 0);
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (v: number) => {
      const next = Math.max(0, Math.min(v, height() - VIEWPORT));
      if (next === top) return;
      top = next;
      requestAnimationFrame(() => scroller.dispatchEvent(new Event('scroll')));
    },
  });
}

describe('useVirtualRows: rows added above a pinned view', () => {
  it('the commit that adds them mounts the end, ready, and no row of what was added', async () => {
    await virtualCore.load();
    const tail = Array.from({ length: 30 }, (_, i) => `tail-${i}`);
    const view = render(<List keys={tail} />);
    modelScroller(view.container);
    for (let i = 0; i < 5; i++) await nextFrame();
    const before = renders.at(-1)!;
    expect(before.find((row) => row.key === 'tail-29')?.ready).toBe(true);
    renders = [];
    const history = Array.from({ length: 2_000 }, (_, i) => `history-${i}`);
    view.rerender(<List keys={[...history, ...tail]} />);
    const first = renders[0]!;
    // The newest row is mounted (not an empty slot) by the commit that added the history ...
    expect(first.find((row) => row.key === 'tail-29')?.ready).toBe(true);
    // ... and no history row is: the view is at the end, and it was the tail's.
    expect(first.filter((row) => row.ready && String(row.key).startsWith('history-')).map((row) => row.key)).toEqual([]);
  });
});
