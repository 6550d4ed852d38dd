import { readFileSync } from 'node:fs';
import { expect, test } from './storyPage';
import { DEFAULT_LABELS, type LabelKey } from '../src/ui/labels';
import { fr } from '../stories/support/fr';
import { isFullHeight, isSwept, openStory, pageOverflow, storyIndex } from './stories';

// Design checks (issue 24): what a person sees at a glance, over every story that claims it.

const stories = storyIndex();
const fullHeight = stories.filter(isFullHeight);

test('the full-height stories are tagged (fixtures, layouts, scenes)', () => {
  expect(fullHeight.length).toBeGreaterThanOrEqual(60);
});

// One document height: the workbench scrolls inside its box, the page never grows past the window
// (an empty hidden element once made the coding session 3,877 px tall and 10,000 messages 1.4 M px).
// The sweep (storySweep.spec.ts) checks the stories it opens; these are the rest, opened at each
// width (a playback story's player decides at mount whether its log is open).
for (const story of fullHeight.filter((s) => !isSwept(s))) {
  test(`${story.id} makes its page no taller or wider than a 1280 or a 400 px window`, async ({ storyPage: page }) => {
    const overflow: string[] = [];
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await openStory(page, story.id);
      overflow.push(...(await pageOverflow(page, story.id)));
    }
    expect(overflow).toEqual([]);
  });
}

// ---- French: no English kit label on screen ---------------------------------------------------
// Every label whose French differs from its English, as a pattern ({placeholders} match anything).
// Runtime text (answers, names, code, the runtime's own prose from the fixture) is taken out first:
// only the kit's words are checked.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishPatterns = (Object.keys(DEFAULT_LABELS) as LabelKey[])
  .filter((key) => DEFAULT_LABELS[key] !== fr[key])
  .map((key) => {
    // A count is digits (in any locale's grouping); any other placeholder is some text.
    const literal = escape(DEFAULT_LABELS[key]).replace(/\\\{(\w+)\\\}/g, (_, name: string) => (['count', 'n', 'm', 's', 'size', 'line'].includes(name) ? '\\d[\\d\\s.,]*' : '.+?'));
    // Short or symbol-only templates ("{n} ms", ", ") say nothing on their own.
    const words = DEFAULT_LABELS[key].replace(/\{\w+\}/g, '').replace(/[^A-Za-z]+/g, '');
    return { key, source: `(?<![A-Za-z])${literal}(?![A-Za-z])`, words: words.length };
  })
  .filter((p) => p.words >= 4);
// The live region repeats an answer's words, cut to a length: runtime text too.
const RUNTIME_TEXT = '[role="status"][aria-atomic="true"], .aui-markdown, .aui-message[data-role="user"], code, pre, bdi, textarea, select, option, .aui-tool-call__input-inline, .aui-subagent__transcript, .aui-artifact__title, .aui-diagnostic__message, .aui-artifact-workspace__title h2';

/** Strings with a space in a fixture's payloads: the runtime's prose, shown as it wrote it. */
function fixtureProse(name: string): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') v.includes(' ') && found.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const line of readFileSync(`fixtures/${name}.jsonl`, 'utf8').split('\n')) {
    try {
      walk(JSON.parse(line));
    } catch {
      // a malformed line (degraded-facts) holds no prose
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

const frenchStories = stories.filter((s) => s.id.endsWith('--final-state') && s.title.startsWith('Fixtures/') && !s.title.startsWith('Fixtures/Adapters/'));

test('in French, no fixture shows an English kit label, in the thread or in any lane', async ({ storyPage: page }) => {
  test.setTimeout(10 * 60_000);
  expect(englishPatterns.length).toBeGreaterThan(300);
  const found: string[] = [];
  for (const story of frenchStories) {
    await openStory(page, story.id, { locale: 'fr' });
    const prose = fixtureProse(story.id.replace(/^fixtures-/, '').replace(/--final-state$/, ''));
    const tabs = page.locator('.aui-workbench__lanes [role="tab"]');
    for (let i = 0, n = await tabs.count(); i <= n; i++) {
      if (i > 0) await tabs.nth(i - 1).click();
      const text = await page.evaluate((selector) => {
        const root = document.querySelector('#storybook-root')!.cloneNode(true) as HTMLElement;
        for (const el of root.querySelectorAll(selector)) el.remove();
        const names = [...root.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) => ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''));
        return `${root.textContent}\n${names.join('\n')}`;
      }, RUNTIME_TEXT);
      const kitText = prose.reduce((t, p) => t.split(p).join('\n'), text);
      for (const { key, source } of englishPatterns) {
        const match = new RegExp(source).exec(kitText);
        if (match) found.push(`${story.id}: ${key} ("${match[0].slice(0, 60)}")`);
      }
    }
  }
  expect([...new Set(found)]).toEqual([]);
});

// ---- A story named after a state shows it, and keeps it ---------------------------------------
/** Each state-named story and what must be on screen (still there a moment after it settles). */
const NAMED_STATES: Record<string, string> = {
  'fixtures-text-basic--final-state': '.aui-runtime-status[data-status="completed"]',
  'fixtures-tool-success--final-state': '.aui-tool-call[data-tool-status="succeeded"]',
  'fixtures-tool-failure--final-state': '.aui-tool-call[data-tool-status="failed"] .aui-tool-call__failure, .aui-turn-notice[data-outcome="failed"]',
  'fixtures-hitl-action--final-state': '.aui-tool-call .aui-action[data-action-status="resolved"]',
  'fixtures-routing-limits--final-state': '.aui-turn-notice[data-outcome="blocked"]',
  'fixtures-artifact-evidence--final-state': '.aui-artifact[data-export-state="exported"] .aui-artifact__inline',
  'fixtures-subagent-handoff--final-state': '.aui-subagent-summary',
  'fixtures-task-retry--final-state': '.aui-task-capsule__attempt',
  'fixtures-stream-repair--final-state': '.aui-runtime-status[data-status="completed"]:not([data-stale])',
  'fixtures-degraded-facts--final-state': '[data-fact="unknown"]',
  'fixtures-alias-vocabulary--final-state': '.aui-artifact[data-kind="image"] img',
  'fixtures-coding-session--final-state': '.aui-tool-run',
  'surfaces-runtimestatus--stale': '.aui-runtime-status[data-stale] [data-fact="stale"]',
  'surfaces-runtimestatus--connection-lost': '.aui-runtime-status__connection[data-connection="error"] button',
  'surfaces-composer--send-failed': '.aui-composer__error[role="alert"]',
};
/** Story names that name a collection, not a state. */
const NOT_A_STATE = new Set(['State Matrix', 'Default', 'Group', 'Runs', 'Primitives', 'Playback']);

test('every story named after a state is listed with what shows it', () => {
  const named = stories.filter((s) => (s.title.startsWith('Surfaces/') && !NOT_A_STATE.has(s.name)) || (s.title.startsWith('Fixtures/') && !s.title.startsWith('Fixtures/Adapters/') && s.id.endsWith('--final-state')));
  expect(named.map((s) => s.id).filter((id) => !(id in NAMED_STATES))).toEqual([]);
});

for (const [id, selector] of Object.entries(NAMED_STATES)) {
  test(`${id} shows its state and keeps it`, async ({ storyPage: page }) => {
    await openStory(page, id);
    await expect(page.locator(selector).first()).toBeVisible();
    // A play step or a timer must not move it on: still there after the page has settled.
    await page.waitForTimeout(1500);
    await expect(page.locator(selector).first()).toBeVisible();
  });
}

// Repaired adapter runs end repaired, not "Running · Stale".
for (const story of stories.filter((s) => s.id.endsWith('-repair--final-state'))) {
  test(`${story.id} ends repaired`, async ({ storyPage: page }) => {
    await openStory(page, story.id);
    await expect(page.locator('.aui-runtime-status').first()).not.toHaveAttribute('data-stale', /.*/);
  });
}

// ---- The artifact dialog under a strict style-src: nothing injected, the page held still -------
test('opening the artifact dialog injects no style element, holds the page still, and gives focus back on close', async ({ page }) => {
  await openStory(page, 'surfaces-artifactcard--state-matrix');
  await page.evaluate(() => {
    const added: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node instanceof HTMLStyleElement || (node instanceof HTMLLinkElement && node.rel === 'stylesheet')) added.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
    (window as unknown as { __styles: string[] }).__styles = added;
  });
  const open = page.getByRole('button', { name: 'Open Release notes' });
  for (let round = 0; round < 2; round++) {
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  }
  expect(await page.evaluate(() => (window as unknown as { __styles: string[] }).__styles)).toEqual([]);
});

// ---- The kit's surfaces set what they depend on ------------------------------------------------
test('a host page that centres its root text (a stock Vite template) does not centre the thread', async ({ page }) => {
  await openStory(page, 'fixtures-coding-session--final-state');
  await page.addStyleTag({ content: '#storybook-root { text-align: center; letter-spacing: 0.2em; text-transform: uppercase; }' });
  const styles = await page.evaluate(() =>
    ['.aui-markdown p', '.aui-tool-run__header', '.aui-runtime-status', '.aui-composer textarea'].map((s) => {
      const style = getComputedStyle(document.querySelector(s)!);
      return [s, style.textAlign, style.letterSpacing, style.textTransform];
    }),
  );
  for (const [selector, align, spacing, transform] of styles) {
    expect([selector, align, spacing, transform]).toEqual([selector, 'start', 'normal', 'none']);
  }
});
