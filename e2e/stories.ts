import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  type: string;
  tags?: string[];
}

/** The built Storybook's index: the suite covers what the build contains, nothing hand-listed. */
export function storyIndex(): StoryEntry[] {
  const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, StoryEntry> };
  return Object.values(index.entries).filter((e) => e.type === 'story');
}

export const THEMES = ['light', 'dark'] as const;

/**
 * Opens a story alone (the iframe), waits for it to render and for fonts to load. A page already
 * showing a story with the same globals and no args switches story through Storybook's own channel
 * (`setCurrentStory`), as its manager does: the previous story is unmounted, and the preview's
 * bundles are not loaded and run again (0.1-0.8 s a switch against 1.2-1.6 s a navigation here).
 * Anything else (other globals, args, a query) navigates.
 */
export async function openStory(page: Page, id: string, { theme = 'light', locale = 'en', args = '', query = '' }: { theme?: string; locale?: string; args?: string; query?: string } = {}) {
  // a11y.manual: Storybook's a11y addon does not run axe after every render here (a quarter of a story's
  // main-thread time on load); the specs that need axe run it themselves.
  const globals = `theme:${theme};locale:${locale};a11y.manual:!true`;
  const switchable = args === '' && query === '' && (await page.evaluate((key) => (window as { __auiGlobals?: string }).__auiGlobals === key, globals).catch(() => false));
  if (switchable) await switchStory(page, id);
  else {
    await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=${globals}${args ? `&args=${args}` : ''}${query}`);
    // Marks the page as one a later open may switch: only when nothing but the globals was asked for.
    if (args === '' && query === '') await page.evaluate((key) => ((window as { __auiGlobals?: string }).__auiGlobals = key), globals);
  }
  // A story that is not in the index, or failed to load, shows Storybook's error display instead:
  // said at once, by name, rather than waited on until the test's time runs out. A switch has
  // already been told (its channel's events): there the display may still show the previous
  // story's error while the new story mounts, so only the story itself is waited for.
  const shown = await page.waitForFunction(
    (readErrorDisplay) =>
      document.querySelector('#storybook-root > *') !== null ? 'story' : readErrorDisplay && document.body.classList.contains('sb-show-errordisplay') ? 'error' : false,
    !switchable,
  );
  if ((await shown.jsonValue()) === 'error') {
    throw new Error(`story ${id} did not render: ${(await page.locator('#error-message').innerText()).trim()}`);
  }
  // A fixture's final state is hydrated in slices (FixturePlayer): wait until it is all applied.
  await page.waitForFunction(() => document.querySelector('[data-history="loading"]') === null);
  await page.evaluate(() => document.fonts.ready);
}

/** Shows another story in the preview already loaded, and resolves once Storybook has rendered it. */
async function switchStory(page: Page, id: string) {
  await page.evaluate(
    (storyId) =>
      new Promise<void>((resolve, reject) => {
        type Channel = { on(event: string, f: (e: unknown) => void): void; off(event: string, f: (e: unknown) => void): void; emit(event: string, e: unknown): void };
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__;
        const current = new URL(location.href).searchParams.get('id');
        const listeners: [string, (e: unknown) => void][] = [
          ['storyRendered', () => settle()],
          ['storyErrored', (e) => settle(new Error(`story ${storyId} failed to render: ${JSON.stringify(e)}`))],
          ['storyThrewException', (e) => settle(new Error(`story ${storyId} threw: ${JSON.stringify(e)}`))],
          ['storyMissing', () => settle(new Error(`story ${storyId} is not in the index`))],
        ];
        const settle = (error?: Error) => {
          for (const [event, listener] of listeners) channel.off(event, listener);
          if (error) reject(error);
          else resolve();
        };
        for (const [event, listener] of listeners) channel.on(event, listener);
        // The window's scroll belongs to the story shown before: a new story starts at the top.
        scrollTo(0, 0);
        // The story shown again is remounted (the manager's "Remount component"): Storybook renders
        // nothing for a switch to the story it shows.
        if (current === storyId) channel.emit('forceRemount', { storyId });
        else {
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
          // The address names the story shown, as after a navigation (a test may read it).
          history.replaceState(null, '', location.href.replace(/([?&]id=)[^&]*/, `$1${storyId}`));
        }
      }),
    id,
  );
}

/** Stories that fill their window with a workbench: tagged `full-height` in their meta. */
export function isFullHeight(story: StoryEntry): boolean {
  return story.tags?.includes('full-height') ?? false;
}

/**
 * The stories the sweep (storySweep.spec.ts) opens in each theme: every fixture's final state and
 * every surface's matrix. Other specs leave out what the sweep already checks of these.
 */
export function isSwept(story: StoryEntry): boolean {
  return (story.title.startsWith('Fixtures/') && story.id.endsWith('--final-state')) || story.title.startsWith('Surfaces/');
}

/**
 * axe's violations in the story's root, one line each (rule and up to three targets). Only
 * violations are collected (`resultTypes`): the passes' node lists cost a fifth of the run and no
 * test reads them. axe runs in the page itself, injected once per document: @axe-core/playwright's
 * `analyze` injected it into every frame again and finished each run in a new blank page (1.2-1.8 s
 * a run here, against 0.1-0.2 s once injected). The stories hold no frames to walk into.
 * Storybook's a11y addon may still be running axe in the page: wait for it rather than collide.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(async () => {
        const run = (window as unknown as { axe: typeof axe }).axe.run;
        const results = await run('#storybook-root', { resultTypes: ['violations'] });
        return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      });
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('Axe is already running')) throw error;
      await page.waitForTimeout(300);
    }
  }
}

/** The document's size against the window's: a full-height story never makes its page scroll. */
export async function pageOverflow(page: Page, storyId: string): Promise<string[]> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const m = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth, vh: innerHeight, vw: innerWidth }));
  const found: string[] = [];
  if (m.height > m.vh) found.push(`${storyId}: the page is ${m.height} px tall in a ${m.vh} px window`);
  if (m.width > m.vw) found.push(`${storyId}: the page is ${m.width} px wide in a ${m.vw} px window`);
  return found;
}
