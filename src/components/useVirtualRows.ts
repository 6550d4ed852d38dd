import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

const BOTTOM_SLACK_PX = 24;

export interface VirtualRowsOptions {
  keys: readonly string[];
  estimateSize: number;
  /** Follow new content while the reader is at the bottom (the chat behaviour). */
  stickToBottom: boolean;
  overscan?: number;
}

/**
 * A virtualized, dynamically measured list with the chat behaviours: pinned to the bottom while
 * the reader is there, still while they read history, still when older rows are prepended.
 */
export function useVirtualRows({ keys, estimateSize, stickToBottom, overscan = 6 }: VirtualRowsOptions) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(stickToBottom);
  const [atBottom, setAtBottom] = useState(true);
  const virtualizer = useVirtualizer({
    count: keys.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => keys[index] ?? index,
    overscan,
  });

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    pinned.current = bottom;
    setAtBottom(bottom);
  }, []);

  // Older rows prepended: move the scroll position by what was inserted above, so the row the
  // reader was looking at stays where it was. Later measurements of rows above the viewport are
  // compensated by the virtualizer itself.
  const firstKey = useRef<string | undefined>(keys[0]);
  useLayoutEffect(() => {
    const previousFirst = firstKey.current;
    firstKey.current = keys[0];
    const el = scrollRef.current;
    if (!el || previousFirst === undefined || keys[0] === previousFirst) return;
    const index = keys.indexOf(previousFirst);
    if (index <= 0) return;
    const inserted = virtualizer.getOffsetForIndex(index, 'start')?.[0];
    if (inserted !== undefined && !pinned.current) el.scrollTop += inserted - virtualizer.options.scrollMargin;
  });

  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (stickToBottom && pinned.current && el) el.scrollTop = el.scrollHeight;
  }, [totalSize, keys.length, stickToBottom]);

  const jumpToLatest = useCallback(() => {
    const el = scrollRef.current;
    pinned.current = true;
    setAtBottom(true);
    if (el) el.scrollTop = el.scrollHeight;
    virtualizer.scrollToIndex(keys.length - 1, { align: 'end' });
  }, [virtualizer, keys.length]);

  return { scrollRef, virtualizer, onScroll, atBottom, jumpToLatest, totalSize };
}
