import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { THEMES, openStory, storyIndex } from './stories';

const fixtureStories = storyIndex().filter((s) => s.title.startsWith('Fixtures/'));

for (const theme of THEMES) {
  for (const story of fixtureStories) {
    test(`axe: ${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, story.id, { theme });
      const results = await new AxeBuilder({ page }).include('#storybook-root').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    });
  }
}
