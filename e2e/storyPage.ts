import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * `storyPage`: one page per worker for tests that only open stories and read them. A new context
 * per test starts with an empty cache and loads Storybook's bundles again (1.36 s an open against
 * 0.66 s on a reused page, measured here). On a page already showing a story, `openStory` switches
 * story through Storybook's channel, which unmounts the last one (the kit keeps nothing in storage,
 * and the window is scrolled back to the top); other globals or args navigate. The viewport is set
 * back for each test. A failed test ends its worker, page and all.
 */
export const test = base.extend<{ storyPage: Page }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, deviceScaleFactor, reducedMotion, colorScheme, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, deviceScaleFactor, reducedMotion, colorScheme, baseURL });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  storyPage: async ({ workerPage, viewport }, use) => {
    if (viewport) await workerPage.setViewportSize(viewport);
    // An error the story throws outside React's boundaries (an effect, a promise) fails the test, as
    // it fails a story test.
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    workerPage.on('pageerror', onError);
    await use(workerPage);
    workerPage.off('pageerror', onError);
    expect(errors, 'errors thrown in the page').toEqual([]);
  },
});
