import { expect, test } from './storyPage';
import { THEMES, axeViolations, openStory, storyIndex } from './stories';

// axe over the playback stories. The sweep (storySweep.spec.ts) runs axe on every fixture's final
// state in both themes, and a playback story opens on that same session: its workbench holds the
// same facts, reached by the live path instead of hydrate. What a playback story adds is the
// player around it (controls, the About box, the summary, the event log, the same components for
// every fixture) and the live path's last state: these fixtures cover the player's kinds of
// content and the ways a live stream ends.
const PLAYBACK_FIXTURES = [
  'text-basic', // the smallest session: one answer
  'coding-session', // the longest: a log cut to its latest events, every surface in the thread and lanes
  'hitl-action', // approvals: one allowed, one expired unanswered
  'degraded-facts', // malformed lines: the log's marked entries, the kit's diagnostics
  'stream-repair', // a stale stream repaired from the thread read model
  'adapters-ag-ui-cut', // a stream that stops mid-answer: the message possibly incomplete
  'adapters-ai-sdk-approval', // a recorded adapter run that waits on an approval
];

const playback = storyIndex().filter((s) => s.title.startsWith('Fixtures/') && s.id.endsWith('--playback'));

test('every chosen fixture has a playback story', () => {
  expect(PLAYBACK_FIXTURES.filter((f) => !playback.some((s) => s.id === `fixtures-${f}--playback`))).toEqual([]);
});

for (const theme of THEMES) {
  for (const fixture of PLAYBACK_FIXTURES) {
    test(`axe: fixtures-${fixture}--playback (${theme})`, async ({ storyPage: page }) => {
      await openStory(page, `fixtures-${fixture}--playback`, { theme });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

// The check itself: axe runs in the story's page and reports what it finds there, on a story
// opened by navigation and on one shown by a switch (the page keeps the axe it was given).
test('axe reports a nameless button and an image without text put into a story', async ({ storyPage: page }) => {
  for (const id of ['fixtures-text-basic--final-state', 'fixtures-hitl-action--final-state']) {
    await openStory(page, id);
    await page.evaluate(() => {
      const root = document.querySelector('#storybook-root > *')!;
      root.append(Object.assign(document.createElement('button'), { className: 'planted' }));
      root.append(Object.assign(document.createElement('img'), { className: 'planted', src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    expect((await axeViolations(page)).map((v) => v.split(':')[0]).sort(), id).toEqual(['button-name', 'image-alt']);
  }
});

// The opener itself: a story id the index does not hold fails the open at once and names the id,
// whether the page navigates to it or switches to it.
test('opening a story the index does not hold fails at once, naming it', async ({ storyPage: page }) => {
  // A query makes the open a navigation whatever the page showed before (the worker's page is shared).
  await expect(openStory(page, 'fixtures-no-such-fixture--final-state', { query: '&opened=by-navigation' })).rejects.toThrow(/fixtures-no-such-fixture--final-state did not render: .*Couldn't find story matching/s);
  // A page opened with nothing but its globals is switched from then on.
  await openStory(page, 'fixtures-text-basic--final-state');
  await expect(openStory(page, 'fixtures-no-such-fixture--playback')).rejects.toThrow('story fixtures-no-such-fixture--playback is not in the index');
  // The page still switches to a story that exists afterwards.
  await openStory(page, 'fixtures-hitl-action--final-state');
  expect(new URL(page.url()).searchParams.get('id')).toBe('fixtures-hitl-action--final-state');
});
