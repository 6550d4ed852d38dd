// @vitest-environment jsdom
// While a tool's args stream (partial JSON) the row shows the raw text through the display policy.
// Keys the kit itself calls secret (`userPass`, `credentials`, `otp`, `bearer`, `signingKey`,
// `session`: `isSecretKey` says so) were not in the key=value value pattern, so their values showed
// until the JSON closed, and stayed when it never did; the app's own key patterns never applied.
// A quoted key in JSON text is now judged by the same verdict as an object's key.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { DisplayPolicyProvider } from './displayPolicy';
import { isSecretKey } from '../protocol/redactSecrets';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const cases: [key: string, value: string][] = [
  ['userPass', 'hunter2horse'],
  ['credentials', 'admin:s3cr3t-batt'],
  ['otp', '492039'],
  ['bearer', 'q8Zr2mXv7LpK4tWn'],
  ['signingKey', 'whk-9d8c7b6a5f4e'],
  ['session', 'sess_77aa88bb99cc'],
];

describe('streamed args, mid-stream, keep a secret key’s value off screen', () => {
  it.each(cases)('%s', (key, value) => {
    expect(isSecretKey(key)).toBe(true); // the kit's own verdict on the key
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', turn()),
      ev('tool.started', toolIds(1), { toolName: 'login' }),
      ev('tool.args', toolIds(1), { delta: `{"user":"ada","${key}":"` }),
      ev('tool.args', toolIds(1), { delta: value }),
    ]);
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    const shown = shownIn(container);
    expect(shown).toContain('ada'); // the partial args are on screen
    expect(shown).not.toContain(value);
  });

  it('and when the call fails before the JSON closes', () => {
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', turn()),
      ev('tool.started', toolIds(1), { toolName: 'login' }),
      ev('tool.args', toolIds(1), { delta: '{"user":"ada","userPass":"hunter2horse' }),
      ev('tool.failed', toolIds(1), { failureCategory: 'cancelled', message: 'stream cut' }),
    ]);
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    expect(shownIn(container)).toContain('ada');
    expect(shownIn(container)).not.toContain('hunter2horse');
  });

  it("the app's own key pattern applies to streamed args too", () => {
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', turn()),
      ev('tool.started', toolIds(1), { toolName: 'call' }),
      ev('tool.args', toolIds(1), { delta: '{"tenant":"t1","X-Acme-Tenant-Key":"acme-7f6e5d4c' }),
    ]);
    const { container } = renderWith(
      <DisplayPolicyProvider redact={{ keys: [/^x-acme-/i] }}>
        <AgentWorkbench defaultLane="tools" />
      </DisplayPolicyProvider>,
      store,
    );
    expect(shownIn(container)).toContain('t1');
    expect(shownIn(container)).not.toContain('acme-7f6e5d4c');
  });
});
