import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { classes } from './format';
import { useVirtualRows, type VirtualRow } from './useVirtualRows';

/** What a row spreads on its root element: where the list positions and measures it. */
export interface VirtualRowProps {
  ref: (element: HTMLElement | null) => void;
  className: string;
  'data-index': number;
}

/** Props of `VirtualList`. */
export interface VirtualListProps {
  /** One key per row (record ids), in order. */
  keys: readonly string[];
  /** A row's height before it is measured, in pixels. */
  estimateSize: number;
  /** The row for `key`; spread `rowProps` on its root element (an `li` in a `ul` list). */
  renderRow: (key: string, rowProps: VirtualRowProps) => ReactNode;
  /** The list element: `ul` for rows that are `li`, `div` otherwise. */
  as?: 'ul' | 'div';
  /** Mount only the rows in view (default `true`); `false` mounts every row in normal flow (server rendering). */
  virtualize?: boolean;
  /** Classes of the list element. */
  className?: string;
  /** The list element's role and accessible name. */
  role?: string;
  'aria-label'?: string;
  /** A row to bring into view and focus (a new object asks again); `onRevealed` is called once it has focus: clear `reveal` there. */
  reveal?: { key: string };
  onRevealed?: () => void;
}

/**
 * A lane's list of records, virtualized: a runtime can grow any of them to thousands (3,000
 * artifacts were one 14 s task; 20k diagnostics 140k elements), so only the rows in view mount,
 * measured as they render. Positions go through the CSSOM in layout effects and classes in the
 * kit's stylesheet, never through style attributes: a server render under a strict CSP
 * (`style-src 'self'`) keeps its layout.
 */
export function VirtualList({ keys, estimateSize, renderRow, as: List = 'ul', virtualize = true, className, role, 'aria-label': label, reveal, onRevealed }: VirtualListProps) {
  const { scrollRef, spaceRef: space, virtualizer, onScroll, rows, placed } = useVirtualRows({ keys, estimateSize, stickToBottom: false, overscan: 4, virtualize });
  const mounted = rows();
  // Reveal: focus the row if it is mounted, else scroll it into the window; it focuses itself once mounted.
  const revealed = useLatest(reveal ? { key: reveal.key, done: onRevealed ?? noop } : undefined);
  const elements = useRef(new Map<string, HTMLElement>()).current;
  useLayoutEffect(() => {
    const target = revealed.current;
    if (!target) return;
    const mountedRow = elements.get(target.key);
    if (mountedRow && mountedRow.getAttribute('aria-hidden') !== 'true') {
      mountedRow.focus();
      target.done();
      return;
    }
    const index = keys.indexOf(target.key);
    if (index >= 0 && placed) virtualizer.scrollToIndex(index, { align: 'center' });
    // Only when asked again (a new `reveal` object), not on every new key; and once more when the
    // virtualizer places the rows (its code loads with the list's first row), if the row is still to reveal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal, placed]);
  return (
    <div ref={scrollRef} className="aui-lane-list" onScroll={onScroll}>
      <List ref={space as never} className={classes(className, placed && 'aui-virtual')} role={role} aria-label={label}>
        {mounted.map((row) => (
          <Row key={row.key} row={row} rowKey={keys[row.index]!} virtualize={placed} measure={virtualizer.measureElement} renderRow={renderRow} placeholder={List === 'ul' ? 'li' : 'div'} revealed={revealed} elements={elements} />
        ))}
      </List>
    </div>
  );
}

const noop = () => {};

/** A ref holding the latest `value` of each render (set while rendering; read by effects and ref callbacks). */
function useLatest<T>(value: T): { current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

const Row = memo(function Row({
  row,
  rowKey,
  virtualize,
  measure,
  renderRow,
  placeholder: Placeholder,
  revealed,
  elements,
}: {
  row: VirtualRow;
  rowKey: string;
  virtualize: boolean;
  measure: (element: Element | null) => void;
  renderRow: VirtualListProps['renderRow'];
  placeholder: 'li' | 'div';
  revealed: { current: { key: string; done: () => void } | undefined };
  elements: Map<string, HTMLElement>;
}) {
  const { start, ready, index } = row;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) {
        elements.delete(rowKey);
        return;
      }
      elements.set(rowKey, element);
      if (virtualize) {
        element.style.transform = `translateY(${start}px)`;
        if (ready) measure(element);
      }
      const target = revealed.current;
      // Until the owner clears `reveal` (in onRevealed): a row the list mounts again while it
      // settles its measurements takes focus again.
      if (ready && target?.key === rowKey) {
        element.focus();
        target.done();
      }
    },
    [start, ready, virtualize, measure, rowKey, revealed, elements],
  );
  const rowProps: VirtualRowProps = { ref, className: 'aui-virtual__row', 'data-index': index };
  // An overscan row waiting for its frame: an empty, unmeasured slot.
  if (!ready) return <Placeholder ref={ref as never} className="aui-virtual__row" aria-hidden="true" data-index={index} />;
  return renderRow(rowKey, rowProps);
});
