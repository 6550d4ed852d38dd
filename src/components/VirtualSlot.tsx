import { memo, useCallback, type HTMLAttributes } from 'react';
import { classes } from './format';
import type { VirtualRow } from './useVirtualRows';

// A file of its own, apart from VirtualList: the conversation (first screen) places its rows with
// it, while the lanes' lists (VirtualList) load with the lanes.

/** Props of `VirtualSlot`: the row, and any attribute of its `div`. */
export interface VirtualSlotProps extends HTMLAttributes<HTMLDivElement> {
  row: VirtualRow;
  virtualize: boolean;
  measure: (element: Element | null) => void;
}

/**
 * A row of a virtual list as a `div` the list places and measures (for lists whose rows are not
 * records of their own: conversation messages, timeline entries, tool rows). Placed through the
 * CSSOM when its offset changes; measured once mounted and ready.
 */
export const VirtualSlot = memo(function VirtualSlot({ row, virtualize, measure, className, children, ...rest }: VirtualSlotProps) {
  const { start, ready, index } = row;
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !virtualize) return;
      element.style.transform = `translateY(${start}px)`;
      if (ready) measure(element);
    },
    [start, ready, virtualize, measure],
  );
  return (
    <div ref={ref} data-index={index} className={classes(className, virtualize && 'aui-virtual__row')} {...rest}>
      {children}
    </div>
  );
});
