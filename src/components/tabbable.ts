// Which elements the Tab key visits, in document order. Small on purpose: the kit needs it for the
// thread (one tab stop) and the skip link, not a general focus-trap library.

const CANDIDATES = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/** An element Tab stops on: focusable, in the tab order, not disabled, not hidden. */
export function isTabbable(el: Element): el is HTMLElement {
  if (!(el instanceof HTMLElement) || el.tabIndex < 0) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.closest('[hidden], [inert]')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  // Browsers: not rendered (display: none, visibility: hidden). jsdom has no layout and no checkVisibility.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) : true;
}

/** The tabbable elements inside `root`, in document order. */
export function tabbablesIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll(CANDIDATES)].filter(isTabbable);
}

/**
 * The first tabbable element after (`next`) or last before (`previous`) `region` in the document,
 * skipping everything inside the region: where Tab goes when it leaves a composite widget.
 */
export function tabbableOutside(region: Element, direction: 'next' | 'previous'): HTMLElement | undefined {
  const all = tabbablesIn(region.ownerDocument);
  const outside = all.filter((el) => !region.contains(el));
  if (direction === 'next') return outside.find((el) => region.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  for (let i = outside.length - 1; i >= 0; i--) {
    if (region.compareDocumentPosition(outside[i]!) & Node.DOCUMENT_POSITION_PRECEDING) return outside[i];
  }
  return undefined;
}
