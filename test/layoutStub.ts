// Its own module: a test that must not preload the kit's lazy chunks (the component harness does)
// can stub the layout without importing the harness.

/** jsdom has no layout: give elements a size so the virtualizer renders rows. */
export function stubLayout(height = 600, width = 800): void {
  Element.prototype.getBoundingClientRect = function () {
    return { width, height, top: 0, left: 0, bottom: height, right: width, x: 0, y: 0, toJSON() {} } as DOMRect;
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => width });
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
