import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

const BOTTOM_SLACK_PX = 24;

export interface VirtualRowsOptions {
  keys: readonly string[];
  estimateSize: number;
  /** Follow new content while the reader is at the bottom (the chat behaviour). */
  stickToBottom: boolean;
  overscan?: number;
}

/** Where a virtual row sits in its list (none when every row is mounted in normal flow). */
export function virtualRowStyle(start: number, virtualize: boolean): CSSProperties | undefined {
  return virtualize ? { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` } : undefined;
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

  // The row the reader is looking at (its key and how far its top sits from the viewport's top).
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const rememberAnchor = () => {
    const el = scrollRef.current;
    if (!el) return;
    const first = virtualizer.getVirtualItems().find((item) => item.end > el.scrollTop);
    if (first) anchor.current = { key: String(first.key), delta: first.start - el.scrollTop };
  };

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    pinned.current = bottom;
    setAtBottom(bottom);
    rememberAnchor();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Older rows prepended: keep the anchored row where it was. Rows above it get measured over the
  // next frames and change the offsets, so the position is restored until they settle.
  const firstKey = useRef<string | undefined>(keys[0]);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useLayoutEffect(() => {
    const previousFirst = firstKey.current;
    firstKey.current = keys[0];
    const el = scrollRef.current;
    if (!el || previousFirst === undefined || keys[0] === previousFirst || pinned.current || !anchor.current) return;
    const target = anchor.current;
    const until = performance.now() + 600;
    const restore = () => {
      const index = keysRef.current.indexOf(target.key);
      const start = index >= 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined && Math.abs(el.scrollTop - (start - target.delta)) > 0.5) el.scrollTop = start - target.delta;
    };
    restore();
    let frame = requestAnimationFrame(function again() {
      if (anchor.current?.key !== target.key) return; // the reader moved on
      restore();
      if (performance.now() < until) frame = requestAnimationFrame(again);
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys[0]]);

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

  /** The rows to mount: the visible window, or every row when virtualization is off (for comparison). */
  const rows = (virtualize: boolean): { key: string | number | bigint; index: number; start: number }[] =>
    virtualize ? virtualizer.getVirtualItems() : keys.map((key, index) => ({ key, index, start: 0 }));

  return { scrollRef, virtualizer, onScroll, atBottom, jumpToLatest, totalSize, rows };
}
