import { expect, test } from '@playwright/test';
import { PINNED_CHROMIUM_VERSION } from '../scripts/pinned-chromium.mjs';
import { THEMES, openStory, storyIndex } from './stories';

const stories = storyIndex();
const finalStates = stories.filter((s) => s.title.startsWith('Fixtures/') && s.id.endsWith('--final-state'));
const matrices = stories.filter((s) => s.title.startsWith('Surfaces/'));

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
  for (const story of [...finalStates, ...matrices]) {
    test(`${story.id} (${theme})`, async ({ page }) => {
      await openStory(page, story.id, { theme });
      await expect(page).toHaveScreenshot(`${story.id}-${theme}.png`, { fullPage: true });
    });
  }

  // Key frames mid-stream, reached by stepping the player to a recorded position.
  const frames: [string, string, number, string][] = [
    ['status-before-first-text', 'fixtures-text-basic--playback', 3, '.aui-runtime-status[data-status="preparing"]'],
    ['tool-running', 'fixtures-tool-success--playback', 9, '.aui-tool-call[data-tool-status="running"]'],
    ['approval-pending', 'fixtures-hitl-action--playback', 5, '.aui-action[data-action-status="pending"]'],
  ];
  for (const [name, id, steps, selector] of frames) {
    test(`mid-stream: ${name} (${theme})`, async ({ page }) => {
      // Playback opens on the finished session; these frames start from the first event.
      await openStory(page, id, { theme, args: 'startAt:0' });
      for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Step one event' }).click();
      await expect(page.locator(selector).first()).toBeVisible();
      await expect(page.locator('[data-role="assistant"] .aui-markdown')).toHaveCount(0);
      await expect(page).toHaveScreenshot(`mid-stream-${name}-${theme}.png`);
    });
  }
}
