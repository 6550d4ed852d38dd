import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Issue 23 item 7: a server-rendered workbench hydrated under a strict CSP was 4,549 px tall instead
// of 800: the conversation container lost `position: relative` because the server's inline style
// attributes were blocked (5 violations). Every style the kit needs comes from its stylesheet or
// the CSSOM after mount.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'";
const APP_CSS = 'html, body, #root { height: 100%; margin: 0; } .app-workbench { height: 100%; }';
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
// AGENTUI_SSR_DEV=1 bundles React's development build: readable hydration errors when this fails.

const html: Record<'virtualized' | 'whole', string> = { virtualized: '', whole: '' };
let files = new Map<string, string>();
let dir = '';

// One worker: both tests read the one server render and client build made below. One retry, for
// now: in two quiet CI runs on 27 November (and in none of 60 local runs, alone, in the whole e2e
// suite or beside busy loops) the virtualized thread hydrated and then stayed 8,900 px short of its
// end for the whole 20 s wait (placed, not busy, never pinned: its top at 0). A suspect is fixed
// (the virtualizer wrote offset 0 when it attached: virtualizerArrival.test.tsx); until CI runs
// say whether it was this, a retry loads the page afresh, a second miss fails the run, and a miss
// reports the scroller's scroll events.
test.describe.configure({ mode: 'default', retries: 1 });

test.beforeAll(async () => {
  dir = mkdtempSync(join(root, 'node_modules/.cache/agentui-ssr-'));
  const common = { bundle: true, jsx: 'automatic', loader: { '.jsonl': 'text', '.css': 'empty' }, define: { 'process.env.NODE_ENV': process.env.AGENTUI_SSR_DEV ? '"development"' : '"production"' }, logLevel: 'error' } as const;
  // `?raw` imports (Vite's) are plain text here.
  const raw = { name: 'raw', setup: (b: import('esbuild').PluginBuild) => b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?raw$/, '')) })) };
  await build({ ...common, entryPoints: [join(here, 'ssr/server.tsx')], outfile: join(dir, 'server.mjs'), platform: 'node', format: 'esm', packages: 'external', plugins: [raw] });
  const { render } = (await import(pathToFileURL(join(dir, 'server.mjs')).href)) as { render: (virtualize: boolean) => Promise<string> };
  html.virtualized = await render(true);
  html.whole = await render(false);
  // The client as an app's bundler makes it: ES modules, the lazy markdown and highlight chunks apart.
  await build({ ...common, entryPoints: [join(here, 'ssr/client.tsx')], outdir: join(dir, 'client'), platform: 'browser', format: 'esm', splitting: true, minify: true, plugins: [raw] });
  files = new Map(readdirSync(join(dir, 'client')).map((name) => [`/${name}`, readFileSync(join(dir, 'client', name), 'utf8')]));
  files.set('/styles.css', readFileSync(join(root, 'src/styles/styles.css'), 'utf8'));
  files.set('/app.css', APP_CSS);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const mode of ['virtualized', 'whole'] as const) {
  test(`a server-rendered workbench (${mode}) hydrates under a strict CSP with its layout, no violation and no mismatch`, async ({ page }) => {
    const served = html[mode];
    expect(served).toContain('aui-workbench');
    // The server sends no style attribute at all: the CSP would block every one.
    expect(served.match(/<[^>]* style="[^"]*"[^>]*>/g) ?? []).toEqual([]);
    // The server had the parser: the long answer (the newest message) is markup, not text, whether
    // it rendered every row or, virtualized, the newest screen of them (before: no row at all).
    expect(served).toContain('<h4>');
    if (mode === 'virtualized') expect(served).toContain('data-flow-rows');
    await page.setViewportSize({ width: 1280, height: 800 });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => ((window as unknown as { __csp: string[] }).__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)));
    await page.route('http://ssr.test/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') {
        return route.fulfill({
          contentType: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': CSP },
          body: `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/styles.css"><link rel="stylesheet" href="/app.css"><script type="module" src="/client.js"></script></head><body><div id="root" data-virtualize="${mode === 'virtualized'}">${served}</div></body></html>`,
        });
      }
      const body = files.get(path);
      return body === undefined ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ contentType: path.endsWith('.css') ? 'text/css' : 'text/javascript', body });
    });
    // The scroller's scroll events (ms since load, top, height, busy, rows): a miss reports them.
    await page.addInitScript(() => {
      const log: unknown[] = ((window as unknown as { __scrolls: unknown[] }).__scrolls = []);
      document.addEventListener(
        'scroll',
        (e) => {
          const el = e.target as HTMLElement;
          if (log.length < 200 && el.classList?.contains('aui-conversation__scroll')) log.push([Math.round(performance.now()), el.scrollTop, el.scrollHeight, el.getAttribute('aria-busy'), el.querySelectorAll('.aui-conversation__row').length]);
        },
        true,
      );
    });
    await page.goto('http://ssr.test/');
    await page.waitForFunction(() => (window as unknown as { __hydrated?: boolean }).__hydrated === true);
    // Hydrated, the markdown chunk arrived, the rows in view mounted and measured.
    await expect(page.locator('.aui-markdown h4').first()).toBeAttached();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The thread opens at its newest: once its rows are placed and measured the view is pinned at the
    // end. Waited for as a state, not a number of frames: the markdown chunk's arrival re-measures
    // the rows, and on a quiet CI run the pin landed after the two frames above (8,950 px short once).
    const toEnd = () => page.evaluate(() => {
      const log = document.querySelector('.aui-conversation__scroll')!;
      return log.getAttribute('aria-busy') === 'true' ? Number.POSITIVE_INFINITY : log.scrollHeight - log.clientHeight - log.scrollTop;
    });
    await expect
      .poll(toEnd, { message: 'the thread is pinned at its end' })
      .toBeLessThanOrEqual(24)
      .catch(async (error: Error) => {
        const scrolls = await page.evaluate(() => (window as unknown as { __scrolls: unknown[] }).__scrolls);
        throw new Error(`${error.message}\nscroll events [ms, top, height, busy, rows]: ${JSON.stringify(scrolls)}`);
      });
    const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    const layout = await page.evaluate(() => ({
      documentHeight: document.documentElement.scrollHeight,
      workbenchHeight: document.querySelector('.aui-workbench')!.getBoundingClientRect().height,
      innerPosition: getComputedStyle(document.querySelector('.aui-conversation__inner')!).position,
      rowPosition: getComputedStyle(document.querySelector('.aui-conversation__row')!).position,
      progressWidth: document.querySelector('.aui-progress > span')?.getBoundingClientRect().width ?? -1,
      log: (({ scrollHeight, clientHeight, scrollTop }) => ({ scrollHeight, clientHeight, scrollTop }))(document.querySelector('.aui-conversation__scroll')!),
    }));
    const hydrationErrors = await page.evaluate(() => (window as unknown as { __hydrationErrors: string[] }).__hydrationErrors);
    expect({ violations, problems, hydrationErrors }).toEqual({ violations: [], problems: [], hydrationErrors: [] });
    // Before: 4,549 px (the conversation's rows in normal flow under a container without position).
    expect(layout.documentHeight).toBeLessThanOrEqual(800);
    expect(layout.workbenchHeight).toBe(800);
    if (mode === 'virtualized') {
      expect(layout.innerPosition).toBe('relative');
      expect(layout.rowPosition).toBe('absolute');
    }
    // The thread opens at its newest, taller than its window: the server's rows showed their end,
    // and once placed the view is pinned there.
    expect(layout.log.scrollHeight).toBeGreaterThan(layout.log.clientHeight);
    expect(layout.log.scrollHeight - layout.log.clientHeight - layout.log.scrollTop).toBeLessThanOrEqual(24);
  });
}
