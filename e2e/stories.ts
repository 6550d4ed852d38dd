import { readFileSync } from 'node:fs';
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
  // main-thread time on load); the accessibility spec runs axe itself.
  await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=theme:${theme};locale:${locale};a11y.manual:!true${args ? `&args=${args}` : ''}${query}`);
  await page.locator('#storybook-root > *').first().waitFor();
  // A fixture's final state is hydrated in slices (FixturePlayer): wait until it is all applied.
  await page.waitForFunction(() => document.querySelector('[data-history="loading"]') === null);
  await page.evaluate(() => document.fonts.ready);
}
