// @vitest-environment jsdom
// Leak: an app's value pattern with the sticky flag. `createRedactor` adds `g` to a value pattern
// and keeps its other flags; with `y` too, `replace` matches only at the start of the string and
// right after a match, so the app's secret anywhere else in a string is shown. Key patterns
// have `g`/`y` stripped for exactly this reason; value patterns do not.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { DisplayPolicyProvider } from './displayPolicy';
import { createRedactor } from '../protocol/redactSecrets';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

it('a value pattern with the y flag redacts its match anywhere in a string (redactor)', () => {
  const redact = createRedactor({ values: [/acme_[a-z0-9]{12}/y] });
  expect(redact('tenant acme_abcdef123456')).not.toContain('acme_abcdef123456');
  expect(redact.text!('tenant acme_abcdef123456')).not.toContain('acme_abcdef123456');
});

it('a value pattern with the y flag applies at the display edge', () => {
  const ev = eventBuilder();
  const t1 = turn();
  const store = storeFrom([
    ev('turn.started', t1),
    ev('tool.started', toolIds(1), { toolName: 'call', safeArgs: { note: 'tenant acme_aaaaaa111111' } }),
    ev('model.delta', t1, { delta: 'Done for tenant acme_bbbbbb222222.' }),
  ]);
  const { container } = renderWith(
    <DisplayPolicyProvider redact={{ values: [/acme_[a-z0-9]{12}/y] }}>
      <AgentWorkbench defaultLane="tools" />
    </DisplayPolicyProvider>,
    store,
  );
  const shown = shownIn(container);
  expect(shown).toContain('Done for tenant');
  expect(shown).not.toContain('acme_aaaaaa111111');
  expect(shown).not.toContain('acme_bbbbbb222222');
});
