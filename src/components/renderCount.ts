/**
 * Render counting for tests: when a test installs `globalThis.__AUI_RENDER_COUNTS__` (a Map), each
 * counted component adds one per render. Otherwise a single property read.
 */
export function countRender(name: string, id: string): void {
  const counts = (globalThis as { __AUI_RENDER_COUNTS__?: Map<string, number> }).__AUI_RENDER_COUNTS__;
  if (counts) counts.set(`${name}:${id}`, (counts.get(`${name}:${id}`) ?? 0) + 1);
}
