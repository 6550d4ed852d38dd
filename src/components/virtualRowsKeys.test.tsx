// @vitest-environment jsdom
// The virtualizer measures every row again, from the first, whenever its `getItemKey` is a new
// function. useVirtualRows made a new one per render, so each render of a long list (a streaming
// answer under a long thread re-renders it every frame) walked all of its rows. It keeps one while
// the keys are the same array.
import { act, cleanup, render } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubLayout } from '../../test/componentHarness';
import { virtualCore } from './useLazyVirtualizer';
import { useVirtualRows } from './useVirtualRows';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

const ROWS = 10_000;

/** Keys that count how often a row's key is read by index. */
function countedKeys(count: number, prefix = 'row'): { keys: string[]; reads: () => number } {
  let reads = 0;
  const keys = new Proxy(
    Array.from({ length: count }, (_, i) => `${prefix}-${i}`),
    {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads += 1;
        return Reflect.get(target, property, receiver);
      },
    },
  );
  return { keys, reads: () => reads };
}

let rerender: () => void = () => undefined;
let lastShown: string[] = [];

function List({ keys }: { keys: readonly string[] }) {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  rerender = bump;
  const { scrollRef, spaceRef, rows } = useVirtualRows({ keys, estimateSize: 40, stickToBottom: true });
  const shown = rows();
  lastShown = shown.map((row) => String(row.key));
  return (
    <div ref={scrollRef}>
      <div ref={spaceRef as never}>
        {shown.map((row) => (
          <div key={row.key}>{row.key}</div>
        ))}
      </div>
    </div>
  );
}

describe('useVirtualRows', () => {
  it('re-renders a long list without reading every row again while its keys are the same', async () => {
    await virtualCore.load();
    const { keys, reads } = countedKeys(ROWS);
    const view = render(<List keys={keys} />);
    await act(async () => undefined);
    const afterMount = reads();
    // The first placement walks every row once.
    expect(afterMount).toBeGreaterThanOrEqual(ROWS);
    for (let i = 0; i < 5; i++) act(() => rerender());
    // Five renders with the same keys: a few reads for the rows in view, not five walks of 10,000.
    expect(reads() - afterMount).toBeLessThan(500);
    // A new keys array (rows added or replaced) is read: the rows shown carry its keys.
    const { keys: next } = countedKeys(ROWS + 1, 'next');
    view.rerender(<List keys={next} />);
    await act(async () => undefined);
    expect(lastShown.length).toBeGreaterThan(0);
    expect(lastShown.every((key) => key.startsWith('next-'))).toBe(true);
  });
});
