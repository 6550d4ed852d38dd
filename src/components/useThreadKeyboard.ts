import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { tabbableOutside, tabbablesIn } from './tabbable';

const ROW = '[data-index]';
const MESSAGE = '.aui-message';
/** A focus that follows a pointer press this recently is the reader's click, never redirected. */
const POINTER_MS = 400;

export interface ThreadKeyboardOptions {
  scrollRef: RefObject<HTMLElement | null>;
  count: number;
  /** Brings a row into the mounted window (virtualized lists mount only what is in view). */
  scrollToIndex(index: number): void;
}

const rowIndexOf = (el: Element | null): number | undefined => {
  const row = el?.closest<HTMLElement>(ROW);
  return row ? Number(row.dataset.index) : undefined;
};

/**
 * The thread as one tab stop (WAI-ARIA roving tabindex): Tab enters on the active message, arrows
 * move between messages, Home and End go to the first and last, Enter moves into the message's
 * controls and Escape back out, and Tab leaves the thread instead of walking every control of
 * every message. Entering never scrolls: focus lands on the message the reader was at (the
 * latest, at first).
 */
export function useThreadKeyboard({ scrollRef, count, scrollToIndex }: ThreadKeyboardOptions) {
  const [chosen, setChosen] = useState<number>();
  const active = count === 0 ? -1 : Math.min(chosen ?? count - 1, count - 1);
  const pendingFocus = useRef<number>(undefined);
  const pointerAt = useRef(-Infinity);

  const messageAt = (index: number) => scrollRef.current?.querySelector<HTMLElement>(`${ROW}[data-index="${index}"] ${MESSAGE}`) ?? null;
  const firstVisible = (): number | undefined => {
    const scroller = scrollRef.current;
    if (!scroller) return undefined;
    const top = scroller.getBoundingClientRect().top;
    const rows = [...scroller.querySelectorAll<HTMLElement>(ROW)];
    const visible = rows.find((row) => row.getBoundingClientRect().bottom > top + 1) ?? rows[0];
    return rowIndexOf(visible ?? null);
  };

  const focusRow = useCallback(
    (index: number, scroll = true) => {
      setChosen(index);
      const el = messageAt(index);
      if (el) el.focus({ preventScroll: !scroll });
      else {
        pendingFocus.current = index;
        scrollToIndex(index);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [scrollToIndex],
  );

  // A row asked for before it was mounted takes focus once the list has rendered it.
  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return;
    const el = messageAt(pendingFocus.current);
    if (!el) return;
    pendingFocus.current = undefined;
    el.focus();
  });

  /** Keyboard entry (Tab from before or after the thread): the active message, without scrolling. */
  const enter = () => {
    const mounted = messageAt(active) !== null;
    const index = mounted ? active : firstVisible();
    if (index !== undefined) focusRow(index, false);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = rowIndexOf(event.target);
    if (index !== undefined) {
      if (index !== chosen) setChosen(index);
      return;
    }
    const entry = event.target === event.currentTarget || (event.target as HTMLElement).dataset.auiThreadEnd !== undefined;
    if (entry && performance.now() - pointerAt.current > POINTER_MS) enter();
  };

  const onPointerDown = () => {
    pointerAt.current = performance.now();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const scroller = event.currentTarget;
    const target = event.target as HTMLElement;
    const message = target.closest<HTMLElement>(MESSAGE);
    if (event.key === 'Tab') {
      // From a message, Tab leaves the thread; from a control inside it, Tab walks that message's
      // controls, then leaves. Never through every control of every message.
      let next: HTMLElement | undefined;
      if (message && target !== message && scroller.contains(message)) {
        // The message's stops after (or before) the focused element, which may itself be no stop
        // (a heading focused by code): the message first, then its controls in document order.
        const stops = [message, ...tabbablesIn(message)];
        next = event.shiftKey
          ? stops.findLast((stop) => stop !== target && !stop.contains(target) && (stop.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) ??
            (target === message ? undefined : message)
          : stops.find((stop) => stop !== target && (target.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && !stop.contains(target));
      }
      next ??= tabbableOutside(scroller, event.shiftKey ? 'previous' : 'next');
      if (!next) return;
      event.preventDefault();
      next.focus();
      return;
    }
    if (message && target !== message) {
      // Escape from a control goes back to its message (unless the control used the key).
      if (event.key !== 'Escape') return;
      event.preventDefault();
      message.focus();
      return;
    }
    if (message && event.key === 'Enter') {
      // Enter moves into the message's controls.
      const first = tabbablesIn(message)[0];
      if (!first) return;
      event.preventDefault();
      first.focus();
      return;
    }
    if (target !== message && target !== scroller) return;
    const from = target === message ? rowIndexOf(message) : firstVisible();
    if (from === undefined) return;
    const to = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (target === scroller) focusRow(from);
    else focusRow(Math.max(0, Math.min(count - 1, to)));
  };

  return { active, onFocus, onKeyDown, onPointerDown };
}
