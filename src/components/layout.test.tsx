// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { expectNoAxeViolations, fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';
import { Conversation } from './Conversation';
import { ProcessTimeline } from './ProcessTimeline';
import { tableOf } from '../store/table';

beforeAll(() => stubLayout(600, 800));
afterEach(() => {
  cleanup();
  delete (globalThis as { __AUI_RENDER_COUNTS__?: unknown }).__AUI_RENDER_COUNTS__;
});
const t1 = turn();

describe('Conversation', () => {
  it('renders parts in event order: reasoning (collapsed when done), tool rows, actions, artifacts, answer text', async () => {
    const { container } = renderWith(<Conversation />, storeFrom(fixtureEvents('artifact-evidence')));
    const message = container.querySelector('[data-role="assistant"]')!;
    const kinds = [...message.children].slice(1).map((el) => el.className.split(' ')[0]);
    expect(kinds).toEqual(['aui-tool-call', 'aui-artifact', 'aui-markdown']);
    // The answer is the message's own text part; the artifact card previews its document inline.
    expect(message.querySelector(':scope > .aui-markdown')!.textContent).toBe('The release notes are ready in the artifact panel.');
    expect(message.querySelector('.aui-artifact__inline .aui-markdown > :first-child')!.textContent).toBe('Release notes 2.4');
    expect(container.querySelector('.aui-artifact')!.getAttribute('data-tool-call-id')).toBe('tc-1');
    await expectNoAxeViolations(container);
  });

  it('collapses reasoning once the answer starts, and never shows reasoning as answer text', () => {
    const { container } = renderWith(<Conversation />, storeFrom(fixtureEvents('tool-success')));
    const reasoning = container.querySelector('.aui-reasoning')!;
    expect(reasoning.getAttribute('data-state')).toBe('closed');
    expect(container.querySelector('[data-role="assistant"] .aui-markdown')!.textContent).not.toContain('I should read');
  });

  it('keeps subagent messages out of the conversation', () => {
    const { container } = renderWith(<Conversation />, storeFrom(fixtureEvents('subagent-handoff')));
    expect(container.textContent).not.toContain('Searching TanStack');
    expect(container.querySelectorAll('.aui-message')).toHaveLength(2);
  });

  it('mounts a bounded number of rows for a long session', () => {
    const ev = eventBuilder();
    const events = [];
    for (let i = 0; i < 2000; i++) events.push(ev('model.completed', { turnId: `turn-${i}` }, { text: `message ${i}` }));
    const { container } = renderWith(<Conversation />, storeFrom(events));
    const rows = container.querySelectorAll('.aui-conversation__row').length;
    expect(container.querySelector('.aui-conversation')!.getAttribute('data-count')).toBe('2000');
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(20);
  });

  it('a text delta re-renders only the streaming part; a tool progress event only its row', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('model.delta', t1, { delta: 'Hi' }), ev('tool.started', toolIds(1)), ev('tool.started', toolIds(2)), ev('model.delta', t1, { delta: ' there' })], false);
    const counts = new Map<string, number>();
    (globalThis as { __AUI_RENDER_COUNTS__?: unknown }).__AUI_RENDER_COUNTS__ = counts;
    renderWith(<Conversation />, store);
    const snapshot = () => new Map(counts);
    const diff = (before: Map<string, number>) => Object.fromEntries([...counts].filter(([k, v]) => v !== (before.get(k) ?? 0)).map(([k, v]) => [k, v - (before.get(k) ?? 0)]));
    let before = snapshot();
    act(() => void store.getState().ingest([ev('model.delta', t1, { delta: '!' })]));
    const streamingPart = store.getState().messages.byId.get('turn-1:assistant')!.partIds[3]!;
    expect(diff(before)).toEqual({ [`Part:${streamingPart}`]: 1 });
    before = snapshot();
    act(() => void store.getState().ingest([ev('tool.progress', toolIds(2), { progress: 0.5 })]));
    expect(diff(before)).toEqual({ 'ToolCall:tc-2': 1 });
  });

  it('tolerates unterminated markdown mid-stream and renders runtime HTML as text', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('model.delta', t1, { delta: 'Here is **bold and\n```ts\nconst x = 1;' })], false);
    const { container } = renderWith(<Conversation />, store);
    const text = container.querySelector('[data-role="assistant"] .aui-markdown')!;
    expect(text.querySelector('pre code')!.textContent).toBe('const x = 1;');
    expect(text.textContent).toContain('Here is **bold and');
  });

  it('offers "jump to latest" while the reader is away from the bottom', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const events = [];
    for (let i = 0; i < 50; i++) events.push(ev('model.completed', { turnId: `turn-${i}` }, { text: `message ${i}` }));
    const { container } = renderWith(<Conversation />, storeFrom(events));
    const scroller = container.querySelector('.aui-conversation__scroll') as HTMLElement;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 30_000 });
    // The reader scrolls up (a scroll event alone, without their input, does not unpin).
    scroller.scrollTop = 1_000;
    fireEvent.wheel(scroller, { deltaY: -1_000 });
    fireEvent.scroll(scroller);
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    await user.click(jump);
    // The end: the content's height less the 600 px viewport (what a browser clamps to).
    expect(scroller.scrollTop).toBe(30_000 - 600);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});

describe('ProcessTimeline', () => {
  it('archives every fact as one summary line with its current state', async () => {
    const { container } = renderWith(<ProcessTimeline />, storeFrom(fixtureEvents('task-retry')));
    const entries = [...container.querySelectorAll('.aui-timeline__entry')];
    expect(entries.map((e) => `${e.getAttribute('data-kind')} ${e.getAttribute('data-status')}`)).toEqual(['task completed', 'tool failed', 'tool succeeded']);
    // A summary, never a second expanded tool row.
    expect(container.querySelector('.aui-tool-call')).toBeNull();
    await expectNoAxeViolations(container);
  });
});

describe('AgentWorkbench', () => {
  it('lays out every surface for a long session with no axe violations', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench theme="dark" />, storeFrom(fixtureEvents('coding-session')));
    const root = container.querySelector('.aui-workbench')!;
    expect(root.getAttribute('data-aui-theme')).toBe('dark');
    for (const selector of ['.aui-runtime-status', '.aui-task-capsule', '.aui-conversation', '.aui-composer', '.aui-tabs']) expect(root.querySelector(selector)).toBeTruthy();
    await expectNoAxeViolations(container);
    for (const lane of ['Tools', 'Timeline', 'Artifacts', 'Evidence', 'Team', 'Diagnostics']) {
      // A tab's name is its lane and its count ("Tools 45").
      await user.click(screen.getByRole('tab', { name: new RegExp(`^${lane}`) }));
      expect(screen.getByRole('tabpanel').textContent).not.toBe('');
    }
    await expectNoAxeViolations(container);
  });

  it('a bad fact breaks one surface, not the screen: a failed badge and a diagnostic there, the rest renders', () => {
    const store = storeFrom(fixtureEvents('tool-success'));
    // A record no reducer would write (a name that is an object): simulates a bug upstream.
    const bad = { ...store.getState().toolCalls.byId.get('tc-1')!, name: { oops: true } as unknown as string };
    store.setState({ toolCalls: tableOf([...store.getState().toolCalls.byId].map(([id, tool]) => [id, id === 'tc-1' ? bad : tool] as const)) });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderWith(<AgentWorkbench />, store);
    spy.mockRestore();
    const failed = container.querySelector('.aui-surface-error[data-surface="Conversation"]')!;
    expect(failed.querySelector('[data-fact="failed"]')).toBeTruthy();
    expect(container.querySelector('.aui-runtime-status')!.getAttribute('data-status')).toBe('completed');
    expect(store.getState().diagnostics.ids.map((id) => store.getState().diagnostics.byId.get(id)!.code)).toContain('surface_error');
  });
});
