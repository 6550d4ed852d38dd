import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

// The kit's tooltips, small on purpose: Radix Tooltip with its popper and floating-ui was 20 KB gzip
// of a 25 KB FactBadge. A tooltip opens on hover after OPEN_DELAY_MS (at once when another one of
// the same scope closed within SKIP_DELAY_MS: moving along a row of badges), closes on leave or
// Escape, and is portalled to the body (a scrolling lane or a clipped row never cuts it) and placed
// through the CSSOM (no style attribute: a strict CSP allows it).

/** Hover time before a tooltip opens. */
export const OPEN_DELAY_MS = 200;
/** After a tooltip closes, another of the same scope opening within this time opens at once. */
export const SKIP_DELAY_MS = 300;

interface Scope {
  lastClosedAt: number;
}

/** The timing a scope's tooltips share; null outside any `TooltipScope`. */
const SharedTooltips = createContext<Scope | null>(null);

/**
 * One tooltip scope for every tooltip below it: one open delay, and moving from one badge to the
 * next shows its tooltip at once. `RuntimeProvider` renders one, so an app never needs to; wrap
 * badges rendered outside any `RuntimeProvider` in it to share one there too.
 * @example
 * <TooltipScope><FactBadge fact="unknown" /><FactBadge fact="stale" /></TooltipScope>
 */
export function TooltipScope({ children }: { children?: ReactNode }): ReactNode {
  const scope = useRef<Scope>({ lastClosedAt: Number.NEGATIVE_INFINITY }).current;
  return <SharedTooltips.Provider value={scope}>{children}</SharedTooltips.Provider>;
}

/** The shared scope when there is one above; a scope of its own only for a tooltip rendered alone. */
// The return type is written out: inferred, it names React's internals by an empty import path in
// the published declarations.
export function TooltipFallback({ children }: { children: ReactNode }): ReactNode {
  return useContext(SharedTooltips) ? children : <TooltipScope>{children}</TooltipScope>;
}

/** Handlers for a tooltip's trigger, and the tooltip itself (rendered only while open). */
export interface TooltipParts {
  triggerRef: (element: HTMLElement | null) => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  tooltip: ReactNode;
}

/** A tooltip saying `text` for the element given `triggerRef`, opening on hover. */
export function useTooltip(text: string): TooltipParts {
  const scope = useContext(SharedTooltips);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onPointerEnter = useCallback(() => {
    clearTimeout(timer.current);
    const recently = scope !== null && performance.now() - scope.lastClosedAt < SKIP_DELAY_MS;
    if (recently) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), OPEN_DELAY_MS);
  }, [scope]);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was && scope) scope.lastClosedAt = performance.now();
      return false;
    });
  }, [scope]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
  const triggerRef = useCallback((element: HTMLElement | null) => void (trigger.current = element), []);
  return { triggerRef, onPointerEnter, onPointerLeave: close, tooltip: open ? <Bubble text={text} trigger={trigger} /> : null };
}

/** The open tooltip: below its trigger (above it when there is no room), inside the viewport. */
function Bubble({ text, trigger }: { text: string; trigger: { current: HTMLElement | null } }) {
  const bubble = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = bubble.current;
    const anchor = trigger.current?.getBoundingClientRect();
    if (!el || !anchor) return;
    const own = el.getBoundingClientRect();
    const below = anchor.bottom + GAP_PX + own.height <= window.innerHeight;
    el.style.top = `${below ? anchor.bottom + GAP_PX : Math.max(0, anchor.top - GAP_PX - own.height)}px`;
    el.style.left = `${Math.min(Math.max(0, anchor.left + anchor.width / 2 - own.width / 2), Math.max(0, window.innerWidth - own.width))}px`;
    el.dataset.side = below ? 'bottom' : 'top';
  });
  return createPortal(
    <span ref={bubble} role="tooltip" className="aui-tooltip aui-tooltip--floating">
      {text}
    </span>,
    document.body,
  );
}

const GAP_PX = 4;
