import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
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

/** Opens a story alone (the iframe), waits for it to render and for fonts to load. */
export async function openStory(page: Page, id: string, { theme = 'light', locale = 'en', args = '', query = '' }: { theme?: string; locale?: string; args?: string; query?: string } = {}) {
  // a11y.manual: Storybook's a11y addon does not run axe after every render here (a quarter of a story's
  // main-thread time on load); the specs that need axe run it themselves.
  await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=theme:${theme};locale:${locale};a11y.manual:!true${args ? `&args=${args}` : ''}${query}`);
  await page.locator('#storybook-root > *').first().waitFor();
  // A fixture's final state is hydrated in slices (FixturePlayer): wait until it is all applied.
  await page.waitForFunction(() => document.querySelector('[data-history="loading"]') === null);
  await page.evaluate(() => document.fonts.ready);
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
 * test reads them. Storybook's a11y addon may still be running axe in the page: wait for it rather than collide.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const results = await new AxeBuilder({ page }).include('#storybook-root').options({ resultTypes: ['violations'] }).analyze();
      return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
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
