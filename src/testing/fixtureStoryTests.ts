// What a product team's Playwright suite imports to test its recorded sessions
// (`agentui-kit/playwright`): open a FixtureStory's Storybook iframe once the session is all
// applied and the fonts are in, and compare it with a committed screenshot. Only Playwright's
// types are imported: the app's own `test` (and its `expect`) run it.
import type { Page, PlaywrightTestArgs, TestType } from '@playwright/test';

/** Options of `openFixtureStory`. */
export interface OpenFixtureStoryOptions {
  /** Storybook globals for the URL (`theme:dark;locale:fr`), when the app's preview reads any. */
  globals?: string;
}

/**
 * Opens one story of a recorded session in Storybook's iframe (the page's `baseURL` serves the
 * Storybook build) and waits until every event is applied and the fonts have loaded.
 * @example
 * await openFixtureStory(page, 'sessions-checkout--final-state');
 */
export async function openFixtureStory(page: Page, storyId: string, options: OpenFixtureStoryOptions = {}): Promise<void> {
  const globals = options.globals ? `&globals=${encodeURIComponent(options.globals)}` : '';
  await page.goto(`/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story${globals}`);
  await page.locator('[data-agentui-fixture]').first().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-agentui-fixture][data-history="loading"]') === null);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Options of `fixtureStoryTests`. */
export interface FixtureStoryTestOptions {
  /** The stories' id (the meta `id` that `agentui story` writes), e.g. `sessions-checkout`. */
  id: string;
  /** Which stories to compare, by id suffix. Default `['final-state']`. */
  stories?: readonly string[];
  /** Storybook globals for every story (`theme:dark`). */
  globals?: string;
  /** Screenshot the whole page, not only the viewport. Default true. */
  fullPage?: boolean;
}

/**
 * Registers one visual test per story of a recorded session: the story rendered, compared with its
 * baseline (`<id>--final-state.png`, taken with `--update-snapshots=missing` the first time).
 * @example
 * import { test } from '@playwright/test';
 * fixtureStoryTests(test, { id: 'sessions-checkout' });
 */
export function fixtureStoryTests<Args extends PlaywrightTestArgs, Workers extends object>(test: TestType<Args, Workers>, options: FixtureStoryTestOptions): void {
  const stories = options.stories ?? ['final-state'];
  test.describe(`recorded session ${options.id}`, () => {
    for (const story of stories) {
      test(story, async ({ page }) => {
        await openFixtureStory(page, `${options.id}--${story}`, { globals: options.globals });
        await test.expect(page).toHaveScreenshot(`${options.id}--${story}.png`, { fullPage: options.fullPage ?? true, animations: 'disabled', caret: 'hide' });
      });
    }
  });
}
