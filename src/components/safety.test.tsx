// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { safeHref } from './safeHref';

beforeAll(() => stubLayout());
afterEach(cleanup);

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const JS_LINK = '[click](javascript:window.__pwned=3) [tabbed](java\tscript:alert(1)) [data](data:text/html,<b>x</b>) [ok](https://example.com/a)';
const MD_HTML = '<iframe src="https://evil.example"></iframe> <b onclick="x()">bold?</b>';

describe('runtime strings are text on every surface', () => {
  it('nothing executes and nothing renders as HTML', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const t1 = turn();
    const hostile = `${XSS} ${JS_LINK} ${MD_HTML}`;
    const store = storeFrom([
      ev('turn.submitted', t1, { text: hostile }),
      ev('turn.started', t1),
      ev('run.status', t1, { stage: 'acting', detail: XSS }),
      ev('routing.decided', t1, { selectedModel: XSS, candidateCount: 1, decisionSource: XSS }),
      ev('task.created', { ...t1, taskId: 'k' }, { objective: XSS }),
      ev('reasoning.delta', t1, { delta: hostile }),
      ev('tool.started', toolIds(1), { toolName: XSS, safeArgs: { path: XSS } }),
      ev('tool.failed', toolIds(1), { failureCategory: XSS, recoveryHint: JS_LINK, message: MD_HTML, preview: XSS, outputRef: 'javascript:alert(1)' }),
      ev('action.required', { ...t1, actionId: 'a' }, { prompt: hostile, severity: XSS, scope: { path: XSS }, schema: { type: 'object', properties: { [XSS]: { type: 'string', title: XSS, enum: [XSS] } } } }),
      ev('artifact.changed', { ...t1, artifactId: 'r' }, { kind: XSS, title: XSS, status: XSS, versionId: XSS, preview: hostile }),
      ev('evidence.changed', { ...t1, evidenceId: 'e' }, { status: XSS, packRef: 'javascript:alert(1)', replayRef: XSS, verificationOutcomes: [{ name: XSS, status: XSS }] }),
      ev('subagent.spawned', { ...t1, subagentId: 's' }, { role: XSS, parentTaskId: XSS, title: XSS }),
      ev('model.delta', { ...t1, subagentId: 's' }, { delta: hostile }),
      ev('telemetry.sampled', t1, { html: XSS }),
      ev('runtime.warning', t1, { code: 'x', message: hostile }),
      ev('model.delta', t1, { delta: hostile }),
    ]);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { container } = renderWith(<AgentWorkbench defaultLane="diagnostics" />, store);
    // Every lane offered (the Task lane only when the runtime reported a task).
    for (const tab of [...container.querySelectorAll<HTMLElement>('[role="tab"]')]) {
      await user.click(tab);
      for (const toggle of container.querySelectorAll('button[aria-expanded="false"]')) await user.click(toggle);
      for (const details of container.querySelectorAll('details')) details.open = true;
    }
    const html = document.body.innerHTML;
    expect(document.querySelectorAll('img, script, iframe, b[onclick]')).toHaveLength(0);
    expect(document.querySelectorAll('[onerror], [onclick]')).toHaveLength(0);
    // Every link from runtime text is the safe one (the workbench's own skip link is an in-page link).
    for (const a of document.querySelectorAll('a:not(.aui-skip-link)')) expect(a.getAttribute('href')).toMatch(/^https:\/\/example\.com/);
    expect(html).toContain('&lt;img src=x onerror=');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://x.test', 'http://x.test'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
    ['/docs/a', '/docs/a'],
    ['./rel', './rel'],
    ['javascript:alert(1)', undefined],
    ['JaVaScRiPt:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    [' \u0000javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['vbscript:x', undefined],
    ['file:///etc/passwd', undefined],
  ])('%j → %j', (input, output) => expect(safeHref(input)).toBe(output));
});
