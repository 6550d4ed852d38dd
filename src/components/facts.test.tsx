// @vitest-environment jsdom
// Issue 15 items 3, 4, 5, 7 and 9: one fact in one place, plain language, limits in the thread,
// badges and approvals that read at a glance, artifacts/subagents/evidence. Each test renders the
// fixture a designer looked at and asserts what the screen says.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../stories/support/locales';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { rawValuesIn, runtimeProse, RUNTIME_TEXT } from '../../test/rawValues';
import { expectNoAxeViolations, fixtureEvents, mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { ActionRequired } from './ActionRequired';
import { AgentWorkbench } from './AgentWorkbench';
import { Conversation } from './Conversation';
import { FactBadge } from './FactBadge';
import { ToolCall } from './ToolCall';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
const t1 = turn();

const PROMPT = 'Allow write_file to update README.md?';
/** Non-overlapping occurrences of `needle` in the element's text. */
const occurrences = (root: Element, needle: string) => root.textContent!.split(needle).length - 1;

describe('item 3: one fact in one place', () => {
  it('a pending approval is on the tool call it gates, and its prompt is in the workbench once', () => {
    // hitl-action, step 5: write_file started, then the runtime asked for permission.
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('hitl-action').slice(0, 5)));
    expect(occurrences(container, PROMPT)).toBe(1);
    const row = container.querySelector('.aui-conversation .aui-tool-call')!;
    expect(row.getAttribute('data-tool-status')).toBe('waiting');
    expect(row.querySelector('.aui-tool-call__status')!.textContent).toContain('Waiting for approval');
    expect(row.querySelector('.aui-action .aui-action__prompt')!.textContent).toBe(PROMPT);
    // No task in this session: no capsule, and no raw "needs-input" anywhere.
    expect(container.querySelector('.aui-task-capsule')).toBeNull();
    expect(container.textContent).not.toContain('needs-input');
  });

  it('the Timeline lane records the request without its prompt', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench virtualize={false} />, storeFrom(fixtureEvents('hitl-action').slice(0, 5)));
    await user.click(screen.getByRole('tab', { name: /^Timeline/ }));
    expect(screen.getByRole('tabpanel').querySelector('[data-kind="action"]')).toBeTruthy();
    expect(occurrences(container, PROMPT)).toBe(1);
  });

  it('the Tools lane says the call waits, without a second copy of the request', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('hitl-action').slice(0, 5)));
    await user.click(screen.getByRole('tab', { name: /^Tools/ }));
    const lane = screen.getByRole('tabpanel');
    expect(lane.querySelector('[data-tool-status="waiting"]')).toBeTruthy();
    expect(lane.querySelector('.aui-action')).toBeNull();
    expect(occurrences(container, PROMPT)).toBe(1);
  });

  it('a resolved approval collapses to one line on its tool row, with who and when from the facts', () => {
    const { container } = renderWith(<Conversation virtualize={false} />, storeFrom(fixtureEvents('hitl-action')));
    const row = container.querySelector('.aui-tool-call')!;
    expect(row.getAttribute('data-tool-status')).toBe('succeeded');
    const line = row.querySelector('.aui-action[data-action-status="resolved"]')!;
    expect(line.hasAttribute('data-compact')).toBe(true);
    // respondedBy: "user" and the resolution's timestamp; the prompt is not repeated on the row.
    expect(line.textContent).toMatch(/^Approved by you · \d\d:\d\d$/);
    expect(line.querySelector('button')).toBeNull();
  });

  it('says "Approved" without "by you" when the runtime did not say who answered', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Go?' }), ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'approve' })]);
    const { container } = renderWith(<ActionRequired actionId="a1" />, store);
    expect(container.querySelector('.aui-action__resolution')!.textContent).toMatch(/^Approved · \d\d:\d\d$/);
  });

  it('no capsule on a task-less session, before or after its events', () => {
    const empty = renderWith(<AgentWorkbench />);
    expect(empty.container.querySelector('.aui-task-capsule')).toBeNull();
    cleanup();
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('text-basic')));
    expect(container.querySelector('.aui-workbench__main .aui-task-capsule')).toBeNull();
    expect(container.textContent).not.toMatch(/Unknown\s*idle/i);
  });

  it('tool calls of one step are grouped under a summary line, collapsed when all succeeded', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', t1),
      ...[1, 2, 3].flatMap((n) => [ev('tool.started', toolIds(n), { toolName: `t${n}` }), ev('tool.result', toolIds(n), { preview: 'ok' })]),
      ev('model.delta', t1, { delta: 'Done.' }),
      ev('tool.started', toolIds(4), { toolName: 'lint' }),
      ev('tool.failed', toolIds(4), { failureCategory: 'process_exit', message: 'exit 2' }),
      ev('tool.started', toolIds(5), { toolName: 'test' }),
      ev('tool.result', toolIds(5), { preview: 'ok' }),
    ]);
    const { container } = renderWith(<Conversation virtualize={false} />, store);
    const runs = [...container.querySelectorAll('.aui-tool-run')];
    // Counted by what the tools' names say they do: t1..t3 and lint say nothing (tools), test runs a command.
    expect(runs.map((r) => r.querySelector('.aui-tool-run__header')!.textContent)).toEqual(['Used 3 tools', 'Ran 1 command, used 1 tool · 1 failed']);
    expect(runs.map((r) => r.getAttribute('data-state'))).toEqual(['closed', 'open']);
    // The failed call is open inside its open run: message visible without a click.
    expect(runs[1]!.querySelector('[data-tool-status="failed"]')!.getAttribute('data-state')).toBe('open');
    await user.click(within(runs[0] as HTMLElement).getByRole('button', { name: /Used 3 tools/ }));
    expect(runs[0]!.querySelectorAll('.aui-tool-call')).toHaveLength(3);
    await expectNoAxeViolations(container);
  });

  it('the whole header row is the toggle, and open state can be controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { container } = renderWith(<ToolCall toolCallId="tc-1" onOpenChange={onOpenChange} />, storeFrom(fixtureEvents('tool-success')));
    const header = container.querySelector('.aui-tool-call__header')!;
    expect(header.tagName).toBe('BUTTON');
    expect(header.querySelector('.aui-tool-call__name')).toBeTruthy();
    expect(header.getAttribute('aria-expanded')).toBe('false');
    await user.click(container.querySelector('.aui-tool-call__name')!);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    cleanup();
    const controlled = renderWith(<ToolCall toolCallId="tc-1" open />, storeFrom(fixtureEvents('tool-success')));
    await user.click(controlled.container.querySelector('.aui-tool-call__header')!);
    expect(controlled.container.querySelector('.aui-tool-call')!.getAttribute('data-state')).toBe('open');
  });

  it('primitives compose a custom row: Root, Header, Name, Status, Output, asChild', () => {
    const { container } = renderWith(
      <ToolCall.Root toolCallId="tc-1" defaultOpen asChild>
        <section className="mine">
          <ToolCall.Header>
            <ToolCall.Name asChild>
              <strong />
            </ToolCall.Name>
            <ToolCall.Status />
          </ToolCall.Header>
          <ToolCall.Body>
            <ToolCall.Output />
          </ToolCall.Body>
        </section>
      </ToolCall.Root>,
      storeFrom(fixtureEvents('tool-success')),
    );
    const root = container.querySelector('section.mine')!;
    expect(root.classList.contains('aui-tool-call')).toBe(true);
    expect(root.getAttribute('data-tool-status')).toBe('succeeded');
    expect(root.querySelector('strong.aui-tool-call__name')!.textContent).toBe('read_file');
    expect(root.querySelector('.aui-tool-call__output pre')).toBeTruthy();
    expect(root.querySelector('.aui-tool-call__input')).toBeNull();
  });

  it('long output is capped with "Show more"', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    const { container } = renderWith(<ToolCall toolCallId="tc-1" defaultOpen />, storeFrom([ev('tool.started', toolIds(1), { toolName: 'cat' }), ev('tool.result', toolIds(1), { preview: long })]));
    const output = container.querySelector('.aui-tool-call__output')!;
    expect(output.hasAttribute('data-capped')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(output.hasAttribute('data-capped')).toBe(false);
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('side tabs show counts; Diagnostics counts the degraded facts', () => {
    renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('degraded-facts')));
    const diagnostics = screen.getByRole('tab', { name: /^Diagnostics/ });
    expect(diagnostics.textContent).toBe('Diagnostics 4');
    // An empty lane shows no "0".
    expect(screen.getByRole('tab', { name: /^Team/ }).querySelector('.aui-tabs__count')).toBeNull();
    cleanup();
    renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('tool-failure')));
    expect(screen.getByRole('tab', { name: /^Tools/ }).textContent).toBe('Tools 1');
  });
});

describe('item 4: plain language, no raw values', () => {
  it.each(['hitl-action', 'tool-failure', 'routing-limits', 'artifact-evidence', 'subagent-handoff', 'task-retry', 'degraded-facts', 'text-basic', 'stream-repair'])(
    '%s in the pseudo locale: every lane shows no raw enum value',
    async (name) => {
      const user = userEvent.setup();
      const events = fixtureEvents(name);
      const store = storeFrom(events);
      const { container } = render(store);
      const seen: string[] = [];
      for (const tab of screen.getAllByRole('tab')) {
        await user.click(tab);
        for (const d of container.querySelectorAll('details')) d.open = true;
        const copy = container.cloneNode(true) as HTMLElement;
        for (const el of copy.querySelectorAll(RUNTIME_TEXT)) el.remove();
        seen.push(...rawValuesIn(copy.textContent!, runtimeProse(events)));
      }
      expect([...new Set(seen)]).toEqual([]);
    },
  );

  function render(store: ReturnType<typeof storeFrom>) {
    return renderWith(
      <RuntimeProvider store={store} labels={LOCALES.pseudo}>
        <AgentWorkbench virtualize={false} />
      </RuntimeProvider>,
      store,
    );
  }

  it('one verb set for approvals: Approve and Deny on the buttons, Approved and Denied once resolved', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Push?', decisionKind: 'allow_or_deny' })]);
    const respondAction = vi.fn(async () => ev('runtime.warning', t1, { code: 'ack' }));
    const { container } = renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Deny', 'Deny with a note']);
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    act(() => void store.getState().ingest([ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'deny', respondedBy: 'user' })]));
    expect(container.querySelector('.aui-action__resolution')!.textContent).toMatch(/^Denied by you · \d\d:\d\d$/);
  });

  it('a deny with a note keeps the note the runtime recorded, on the record and in the resolved line', () => {
    const ev = eventBuilder();
    const store = storeFrom([
      ev('turn.started', t1),
      ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Push?' }),
      ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'deny', respondedBy: 'user', reason: 'use the staging branch, token ghp_abcdefghijklmnopqrstuvwxyz0123456789' }),
    ]);
    expect(store.getState().actions.byId.get('a1')!.note).toBe('use the staging branch, token ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    const { container } = renderWith(<ActionRequired actionId="a1" />, store);
    // The note is runtime text: shown through the display policy (the token redacted).
    expect(container.querySelector('.aui-action__resolution')!.textContent).toMatch(/^Denied by you · \d\d:\d\d · “use the staging branch, token \[redacted\]”$/);
  });

  it('no note, no quote: an answer without one shows the outcome alone', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Push?' }), ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'approve' })]);
    expect(store.getState().actions.byId.get('a1')!.note).toBeUndefined();
    const { container } = renderWith(<ActionRequired actionId="a1" />, store);
    expect(container.querySelector('.aui-action__note')).toBeNull();
  });

  it('badges say what is unknown', () => {
    const ev = eventBuilder();
    const { container } = renderWith(<ToolCall toolCallId="tc-1" />, storeFrom([ev('tool.started', toolIds(1))]));
    expect(container.querySelector('.aui-tool-call__name [data-fact="unknown"]')!.textContent).toBe('Name unknown');
  });

  it('counts are pluralized: "1 subagent", "1 artifact"', async () => {
    const user = userEvent.setup();
    renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('subagent-handoff')));
    await user.click(screen.getByRole('tab', { name: /^Team/ }));
    const lane = screen.getByRole('tabpanel');
    expect(lane.textContent).toContain('1 artifact: Survey notes');
    expect(lane.textContent).not.toContain('1 artifacts');
    expect(document.querySelector('.aui-task-capsule__team')!.textContent).toBe('1 subagent');
  });
});

describe('item 5: errors, limits and staleness in the thread', () => {
  it('a blocked turn ends in the thread with the reason; steering is off; the header does not repeat it', () => {
    const store = storeFrom(fixtureEvents('routing-limits'));
    const { container } = renderWith(<AgentWorkbench />, store, mockAdapter());
    const thread = container.querySelector('.aui-conversation')!;
    const notice = thread.querySelector('.aui-turn-notice[data-outcome="blocked"]')!;
    expect(notice.textContent).toContain('This turn is blocked: Your quota is used up');
    expect(notice.textContent).toContain('monthly quota exhausted');
    // It ends the turn: the last thing in the last message.
    const lastMessage = [...thread.querySelectorAll('.aui-message')].at(-1)!;
    expect(lastMessage.lastElementChild).toBe(notice);
    // Once on the thread and header; the timeline lane the workbench opens on (this session has no
    // task) is the full event log, where the reason is an entry by design.
    expect(occurrences(container.querySelector('.aui-workbench__main')!, 'monthly quota exhausted') + occurrences(container.querySelector('.aui-workbench__header')!, 'monthly quota exhausted')).toBe(1);
    expect(screen.getByRole('radio', { name: 'Steer' }).hasAttribute('disabled')).toBe(true);
    expect(container.querySelector('.aui-composer')!.getAttribute('data-mode')).toBe('queue');
  });

  it('cost and tokens show as a usage chip', () => {
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('routing-limits')));
    const usage = container.querySelector('.aui-runtime-status__usage')!;
    expect(usage.textContent).toContain('$0.05');
    expect(usage.textContent).toContain('1,500 tokens');
  });

  it('a low-quota warning shows on the chip while it is the latest quota fact', () => {
    const events = fixtureEvents('routing-limits');
    const { container } = renderWith(<AgentWorkbench />, storeFrom(events.slice(0, 11)));
    expect(container.querySelector('.aui-runtime-status__quota')!.textContent).toContain('Quota low: 10% of monthly quota left');
  });

  it('a failed turn ends with its typed failure in words, once', () => {
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('tool-failure')));
    const notice = container.querySelector('.aui-turn-notice[data-outcome="failed"]')!;
    expect(notice.textContent).toContain('This turn failed: A tool failed');
    expect(notice.textContent).toContain('What to do: Retry after fixing the test.');
    expect(occurrences(container, 'Retry after fixing the test.')).toBe(1);
    expect(container.textContent).not.toContain('tool_failed');
    expect(container.textContent).not.toContain('process_exit');
  });
});

describe('item 7: badges and approvals that read at a glance', () => {
  it('badges are not tab stops, and every state has its own glyph', () => {
    const facts = ['unknown', 'unavailable', 'blocked', 'stale', 'loading', 'needs-input', 'failed', 'disputed'] as const;
    const { container } = renderWith(<>{facts.map((f) => <FactBadge key={f} fact={f} />)}</>);
    const badges = [...container.querySelectorAll('.aui-fact-badge')];
    expect(badges.every((b) => !b.hasAttribute('tabindex'))).toBe(true);
    // Each state draws its own icon (the SVG's shapes differ).
    const glyphs = badges.map((b) => b.querySelector('.aui-fact-badge__glyph svg')!.innerHTML);
    expect(new Set(glyphs).size).toBe(facts.length);
  });

  it('a critical approval: approve is not the primary button and needs a confirmation', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Drop the production database?', severity: 'critical', decisionKind: 'allow_or_deny' })]);
    const respondAction = vi.fn(async () => new Promise<never>(() => undefined));
    const { container } = renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    expect(container.querySelector('.aui-action')!.getAttribute('data-severity')).toBe('critical');
    expect(container.querySelector('.aui-action__severity')!.textContent).toContain('Critical');
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve.classList.contains('aui-button--primary')).toBe(false);
    await user.click(approve);
    expect(respondAction).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, approve' }));
    expect(respondAction).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'a1', decision: 'allow' }));
    await expectNoAxeViolations(container);
  });

  it('deny with a note sends the note with the denial', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Push?', severity: 'medium' })]);
    const respondAction = vi.fn(async () => new Promise<never>(() => undefined));
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    await user.click(screen.getByRole('button', { name: 'Deny with a note' }));
    await user.type(screen.getByLabelText('Note for the agent (optional)'), 'use a branch');
    await user.click(screen.getByRole('button', { name: 'Send denial' }));
    expect(respondAction).toHaveBeenCalledWith(expect.objectContaining({ decision: 'reject', payload: { note: 'use a branch' } }));
  });

  it('while sending: "Sending your answer…" and no Loading badge beside it', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Push?' })]);
    const respondAction = vi.fn(async () => new Promise<never>(() => undefined));
    const { container } = renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('status').textContent).toContain('Sending your answer…');
    expect(container.querySelector('[data-fact="loading"]')).toBeNull();
  });

  it('a structured input can be declined with the same verb (Deny)', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const schema = { type: 'object', properties: { channel: { type: 'string' } } };
    const respondAction = vi.fn(async () => new Promise<never>(() => undefined));
    renderWith(<ActionRequired actionId="a1" />, storeFrom([ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Which channel?', schema })]), mockAdapter({ respondAction }));
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(respondAction).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'a1', decision: 'reject' }));
  });

  it('structured input is labelled from the schema: titles, else names in words', () => {
    const ev = eventBuilder();
    const schema = { type: 'object', properties: { release_channel: { type: 'string', enum: ['stable', 'beta'], enumNames: ['Stable', 'Beta (early access)'] }, dryRun: { type: 'boolean', title: 'Dry run first' } } };
    renderWith(<ActionRequired actionId="a1" />, storeFrom([ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'How?', schema })]));
    expect(screen.getByLabelText('Release channel')).toBeTruthy();
    expect(screen.getByLabelText('Dry run first')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Beta (early access)' })).toBeTruthy();
  });
});

describe('item 9: artifacts, subagents, evidence', () => {
  it('a subagent\'s work is summarized in the thread, with a link to its lane', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('subagent-handoff')));
    const summary = container.querySelector('.aui-conversation .aui-subagent-summary')!;
    expect(summary.textContent).toContain('researcher worked on this: Literature search');
    expect(summary.textContent).toContain('Three sources found');
    expect(summary.textContent).toContain('1 artifact: Survey notes');
    // Its transcript stays in the lane.
    expect(container.querySelector('.aui-conversation')!.textContent).not.toContain('Searching TanStack');
    await user.click(within(summary as HTMLElement).getByRole('button', { name: 'Open in Team' }));
    expect(screen.getByRole('tab', { name: /^Team/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('evidence is titled by what it proves, refs are actions, ids behind Details', async () => {
    const user = userEvent.setup();
    const onOpenRef = vi.fn();
    const { EvidenceLane } = await import('./EvidenceLane');
    const { container } = renderWith(<EvidenceLane onOpenRef={onOpenRef} />, storeFrom(fixtureEvents('artifact-evidence')));
    const item = container.querySelector('.aui-evidence')!;
    expect(item.querySelector('.aui-evidence__title')!.textContent).toBe('Checks: Links resolve');
    expect(item.querySelector('.aui-evidence__outcomes')!.textContent).toContain('Links resolve: Passed');
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(onOpenRef).toHaveBeenCalledWith('replay://sess-artifact-evidence/turn-1', 'Replay');
    expect(item.querySelector('.aui-evidence__header')!.textContent).not.toContain('ev-notes');
    expect(item.querySelector('details')!.textContent).toContain('ev-notes');
  });
});
