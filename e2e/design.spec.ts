import { expect, test } from '@playwright/test';
import { openStory, storyIndex } from './stories';

// Design checks (issue 24): what a person sees at a glance, over every story that claims it.

const stories = storyIndex();
/** Stories that fill their window with a workbench: tagged `full-height` in their meta. */
const fullHeight = stories.filter((s) => s.tags?.includes('full-height'));

test('the full-height stories are tagged (fixtures, layouts, scenes)', () => {
  expect(fullHeight.length).toBeGreaterThanOrEqual(60);
});

// One document height: the workbench scrolls inside its box, the page never grows past the window
// (an empty hidden element once made the coding session 3,877 px tall and 10,000 messages 1.4 M px).
for (const width of [1280, 400]) {
  test(`no full-height story makes its page taller or wider than a ${width} px window`, async ({ page }) => {
    test.setTimeout(20 * 60_000);
    await page.setViewportSize({ width, height: 800 });
    const failures: string[] = [];
    for (const story of fullHeight) {
      await openStory(page, story.id);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth, vh: innerHeight, vw: innerWidth }));
      if (m.height > m.vh) failures.push(`${story.id}: the page is ${m.height} px tall in a ${m.vh} px window`);
      if (m.width > m.vw) failures.push(`${story.id}: the page is ${m.width} px wide in a ${m.vw} px window`);
    }
    expect(failures).toEqual([]);
  });
}
