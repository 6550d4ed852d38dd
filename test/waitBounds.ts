// Every wait in the unit tests is a bound reached only on failure. The libraries' default, one
// second, is what a loaded machine took just to load a lazy chunk: a virtualizer test failed that
// way beside the browser suites and two busy loops. Waits get 30 s unless a test says otherwise.
import { vi } from 'vitest';

/** How long `vi.waitFor`, `waitFor` and `findBy*` wait by default in the unit tests. */
export const WAIT_BOUND_MS = 30_000;

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) => waitFor(callback, typeof options === 'number' ? options : { timeout: WAIT_BOUND_MS, ...options })) as typeof vi.waitFor;

// Testing Library's waits (`waitFor`, `findBy*`), in the files that render into a DOM.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: WAIT_BOUND_MS });
}
