import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The workbench's side lanes as a sheet, for a box too narrow to show them beside the thread (the
 * container queries decide when the toggle and the sheet apply). Opening moves focus to the active
 * tab; Escape or the close button closes it and returns focus to the toggle.
 */
export function useLanesSheet() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);

  const show = useCallback((focus = true) => {
    focusOnOpen.current = focus;
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    // Only when the toggle is shown: in the wide layout the lanes are not a sheet.
    if (toggleRef.current && toggleRef.current.offsetParent !== null) toggleRef.current.focus();
  }, []);
  const toggle = useCallback(() => (open ? close() : show()), [open, close, show]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
      event.preventDefault();
      close();
    },
    [open, close],
  );

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    sheetRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  }, [open]);

  return { open, show, close, toggle, onKeyDown, toggleRef, sheetRef };
}
