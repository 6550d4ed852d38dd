import { expect, test, type Page } from '@playwright/test';
import { openStory } from './stories';

// The pin is the reader's intent: while they have not scrolled away, a fast stream keeps the
// newest text on screen in every frame, whichever way the deltas reach the kit; once they scroll
// up, the view stays where they put it and "Jump to latest" brings them back.

interface BenchRecord {
  arrived: number;
  sampled: number;
  inView: number;
  endedAt?: number;
}
const record = (page: Page) => page.evaluate(() => (window as unknown as { __bench: BenchRecord }).__bench);
const scroller = (page: Page) => page.locator('.aui-conversation__scroll');
const scrollTop = (page: Page) => scroller(page).evaluate((el) => el.scrollTop);
const jump = (page: Page) => page.getByRole('button', { name: 'Jump to latest' });
/**
 * Frames sampled just before paint by the scene's own probe during `ms` (see
 * stories/behaviour/bench/frameProbe.ts), and how many showed the newest text.
 */
async function framesOver(page: Page, ms: number) {
  const before = await record(page);
  await page.waitForTimeout(ms);
  const after = await record(page);
  return { sampled: after.sampled - before.sampled, inView: after.inView - before.inView };
}

/** Once settled at the end (a frame or two for a jump to land), every frame shows the newest text. */
async function expectNewestInEveryFrame(page: Page) {
  await page.waitForTimeout(200);
  const pinned = await framesOver(page, 600);
  expect(pinned.sampled).toBeGreaterThan(5);
  expect(pinned.inView).toBe(pinned.sampled);
}

async function openPinScene(page: Page, path: string, rate: number, deltas: number) {
  await openStory(page, 'behaviour-bench--pin-scene', { query: `&feed=${path}&rate=${rate}&deltas=${deltas}&start=0` });
  await expect(page.locator('.aui-conversation')).toHaveAttribute('data-count', '200');
  await page.waitForTimeout(300);
  await page.evaluate(() => (window as unknown as { __pin: { start(): void } }).__pin.start());
}

for (const path of ['ingest', 'hook', 'workbench']) {
  test(`keeps the newest text on screen in every frame while pinned (${path})`, async ({ page }) => {
    await openPinScene(page, path, 1000, 3000);
    await expect.poll(async () => (await record(page)).endedAt, { timeout: 30_000 }).toBeDefined();
    const r = await record(page);
    expect(r.arrived).toBe(3000);
    expect(r.sampled).toBeGreaterThan(50);
    // Every sampled frame but at most 1%: the machine is shared, a frame may come before a commit.
    expect(r.inView / r.sampled).toBeGreaterThanOrEqual(0.99);
    await expect(page.locator('.aui-conversation')).toHaveAttribute('data-pinned', 'true');
    await expect(jump(page)).toHaveCount(0);
  });
}

/** Streams a long answer and, once it is under way, wheels up 1,500 px as a reader would. */
async function scrollUpWhileStreaming(page: Page, feed: string) {
  await openPinScene(page, feed, 1000, 20_000);
  await expect.poll(async () => (await record(page)).arrived).toBeGreaterThan(500);
  await scroller(page).hover();
  await page.mouse.wheel(0, -1500);
  await expect(jump(page)).toBeVisible();
}

test('after the reader scrolls up, the view stays where they put it; "Jump to latest" re-pins', async ({ page }) => {
  await scrollUpWhileStreaming(page, 'ingest');
  await expect(page.locator('.aui-conversation')).not.toHaveAttribute('data-pinned', 'true');
  // Let the wheel's smooth scroll settle, then watch the view while the stream goes on.
  await page.waitForTimeout(400);
  const held = await scrollTop(page);
  const arrivedBefore = (await record(page)).arrived;
  await page.waitForTimeout(600);
  expect((await record(page)).arrived).toBeGreaterThan(arrivedBefore + 200);
  expect(await scrollTop(page)).toBe(held);
  expect((await framesOver(page, 300)).inView).toBe(0);

  await jump(page).click();
  await expect(page.locator('.aui-conversation')).toHaveAttribute('data-pinned', 'true');
  await expect(jump(page)).toHaveCount(0);
  await expectNewestInEveryFrame(page);
});

test('scrolling back down to the bottom by hand re-pins', async ({ page }) => {
  await scrollUpWhileStreaming(page, 'hook');
  await page.waitForTimeout(400);
  await page.mouse.wheel(0, 1_000_000);
  await expect(page.locator('.aui-conversation')).toHaveAttribute('data-pinned', 'true');
  await expect(jump(page)).toHaveCount(0);
  await expectNewestInEveryFrame(page);
});
