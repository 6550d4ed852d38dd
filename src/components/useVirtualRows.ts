import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useLazyVirtualizer, type ListVirtualizer } from './useLazyVirtualizer';
import { watchReaderIntent, type ReaderScroll } from './readerIntent';

/** How close to the bottom a reader's scroll must end to count as "back at the latest". */
const BOTTOM_SLACK_PX = 24;
/**
 * Rows outside the viewport (the overscan) newly mounted per frame. A commit that brings a whole
 * new window (a session opened, a jump) renders the rows in view at once and the overscan over
 * the next frames, nearest first: mounting a window of rich rows (markdown, collapsibles) in one
 * commit was a task of hundreds of milliseconds.
 */
const OVERSCAN_ROWS_PER_FRAME = 2;

/** A row to mount; `ready: false` is an overscan row still waiting for its frame (render an empty, unmeasured slot). */
export interface VirtualRow {
  key: string | number | bigint;
  index: number;
  start: number;
  ready: boolean;
}

export interface VirtualRowsOptions {
  keys: readonly string[];
  estimateSize: number;
  /** Follow new content while the reader is at the bottom (the chat behaviour). */
  stickToBottom: boolean;
  overscan?: number;
  /** False when every row is mounted in normal flow (the space then takes its own height). Default true. */
  virtualize?: boolean;
}

/**
 * Rows shown in normal flow before the virtualizer places them: about a screen, the newest of a
 * list pinned to the bottom, else the first. A server render shows them (nothing can be measured
 * there), so does the hydration that must match it, and so does a browser render until the
 * virtualizer's code arrives: a thread opened cold is read at once, not after a chunk load.
 */
export const FLOW_ROWS = 10;

/** Frames the anchored row must hold still after older rows are prepended before the kit stops restoring it. */
const RESTORE_SETTLED_FRAMES = 12;
/** The most frames a prepend's anchor is restored for. */
const RESTORE_MAX_FRAMES = 600;

/** Row size changes never move the view (the pinned view follows the end on its own). */
const neverAdjust = () => false;

type AdjustRule = NonNullable<ListVirtualizer['shouldAdjustScrollPositionOnItemSizeChange']>;

/**
 * A row's new size moves the view by as much, so what the reader sees stays still: a row measured
 * for the first time whose top is above the view, or a row measured again that lies wholly above
 * it, whichever way the reader scrolls. TanStack's own rule skips the second while the reader
 * scrolls up, and a row above them turning into markup (or growing) pushed what they read down.
 */
const keepReaderStill: AdjustRule = (item, _delta, instance) => {
  const offset = instance.scrollOffset ?? 0;
  return instance.itemSizeCache.has(item.key) ? item.end <= offset : item.start < offset;
};

/**
 * A virtualized, dynamically measured list with the chat behaviours: pinned to the bottom until
 * the reader scrolls away, still while they read history, still when older rows are prepended.
 *
 * The pin is the reader's intent: their wheel, keys, touch or scrollbar drag change it (see
 * `watchReaderIntent`), and so does a scroll that moves the view up; the distance from the bottom
 * when a scroll event fires does not, since content growing between the kit's own scroll and its
 * event would read as "the reader scrolled up".
 * While pinned, the view follows before the browser paints: in the layout effect of a commit that
 * added rows, in the next frame's callbacks after a commit that changed a row's content (a
 * MutationObserver), after the virtualizer measures a row (its `onChange`, called from its
 * ResizeObserver after the frame's callbacks and layout), and when the viewport or the content in
 * normal flow resizes.
 */
export function useVirtualRows({ keys, estimateSize, stickToBottom, overscan = 6, virtualize = true }: VirtualRowsOptions) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);
  const [pinnedView, setPinnedView] = useState(true);
  const stick = useRef(stickToBottom);
  stick.current = stickToBottom;
  const reader = useRef<{ el: HTMLElement; scrolling(): ReaderScroll; observeRows(rows: Iterable<Element>): void; stop(): void } | null>(null);
  // Where the view was after the last scroll (or the kit's own follow): tells "moved up" apart.
  const lastTop = useRef(0);

  // Puts the end of the content in view now, while pinned and unless the reader holds the scroller.
  const follow = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !stick.current || !pinned.current || reader.current?.scrolling() === 'hold') return;
    const end = el.scrollHeight - el.clientHeight;
    if (end - el.scrollTop > 0.5) el.scrollTop = end;
    lastTop.current = el.scrollTop;
  }, []);
  // While pinned the kit keeps the end in view itself. The virtualizer's own correction for a row
  // that changed size writes its last seen offset plus the change: right after a jump to the latest,
  // before its scroll event arrived, that offset is where the reader had scrolled up to, and the
  // view went back there and unpinned (e2e pinning: 'Jump to latest' re-pins, 1 run in ~10 loaded).
  // The virtualizer of the latest render (it arrives after the first render when its code loads;
  // callbacks made once would otherwise read the stand-in's no rows).
  const current = useRef<ListVirtualizer | null>(null);
  // While a prepend's anchor is restored the kit places the view itself too (see below).
  const restoring = useRef(false);
  const adjustRows = useCallback((isPinned: boolean) => {
    if (current.current) current.current.shouldAdjustScrollPositionOnItemSizeChange = (isPinned && stick.current) || restoring.current ? neverAdjust : keepReaderStill;
  }, []);
  const setPinned = useCallback(
    (value: boolean) => {
      pinned.current = value;
      adjustRows(value);
      setPinnedView(value);
      if (value) follow();
    },
    [follow, adjustRows],
  );

  // The element holding the rows (spaceRef) is as tall as all of them. Set through the CSSOM (a
  // strict CSP blocks style attributes in server HTML), before anything that scrolls reads the
  // height: first among this hook's layout effects (a prepend's anchoring scrolled against the old
  // height when it was set after them).
  const spaceRef = useRef<HTMLElement | null>(null);
  // The same functions while the keys and the estimate are the same: the virtualizer measures every
  // row again, from the first, whenever `getItemKey` is a new function (a new arrow per render made
  // each render of a long thread a pass over all its rows: a key, a size look-up and an estimate).
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  const estimate = useCallback(() => estimateSize, [estimateSize]);
  const getScrollElement = useCallback(() => scrollRef.current, []);

  // Loaded with the list's first row.
  const { virtualizer, ready } = useLazyVirtualizer(
    {
      count: keys.length,
      getScrollElement,
      estimateSize: estimate,
      getItemKey,
      overscan,
      // Where the virtualizer starts when its code arrives (read once; attached to the scroller, it
      // writes its offset there): at the estimated end of a list pinned there, else where the view
      // is. Its default (0) took a pinned view back to the top, and the offset of rows in normal
      // flow says nothing of the placed ones': it mounted the thread's first screen, then its last.
      // (Below zero for a list shorter than its view: the range starts at its first row all the same.)
      initialOffset: () => {
        const el = scrollRef.current;
        return !el ? 0 : stick.current && pinned.current ? keys.length * estimateSize - el.clientHeight : el.scrollTop;
      },
      // A row measured taller (a streaming answer growing) or a new range mounted: follow before paint.
      onChange: follow,
    },
    keys.length > 0,
  );
  // On the server, while hydrating and until the virtualizer's code arrives (there is no
  // virtualizer then, and `ready` is false while there are rows), rows are in normal flow (see
  // FLOW_ROWS); the virtualizer places them once the browser renders with it.
  const placed = virtualize && ready;
  useLayoutEffect(() => {
    if (spaceRef.current) spaceRef.current.style.height = placed ? `${virtualizer.getTotalSize()}px` : '';
  });
  current.current = virtualizer;
  adjustRows(pinned.current);

  // The row the reader is looking at (its key and how far its top sits from the viewport's top).
  const anchor = useRef<{ key: string; delta: number } | null>(null);
  const rememberAnchor = () => {
    const el = scrollRef.current;
    if (!el) return;
    const first = current.current!.getVirtualItems().find((item) => item.end > el.scrollTop);
    if (first) anchor.current = { key: String(first.key), delta: first.start - el.scrollTop };
  };

  // A scroll the reader makes that reaches the bottom re-pins; wheel and keys unpin on the input
  // itself. A scroll that moves the view up, away from the bottom, unpins whoever made it (a
  // scrollbar drag, a finger, the page's own scrollIntoView): the kit itself only ever scrolls
  // down to follow, and content growing before its scroll event fired does not move the view up.
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const awayFromBottom = el.scrollHeight - el.scrollTop - el.clientHeight > BOTTOM_SLACK_PX;
    if (!awayFromBottom) {
      if (!pinned.current && reader.current?.scrolling()) setPinned(true);
    } else if (pinned.current && el.scrollTop < lastTop.current - 0.5) setPinned(false);
    lastTop.current = el.scrollTop;
    rememberAnchor();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The reader's input, and what makes the content change size, on the scroller element.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (reader.current?.el === el) return;
    reader.current?.stop();
    reader.current = null;
    if (!el) return;
    const intent = watchReaderIntent(el, {
      away: () => pinned.current && setPinned(false),
      end: () => setPinned(true),
      // A downward scroll that will reach the end asks for the latest: re-pin now, since a
      // smooth scroll ending there would land short of an end that moved while it ran.
      down: (px) => !pinned.current && el.scrollTop + px >= el.scrollHeight - el.clientHeight - BOTTOM_SLACK_PX && setPinned(true),
    });
    // Text streamed into a row changes the DOM without re-rendering the list: follow in the next
    // frame's callbacks, once per frame however many commits came before it (reading the height
    // there costs no layout the frame would not do anyway). Commits made inside a frame's
    // callbacks (a stream's per-frame flush) are followed by the resize observers below, which
    // run after those callbacks and layout, still before paint.
    let frame = 0;
    const followNextFrame = () => {
      if (frame || !pinned.current) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        follow();
      });
    };
    const mutations = new MutationObserver(followNextFrame);
    mutations.observe(el, { childList: true, subtree: true, characterData: true });
    // The viewport resized, content in normal flow (every row mounted) grew, or a mounted virtual
    // row grew. The rows are watched here too, not only through the virtualizer: it defers
    // measuring while the view scrolls, and following a stream keeps it scrolling.
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : undefined;
    const rows = new Set<Element>();
    const observeRows = (mounted: Iterable<Element>) => {
      if (!resizes) return;
      const now = new Set(mounted);
      for (const row of rows) if (!now.has(row)) (resizes.unobserve(row), rows.delete(row));
      for (const row of now) if (!rows.has(row)) (resizes.observe(row), rows.add(row));
    };
    const observeContent = () => {
      resizes?.observe(el);
      for (const child of el.children) resizes?.observe(child);
    };
    observeContent();
    const children = new MutationObserver(observeContent);
    children.observe(el, { childList: true });
    reader.current = {
      el,
      scrolling: intent.scrolling,
      observeRows,
      stop() {
        intent.stop();
        cancelAnimationFrame(frame);
        mutations.disconnect();
        children.disconnect();
        resizes?.disconnect();
      },
    };
  });
  useLayoutEffect(
    () => () => {
      reader.current?.stop();
      reader.current = null;
    },
    [],
  );

  // Older rows prepended: keep the anchored row where it was. Rows above it get measured over the
  // next frames and change the offsets, so the position is restored each frame until it held for
  // RESTORE_SETTLED_FRAMES frames (counted in frames, not milliseconds: a loaded machine paints few
  // of them), or the reader scrolls. Meanwhile the virtualizer makes no corrections of its own: it
  // writes its last seen offset plus a row's change, and right after a prepend that offset is from
  // before it (on a loaded machine that put the view 800 px above the anchored row, e2e 11 of 12).
  const firstKey = useRef<string | undefined>(keys[0]);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useLayoutEffect(() => {
    const previousFirst = firstKey.current;
    firstKey.current = keys[0];
    const el = scrollRef.current;
    if (!el || previousFirst === undefined || keys[0] === previousFirst || pinned.current || !anchor.current) return;
    const target = anchor.current;
    restoring.current = true;
    adjustRows(pinned.current);
    /** Puts the anchored row back where it was; true when the view had to move. */
    const restore = (): boolean => {
      const index = keysRef.current.indexOf(target.key);
      const start = index >= 0 ? current.current!.measurementsCache[index]?.start : undefined;
      if (start === undefined || Math.abs(el.scrollTop - (start - target.delta)) <= 0.5) return false;
      el.scrollTop = start - target.delta;
      return true;
    };
    const release = () => {
      restoring.current = false;
      adjustRows(pinned.current);
    };
    restore();
    let settled = 0;
    let frames = 0;
    let frame = requestAnimationFrame(function again() {
      // The reader took the view (or it follows the latest again): their scroll is not undone.
      if (pinned.current || reader.current?.scrolling()) return release();
      settled = restore() ? 0 : settled + 1;
      frames += 1;
      if (settled < RESTORE_SETTLED_FRAMES && frames < RESTORE_MAX_FRAMES) frame = requestAnimationFrame(again);
      else release();
    });
    return () => {
      cancelAnimationFrame(frame);
      release();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys[0]]);

  // The virtual rows mounted by this commit, watched for growth.
  useLayoutEffect(() => reader.current?.observeRows(virtualizer.elementsCache.values()));

  // Rows added or the estimated total changed in this commit: follow in the same commit.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(follow, [totalSize, keys.length, stickToBottom, follow]);

  const jumpToLatest = useCallback(() => {
    setPinned(true);
    virtualizer.scrollToIndex(keys.length - 1, { align: 'end' });
  }, [virtualizer, keys.length, setPinned]);

  // Rows mounted by the previous commits (their content rendered); the next frame admits more.
  // Overscan rows the next commit may add: renewed once per frame, spent by the commit that
  // uses it (re-renders within a frame, e.g. after the virtualizer measures, add none).
  const admitted = useRef(new Set<VirtualRow['key']>());
  const allowance = useRef(OVERSCAN_ROWS_PER_FRAME);
  const shown = useRef<VirtualRow[]>([]);
  /** The keys the last rows were computed for. */
  const rowsOf = useRef<readonly string[]>([]);
  const [, admitMore] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    const mounted = new Set<VirtualRow['key']>();
    let waiting = false;
    for (const row of shown.current) {
      if (row.ready) mounted.add(row.key);
      else waiting = true;
    }
    if (mounted.size > [...admitted.current].filter((key) => mounted.has(key)).length) allowance.current = 0;
    admitted.current = mounted;
    if (!waiting) return;
    const frame = requestAnimationFrame(() => {
      allowance.current = OVERSCAN_ROWS_PER_FRAME;
      admitMore();
    });
    return () => cancelAnimationFrame(frame);
  });

  /**
   * The rows to mount: the visible window, every row when virtualization is off (for comparison),
   * or a screen of them until the virtualizer places rows (FLOW_ROWS). Rows in view are always
   * ready; overscan rows not mounted before are admitted OVERSCAN_ROWS_PER_FRAME per frame,
   * nearest to the view first.
   */
  const rows = (): VirtualRow[] => {
    if (!placed) {
      const from = virtualize && stickToBottom ? Math.max(0, keys.length - FLOW_ROWS) : 0;
      return (shown.current = keys.slice(from, virtualize ? from + FLOW_ROWS : undefined).map((key, i) => ({ key, index: from + i, start: 0, ready: true })));
    }
    // Rows added to a pinned list: the view is at the end once this commit's layout effect follows
    // (`follow`), so the rows in view are the end's. Computed at the offset before it, a commit
    // adding rows above a pinned view (a backlog's history applied under its newest turns)
    // mounted a screen of old rows, then showed the newest as empty slots while they were
    // admitted, two a frame. Only then: a scroll the virtualizer is making (to a row asked for)
    // reads its own offset.
    const added = keys.length > rowsOf.current.length;
    rowsOf.current = keys;
    if (added && virtualizer.scrollRect && stick.current && pinned.current && !restoring.current && reader.current?.scrolling() !== 'hold') {
      const end = virtualizer.getTotalSize() - virtualizer.scrollRect.height;
      if ((virtualizer.scrollOffset ?? 0) < end) virtualizer.scrollOffset = end;
    }
    const items = virtualizer.getVirtualItems();
    // The range in view (without the overscan), as computing the items just left it.
    const range = virtualizer.range;
    const inView = (index: number) => !range || (index >= range.startIndex && index <= range.endIndex);
    const distance = (index: number) => (!range ? 0 : index < range.startIndex ? range.startIndex - index : index - range.endIndex);
    const waiting = items.filter((item) => !inView(item.index) && !admitted.current.has(item.key)).sort((a, b) => distance(a.index) - distance(b.index));
    const admit = new Set(waiting.slice(0, allowance.current).map((item) => item.key));
    return (shown.current = items.map((item) => ({
      key: item.key,
      index: item.index,
      start: item.start,
      ready: inView(item.index) || admitted.current.has(item.key) || admit.has(item.key),
    })));
  };

  /**
   * `atBottom`: the view follows new content (the reader has not scrolled away from the latest).
   * `placed`: the virtualizer places the rows (false when virtualization is off, on the server and
   * until its code arrives: the rows are then in normal flow).
   */
  return { scrollRef, spaceRef, virtualizer, onScroll, atBottom: pinnedView, jumpToLatest, totalSize, rows, placed };
}
