// @vitest-environment jsdom
// Leak: a secret inside escaped JSON (a JSON document carried as a string: an HTTP response body in a
// tool result) passes the key=value rule, which wants the quote or the colon right after the key
// (`"access_token":"x"`), not a backslash (`\"access_token\":\"x\"`).
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { ToolCall } from './ToolCall';
import { DiagnosticsPanel } from './DiagnosticsPanel';
import { shownIn } from '../../test/shownIn';

beforeAll(() => stubLayout());
afterEach(cleanup);

const TOKEN = 'Xk29dQw81mZpL0aa';
const PASSWORD = 'hunter2-horse';
// What a `fetch` tool returns for an OAuth token request: the body is JSON, escaped inside the result.
const preview = JSON.stringify({ status: 200, body: JSON.stringify({ access_token: TOKEN, token_type: 'bearer', refresh_token: `r-${TOKEN}` }) });

it('a tool result whose body is escaped JSON shows no token', () => {
  const ev = eventBuilder();
  const store = storeFrom([
    ev('turn.started', turn()),
    ev('tool.started', toolIds(1), { toolName: 'http_get', safeArgs: { url: 'https://auth.example.com/oauth/token' } }),
    ev('tool.result', toolIds(1), { preview }),
  ]);
  const { container } = renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, store);
  const shown = shownIn(container);
  expect(shown).toContain('auth.example.com'); // the call is on screen
  expect(shown).not.toContain(TOKEN);
});

it('a failed tool whose message carries escaped JSON shows no password', () => {
  const ev = eventBuilder();
  const store = storeFrom([
    ev('turn.started', turn()),
    ev('tool.started', toolIds(1), { toolName: 'db_connect' }),
    ev('tool.failed', toolIds(1), { failureCategory: 'process_exit', message: `config rejected: "{\\"user\\":\\"app\\",\\"password\\":\\"${PASSWORD}\\"}"` }),
  ]);
  const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
  expect(shownIn(container)).toContain('config rejected');
  expect(shownIn(container)).not.toContain(PASSWORD);
});

it("a diagnostic's raw event with a logged response (escaped JSON in a string) shows no password", () => {
  const ev = eventBuilder();
  const store = storeFrom([ev('vendor.request_dump', turn(), { log: JSON.stringify({ status: 401, body: JSON.stringify({ user: 'app', password: PASSWORD }) }) })]);
  const { container } = renderWith(<DiagnosticsPanel virtualize={false} />, store);
  for (const details of container.querySelectorAll('details')) details.open = true;
  expect(container.querySelector('pre')?.textContent).toContain('request_dump');
  expect(shownIn(container)).not.toContain(PASSWORD);
});
