import { expect, test } from './storyPage';
import { PINNED_CHROMIUM_VERSION } from '../scripts/pinned-chromium.mjs';
import { THEMES, axeViolations, isFullHeight, isSwept, openStory, pageOverflow, storyIndex } from './stories';

// The sweep: every fixture's final state and every surface's matrix, opened once per theme, and
// checked for all a static story owes: its screenshot, no axe violation (fixtures: the surfaces'
// own stories run axe as story tests), and in the light pass a page no larger than a 1280 and a
// 400 px window, with axe again at 400 px. One visit for all: opening a story was a third of the
// suite's time. The fixture stories are not story tests (vite.config.ts): this is where they run.

const stories = storyIndex();
const swept = stories.filter(isSwept);
const finalStates = swept.filter((s) => s.title.startsWith('Fixtures/'));
const matrices = swept.filter((s) => s.title.startsWith('Surfaces/'));

// The baselines are drawn by the project's pinned Chromium; another build redraws native widgets and
// text by a pixel here and there. CHROMIUM_PATH (a deliberate override) is the only way around it.
test('screenshots are taken in the pinned Chromium', ({ browser }) => {
  test.skip(Boolean(process.env.CHROMIUM_PATH), 'CHROMIUM_PATH chose another browser on purpose');
  expect(browser.version()).toBe(PINNED_CHROMIUM_VERSION);
});

test('the build has a final-state story per fixture and a matrix per surface', () => {
  expect(finalStates.length).toBeGreaterThanOrEqual(12);
  expect(matrices.length).toBeGreaterThanOrEqual(10);
});

for (const theme of THEMES) {
  for (const story of swept) {
    const finalState = finalStates.includes(story);
    test(`${story.id} (${theme})`, async ({ storyPage: page }) => {
      await openStory(page, story.id, { theme });
      await expect.soft(page).toHaveScreenshot(`${story.id}-${theme}.png`, { fullPage: true });
      if (finalState) expect.soft(await axeViolations(page), 'axe').toEqual([]);
      if (theme === 'light' && isFullHeight(story)) {
        // The kit lays out by CSS alone (no width read in script), so a resized window is laid out
        // as one opened at that width; the virtualizer re-measures its rows on the resize.
        const overflow = await pageOverflow(page, story.id);
        await page.setViewportSize({ width: 400, height: 800 });
        overflow.push(...(await pageOverflow(page, story.id)));
        expect.soft(overflow).toEqual([]);
        // The narrow layout (lanes stacked under the thread) is another page to axe.
        if (finalState) expect(await axeViolations(page), 'axe at 400 px').toEqual([]);
      }
    });
  }

  // Key frames mid-stream, reached by stepping the player to a recorded position.
  const frames: [string, string, number, string][] = [
    ['status-before-first-text', 'fixtures-text-basic--playback', 3, '.aui-runtime-status[data-status="preparing"]'],
    ['tool-running', 'fixtures-tool-success--playback', 9, '.aui-tool-call[data-tool-status="running"]'],
    ['approval-pending', 'fixtures-hitl-action--playback', 5, '.aui-action[data-action-status="pending"]'],
  ];
  for (const [name, id, steps, selector] of frames) {
    test(`mid-stream: ${name} (${theme})`, async ({ storyPage: page }) => {
      // Playback opens on the finished session; these frames start from the first event.
      await openStory(page, id, { theme, args: 'startAt:0' });
      for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Step one event' }).click();
      await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator('[data-role="assistant"] .aui-markdown')).toHaveCount(0);
      await expect(page).toHaveScreenshot(`mid-stream-${name}-${theme}.png`);
    });
  }
}
