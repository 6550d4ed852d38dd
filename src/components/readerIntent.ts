/**
 * How long after the reader's last wheel, key or touch a scroll event is still theirs: smooth
 * scrolling and touch momentum keep moving the view after the input itself.
 */
const GESTURE_TAIL_MS = 1000;

/** About what a wheel line or an arrow key scrolls. */
const LINE_PX = 40;

/** Keys that scroll towards older content. */
const AWAY_KEYS = new Set(['PageUp', 'ArrowUp', 'Home']);

export interface ReaderIntentHandlers {
  /** The reader asked for older content: wheel or finger up the list, PageUp, ArrowUp, Home, Shift+Space. */
  away(): void;
  /** The reader asked for the end (End). */
  end(): void;
  /** The reader asked to move down by about `px` (wheel, PageDown, ArrowDown, Space). */
  down(px: number): void;
}

/**
 * What moves a scroller right now: `hold` while the reader drags its scrollbar or touches it (the
 * scroll's direction says what they want), `gesture` just after their wheel, key or touch (a
 * scroll may still be theirs), or nothing (a scroll now is the page's own, e.g. the kit following).
 */
export type ReaderScroll = 'hold' | 'gesture' | undefined;

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Watches the reader's own input on a scroller, so that only the reader decides whether the view
 * follows new content; scroll events alone cannot tell the reader from the code that scrolls.
 */
export function watchReaderIntent(el: HTMLElement, handlers: ReaderIntentHandlers): { scrolling(): ReaderScroll; stop(): void } {
  const win = el.ownerDocument.defaultView ?? window;
  let holding = false;
  let touchY: number | undefined;
  let tailUntil = 0;
  const tail = () => (tailUntil = performance.now() + GESTURE_TAIL_MS);
  const canGoUp = () => el.scrollTop > 0;

  const onWheel = (e: WheelEvent) => {
    tail();
    if (e.deltaY < 0 && canGoUp()) handlers.away();
    else if (e.deltaY > 0) handlers.down(e.deltaY * (e.deltaMode === 1 ? LINE_PX : e.deltaMode === 2 ? el.clientHeight : 1));
  };
  const onKey = (e: KeyboardEvent) => {
    if (editable(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'End') {
      tail();
      handlers.end();
    } else if (AWAY_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey)) {
      tail();
      if (canGoUp()) handlers.away();
    } else if (e.key === 'PageDown' || e.key === ' ') {
      tail();
      handlers.down(el.clientHeight);
    } else if (e.key === 'ArrowDown') {
      tail();
      handlers.down(LINE_PX);
    }
  };
  // The scrollbar belongs to the scroller itself: a press on it (not on its content) is a drag.
  const onPointerDown = (e: PointerEvent) => {
    if (e.target === el) holding = true;
  };
  const onPointerUp = () => {
    if (!holding) return;
    holding = false;
    tail();
  };
  const onTouchStart = (e: TouchEvent) => {
    touchY = e.touches[0]?.clientY;
    tail();
  };
  const onTouchMove = (e: TouchEvent) => {
    const y = e.touches[0]?.clientY;
    tail();
    // A finger moving down drags the content down: towards older messages.
    if (y !== undefined && touchY !== undefined && y > touchY + 2 && canGoUp()) handlers.away();
    touchY = y;
  };
  const onTouchEnd = () => {
    touchY = undefined;
    tail();
  };

  const passive = { passive: true } as const;
  el.addEventListener('wheel', onWheel, passive);
  el.addEventListener('keydown', onKey);
  el.addEventListener('pointerdown', onPointerDown, passive);
  win.addEventListener('pointerup', onPointerUp, passive);
  win.addEventListener('pointercancel', onPointerUp, passive);
  el.addEventListener('touchstart', onTouchStart, passive);
  el.addEventListener('touchmove', onTouchMove, passive);
  el.addEventListener('touchend', onTouchEnd, passive);
  el.addEventListener('touchcancel', onTouchEnd, passive);
  return {
    scrolling: () => (holding || touchY !== undefined ? 'hold' : performance.now() < tailUntil ? 'gesture' : undefined),
    stop() {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointerDown);
      win.removeEventListener('pointerup', onPointerUp);
      win.removeEventListener('pointercancel', onPointerUp);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
    },
  };
}
