import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { THEMES, openStory, storyIndex } from './stories';

/** Storybook's a11y addon runs axe in the same page after render; wait for it rather than collide. */
async function analyzeWhenIdle(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new AxeBuilder({ page }).include('#storybook-root').analyze();
    } catch (error) {
      if (attempt >= 10 || !String(error).includes('Axe is already running')) throw error;
      await page.waitForTimeout(300);
    }
  }
}

const fixtureStories = storyIndex().filter((s) => s.title.startsWith('Fixtures/'));

for (const theme of THEMES) {
  for (const story of fixtureStories) {
    test(`axe: ${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, story.id, { theme });
      const results = await analyzeWhenIdle(page);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    });
  }
}
