/**
 * Render counting for tests: when a test installs `globalThis.__AUI_RENDER_COUNTS__` (a Map), each
 * counted component adds one per render. Callers guard the call with
 * `process.env.NODE_ENV !== 'production'`, as React guards its development checks: an app's
 * production build drops it (and this module), and React already needs the variable defined.
 */
export function countRender(name: string, id: string): void {
  const counts = (globalThis as { __AUI_RENDER_COUNTS__?: Map<string, number> }).__AUI_RENDER_COUNTS__;
  if (counts) counts.set(`${name}:${id}`, (counts.get(`${name}:${id}`) ?? 0) + 1);
}
