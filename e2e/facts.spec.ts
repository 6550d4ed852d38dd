import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { rawValuesIn, runtimeProse, RUNTIME_TEXT } from '../test/rawValues';
import { openStory } from './stories';

// Issue 15 items 3 and 4 in the built Storybook: one fact in one place, and no raw runtime values
// on screen in the pseudo locale (where every kit string is accented, so a plain enum word stands out).

const PROMPT = 'Allow write_file to update README.md?';

/**
 * Occurrences of `needle` in what the workbench shows (innerText: rendered text), leaving out the
 * visually hidden live region: it announces a new approval's prompt to screen readers by design
 * (once, after a quiet second), so counting it made the check depend on timing.
 */
const countInWorkbench = (page: Page, needle: string) =>
  page.locator('.aui-workbench').evaluate((el, n) => {
    const count = (text: string) => text.split(n).length - 1;
    const announced = [...el.querySelectorAll<HTMLElement>('[aria-live]:not([aria-live="off"])')].reduce((sum, live) => sum + count(live.innerText), 0);
    return count((el as HTMLElement).innerText) - announced;
  }, needle);

test.describe('one fact in one place', () => {
  test('a pending approval\'s prompt appears once in the workbench, on every lane (hitl-action playback, step 5)', async ({ page }) => {
    await openStory(page, 'fixtures-hitl-action--playback', { args: 'startAt:5' });
    // One waiting row in the thread (the Tools lane, open beside it, lists the same call as a one-line row).
    await expect(page.locator('.aui-conversation .aui-tool-call[data-tool-status="waiting"]')).toHaveCount(1);
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      expect(await countInWorkbench(page, PROMPT), `lane ${await tab.innerText()}`).toBe(1);
    }
    // The card sits on the tool call it gates.
    await expect(page.locator('.aui-tool-call[data-tool-status="waiting"] .aui-action .aui-action__prompt')).toHaveText(PROMPT);
  });
});

/** The fixture's events, for the runtime prose that is shown as is by design. */
const fixture = (name: string) => parseJsonl(readFileSync(`fixtures/${name}.jsonl`, 'utf8')).records.map((r) => r.value);

test.describe('plain language', () => {
  for (const name of ['hitl-action', 'tool-failure', 'routing-limits', 'artifact-evidence', 'subagent-handoff']) {
    test(`${name}: no raw enum value on any lane in the pseudo locale`, async ({ page }) => {
      await openStory(page, `fixtures-${name}--final-state`, { locale: 'pseudo' });
      await expect(page.locator('.aui-workbench')).toBeVisible();
      const prose = runtimeProse(fixture(name));
      const seen = new Set<string>();
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        const text = await page.locator('.aui-workbench').evaluate((root, runtimeText) => {
          const copy = root.cloneNode(true) as HTMLElement;
          for (const el of copy.querySelectorAll(runtimeText)) el.remove();
          return copy.textContent ?? '';
        }, RUNTIME_TEXT);
        for (const m of rawValuesIn(text, prose)) seen.add(m);
      }
      expect([...seen]).toEqual([]);
    });
  }
});
