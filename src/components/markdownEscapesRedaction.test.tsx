// @vitest-environment jsdom
// Leak: a message is redacted as markdown source, then parsed. The parser turns backslash escapes and
// character references back into the characters the patterns look for (`ghp\_x` becomes `ghp_x`,
// `api\_key=` becomes `api_key=` in a link's href), after the patterns ran. Models escape
// underscores in markdown as a habit (`GITHUB\_TOKEN`), so this is ordinary model output.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { Conversation } from './Conversation';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const TOKEN_BODY = '1234567890abcdefghijABCDEFGHIJ123456';
const KEY = 'k9Qm2VxP7aLw4Rt8';

function conversationWith(text: string) {
  const ev = eventBuilder();
  const t1 = turn();
  const store = storeFrom([
    ev('turn.submitted', t1, { text: 'How do I call the API?' }),
    ev('turn.started', t1),
    ev('model.delta', t1, { delta: text }),
    ev('model.completed', t1, { text }),
    ev('turn.completed', t1),
  ]);
  return renderWith(<Conversation />, store).container;
}

it('a backslash-escaped underscore does not unmask a GitHub token', () => {
  const shown = shownIn(conversationWith(`Set the variable: GITHUB\\_TOKEN ghp\\_${TOKEN_BODY}`));
  expect(shown).toContain('Set the variable');
  expect(shown).not.toContain(TOKEN_BODY);
});

it('a character reference does not unmask a GitHub token', () => {
  const shown = shownIn(conversationWith(`Here it is: ghp&#95;${TOKEN_BODY}`));
  expect(shown).toContain('Here it is');
  expect(shown).not.toContain(TOKEN_BODY);
});

it('a character reference right after a key label does not unmask the token (the label rule reads the reference as part of the value)', () => {
  const shown = shownIn(conversationWith(`Your token: ghp&#95;${TOKEN_BODY}`));
  expect(shown).toContain('Your token');
  expect(shown).not.toContain(TOKEN_BODY);
});

it("an escaped query key does not unmask a link's api key (text or href)", () => {
  const container = conversationWith(`See [the report](https://api.example.com/v1/report?api\\_key=${KEY}).`);
  expect(container.querySelector('a')?.getAttribute('href') ?? '').toContain('api.example.com');
  expect(shownIn(container)).not.toContain(KEY);
});

it('an escaped equals sign does not unmask a password', () => {
  const shown = shownIn(conversationWith(`Log in with password\\=${KEY}`));
  expect(shown).toContain('Log in');
  expect(shown).not.toContain(KEY);
});
