import { useLayoutEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { VirtualItem, Virtualizer, VirtualizerOptions } from '@tanstack/react-virtual';
import { lazyPart, useServerRender } from './lazyPart';

// The virtualizer (TanStack Virtual) is a chunk of its own: it is a tenth of the workbench's first
// screen, and a list with no rows has nothing to place. A list loads it with its first row (or in
// idle time, see Conversation); until it arrives the list mounts no row and says it is busy.

/** TanStack Virtual, loaded with a list's first row, in idle time or by `preloadKit`. */
export const virtualCore = lazyPart(() => import('@tanstack/react-virtual'));

type ListElement = HTMLDivElement;
type RowElement = Element;
type CoreVirtualizer = Virtualizer<ListElement, RowElement>;

/** What the kit's lists give the virtualizer (the scroll element's observers come with the module). */
export type ListVirtualizerOptions = Pick<VirtualizerOptions<ListElement, RowElement>, 'count' | 'getScrollElement' | 'estimateSize' | 'getItemKey' | 'overscan' | 'initialOffset'> & {
  /** Called after the virtualizer changed what it shows (a row measured, the range moved). */
  onChange?: () => void;
};

/** The part of the virtualizer the kit's lists use. */
export type ListVirtualizer = Pick<
  CoreVirtualizer,
  'getTotalSize' | 'range' | 'measurementsCache' | 'elementsCache' | 'measureElement' | 'scrollToIndex'
> &
  Partial<Pick<CoreVirtualizer, 'shouldAdjustScrollPositionOnItemSizeChange' | 'scrollOffset' | 'scrollRect'>> & {
  /** The rows to mount (the core's is a memoized function; the kit only calls it). */
  getVirtualItems(): VirtualItem[];
};

/** A list without its virtualizer yet: no row placed, nothing measured, nothing to scroll to. */
function idleVirtualizer(): ListVirtualizer {
  return {
    getVirtualItems: () => [],
    getTotalSize: () => 0,
    range: null,
    measurementsCache: [],
    elementsCache: new Map(),
    measureElement: () => undefined,
    scrollToIndex: () => undefined,
  };
}

/**
 * `useVirtualizer` of TanStack Virtual (the same options, the same re-renders: synchronous ones
 * flushed unless they come from a measurement) with the virtualizer loaded lazily. `needed`: the
 * list has rows, so the module loads now (and a failed load is this render's error, for the
 * surface's boundary); otherwise it waits for another list or an idle preload. A server render
 * and a hydration never place rows (there is nothing to measure; the server's HTML and the
 * hydrating render must agree): rows mount once the browser renders on its own.
 * `ready` is false while the list would place rows but cannot yet.
 */
export function useLazyVirtualizer(options: ListVirtualizerOptions, needed: boolean): { virtualizer: ListVirtualizer; ready: boolean } {
  const server = useServerRender();
  const core = virtualCore.useModule(false, { load: needed, rethrow: needed });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const measuring = useRef(false);
  const own = useRef<{ instance?: CoreVirtualizer; idle?: ListVirtualizer; rect?: DOMRect }>({});
  let instance = own.current.instance;
  const resolved = (module: NonNullable<typeof core>): VirtualizerOptions<ListElement, RowElement> => ({
    observeElementRect: module.observeElementRect,
    observeElementOffset: module.observeElementOffset,
    scrollToFn: module.elementScroll,
    initialRect: own.current.rect,
    ...options,
    onChange: (_virtualizer, sync) => {
      if (sync && !measuring.current) flushSync(rerender);
      else rerender();
      options.onChange?.();
    },
  });
  if (core && !server) {
    if (!instance) {
      // Its first render knows the scroller's size: without it, it placed no row until it had
      // observed it, a commit later, and rows shown until then in normal flow unmounted for that
      // commit (a request that had taken focus lost it).
      own.current.rect = options.getScrollElement()?.getBoundingClientRect();
      const created = new core.Virtualizer(resolved(core));
      const measure = created.measureElement;
      // A measurement's own change notice re-renders without flushing (as useVirtualizer does).
      created.measureElement = (node) => {
        measuring.current = true;
        try {
          measure(node);
        } finally {
          measuring.current = false;
        }
      };
      instance = own.current.instance = created;
    }
    instance.setOptions(resolved(core));
  }
  useLayoutEffect(() => instance?._didMount(), [instance]);
  useLayoutEffect(() => instance?._willUpdate());
  if (instance) return { virtualizer: instance, ready: true };
  return { virtualizer: (own.current.idle ??= idleVirtualizer()), ready: !needed };
}
