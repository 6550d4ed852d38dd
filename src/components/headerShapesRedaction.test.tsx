// @vitest-environment jsdom
// Credentials in header lists and env objects the key rules did not reach: headers as
// [name, value] pairs (fetch's `headers` init, `Headers#entries()`) or HAR's {name, value} records
// put the header name in a value; env's `PGPASSWORD` (libpq's own variable) is one word to the key
// splitter. The name now says what the value is, and a word ending in `password` is a secret's name.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ToolCall } from './ToolCall';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const BASIC = 'YWRhOmh1bnRlcjJob3JzZQ=='; // ada:hunter2horse
const API_KEY = 'k9Qm2VxP7aLw';
const PG = 'hunter7horse';

it('an http tool whose headers are [name, value] pairs', () => {
  const ev = eventBuilder();
  const store = storeFrom([
    ev('turn.started', turn()),
    ev('tool.started', toolIds(1), { toolName: 'http', safeArgs: { headers: [['Authorization', `Basic ${BASIC}`]], url: 'https://api.example.com' } }),
  ]);
  const shown = shownIn(renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store).container);
  expect(shown).toContain('Authorization');
  expect(shown).not.toContain(BASIC);
});

it('a raw event with HAR headers and a PGPASSWORD env (diagnostics)', () => {
  const ev = eventBuilder();
  const store = storeFrom([
    ev('vendor.http_trace', turn(), {
      request: { url: 'https://api.example.com', headers: [{ name: 'Authorization', value: `Basic ${BASIC}` }, { name: 'X-Api-Key', value: API_KEY }] },
      env: { PGHOST: 'db', PGPASSWORD: PG },
    }),
  ]);
  const { container } = renderWith(<DiagnosticsPanel virtualize={false} />, store);
  expect(container.querySelector('pre')?.textContent).toContain('X-Api-Key');
  const shown = shownIn(container);
  expect([BASIC, API_KEY, PG].filter((secret) => shown.includes(secret))).toEqual([]);
});
