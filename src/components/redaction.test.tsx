// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { DisplayPolicyProvider } from './displayPolicy';
import { ToolCall } from './ToolCall';

beforeAll(() => stubLayout());
afterEach(cleanup);

const domText = (root: Element) => root.textContent + [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join(' ');

describe('secrets never reach the screen', () => {
  it('tool args, streamed args, output, failure and action scope are redacted', () => {
    const ev = eventBuilder();
    const t1 = turn();
    const store = storeFrom([
      ev('tool.started', toolIds(1), { toolName: 'deploy', args: { apiKey: 'sk-live-4f3c2b1a0987654321fedcba', command: 'curl -H "Authorization: Bearer abcDEF123456ghiJKL789" https://x' } }),
      ev('tool.started', toolIds(2), { toolName: 'login' }),
      ev('tool.args', toolIds(2), { delta: '{"user":"ada","password":"correct horse batt' }),
      ev('tool.failed', toolIds(1), { failureCategory: 'process_exit', message: 'fatal: https://admin:hunter22@git.example.com', preview: 'GITHUB_TOKEN=ghp_1234567890abcdefghijABCDEFGHIJ123456' }),
      ev('action.required', { ...t1, actionId: 'a' }, { prompt: 'Run it?', severity: 'high', scope: { url: 'https://api.example.com?access_token=tok9f8e7d6c' } }),
    ]);
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    const shown = domText(container);
    for (const secret of ['sk-live-4f3c2b1a0987654321fedcba', 'abcDEF123456ghiJKL789', 'correct horse batt', 'hunter22', 'ghp_1234567890abcdefghijABCDEFGHIJ123456', 'tok9f8e7d6c']) expect(shown).not.toContain(secret);
    expect(shown).toContain('[redacted]');
  });

  it("the app's own patterns apply at the display edge", () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('tool.started', toolIds(1), { toolName: 'call', safeArgs: { tenant: 'acme_abcdef123456' } })]);
    const { container } = renderWith(
      <DisplayPolicyProvider redact={{ values: [/acme_[a-z0-9]{12}/] }}>
        <ToolCall toolCallId="tc-1" />
      </DisplayPolicyProvider>,
      store,
    );
    expect(domText(container)).not.toContain('acme_abcdef123456');
  });
});
