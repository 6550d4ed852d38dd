// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { RuntimeProvider } from '../hooks/RuntimeProvider';
import { useRuntimeStream } from '../hooks/useRuntimeStream';
import type { RuntimeEventSource, SourceHandlers } from '../stream/types';
import { AgentWorkbench } from './AgentWorkbench';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);
const t1 = turn();

/** A failed tool step with evidence recorded for it. */
function failedToolWithEvidence() {
  const ev = eventBuilder();
  return storeFrom([
    ev('turn.started', t1),
    ev('tool.started', toolIds(1), { toolName: 'run_tests' }),
    ev('tool.failed', toolIds(1), { category: 'process_exit', message: 'exit 1' }),
    ev('evidence.changed', { ...toolIds(1), evidenceId: 'ev-1' }, { status: 'recorded' }),
  ]);
}

describe('AgentWorkbench evidence links', () => {
  it('opening evidence from the thread switches to the Evidence tab and focuses the record', async () => {
    const user = userEvent.setup();
    renderWith(<AgentWorkbench />, failedToolWithEvidence());
    // No task reported: the workbench opens on the first lane with something in it.
    expect(screen.getByRole('tab', { name: /^Tools/ }).getAttribute('aria-selected')).toBe('true');
    const thread = screen.getByRole('log');
    // A failed row starts open: its failure and the evidence for it are visible without a click.
    await user.click(within(thread).getByRole('button', { name: 'Show evidence' }));
    expect(screen.getByRole('tab', { name: /^Evidence/ }).getAttribute('aria-selected')).toBe('true');
    const record = screen.getByRole('tabpanel').querySelector('.aui-evidence')!;
    expect(record.getAttribute('data-evidence-status')).toBe('recorded');
    expect(document.activeElement).toBe(record);
  });

  it('two workbenches on a page: no duplicate ids, and each opens its own evidence', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(
      <>
        <AgentWorkbench defaultLane="evidence" />
        <RuntimeProvider store={failedToolWithEvidence()}>
          <AgentWorkbench defaultLane="evidence" />
        </RuntimeProvider>
      </>,
      failedToolWithEvidence(),
    );
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const [, second] = [...container.querySelectorAll<HTMLElement>('.aui-workbench')];
    await user.click(within(second!).getByRole('button', { name: 'Show evidence' }));
    expect(second!.contains(document.activeElement)).toBe(true);
    expect(document.activeElement!.classList.contains('aui-evidence')).toBe(true);
  });
});

/** A source the test drives: what a server that dies does to an SSE stream. */
function drivenSource() {
  let handlers: SourceHandlers | undefined;
  const source: RuntimeEventSource = {
    start: (h) => void (handlers = h),
    close: () => undefined,
    cursor: () => undefined,
    resumeFrom: vi.fn(),
  };
  return { source, status: (...args: Parameters<NonNullable<SourceHandlers['status']>>) => act(() => handlers!.status!(...args)) };
}

function LiveWorkbench({ source }: { source: RuntimeEventSource }) {
  useRuntimeStream(source, { flush: 'sync', repair: false });
  return <AgentWorkbench />;
}

describe('the Task lane', () => {
  const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
  const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')!.textContent;

  it('is not offered on a session without a task: the workbench opens on the first lane with content, and no lane claims a task', () => {
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('text-basic')));
    expect(tabNames()).toEqual(['Tools', 'Timeline 1', 'Artifacts', 'Evidence', 'Team', 'Diagnostics']);
    expect(selectedTab()).toBe('Timeline 1');
    expect(container.textContent).not.toContain('No task reported');
  });

  it('the lane it opens on depends on the facts, not on how they arrived: event by event ends where all at once starts', () => {
    const ev = eventBuilder();
    // A subagent (Team lane) before the first tool call (Tools lane, earlier in tab order).
    const events = [ev('turn.started', t1), ev('subagent.spawned', { ...t1, subagentId: 'sub-1' }, { role: 'researcher' }), ev('tool.started', toolIds(1), { toolName: 'read_file' })];
    renderWith(<AgentWorkbench />, storeFrom(events));
    const atOnce = selectedTab();
    cleanup();
    const { store } = renderWith(<AgentWorkbench />, storeFrom([]));
    for (const event of events) {
      act(() => {
        store.getState().ingest([event]);
        store.getState().settle();
      });
    }
    expect(atOnce).toBe('Tools 1');
    expect(selectedTab()).toBe(atOnce);
  });

  it('a defaultLane of "tasks" without a task falls back to a lane that is offered', () => {
    renderWith(<AgentWorkbench defaultLane="tasks" />, storeFrom(fixtureEvents('text-basic')));
    expect(selectedTab()).toBe('Timeline 1');
  });

  it('a session that loads (or streams) its task after other facts opens on the Task lane once the task arrives', () => {
    const events = fixtureEvents('task-retry') as { type: string }[];
    const withoutTask = events.filter((e) => !e.type.startsWith('task.'));
    const { store } = renderWith(<AgentWorkbench />, storeFrom(withoutTask));
    expect(tabNames().some((name) => name!.startsWith('Task'))).toBe(false);
    expect(selectedTab()!.startsWith('Task')).toBe(false);
    act(() => {
      store.getState().ingest(events.filter((e) => e.type.startsWith('task.')));
      store.getState().settle();
    });
    expect(selectedTab()).toBe('Task 1');
  });

  it('appears, selected, when the runtime reports a task, and lists attempts once numbered without a stray toggle', () => {
    renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('task-retry')));
    expect(tabNames()[0]).toBe('Task 1');
    expect(selectedTab()).toBe('Task 1');
    const lane = screen.getByRole('tabpanel');
    // The lane is the details: nothing to show or hide (the lone "−" button read as a stray bullet).
    expect(within(lane).queryByRole('button', { name: /task details/ })).toBeNull();
    const attempts = lane.querySelectorAll('.aui-task-capsule__attempts li');
    expect(attempts[0]!.textContent).toBe('Attempt 1: Failed · A tool failed');
    expect(lane.querySelector('.aui-task-capsule__attempts')!.tagName).toBe('UL');
  });
});

describe('the Tools lane beside the thread', () => {
  it('is an index of one-line rows: a failure open in the thread is not repeated in full beside it', async () => {
    const user = userEvent.setup();
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('tool-failure')));
    const lane = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { name: /^Tools/ }).getAttribute('aria-selected')).toBe('true');
    expect(lane.querySelector('.aui-tool-call')!.getAttribute('data-state')).toBe('closed');
    expect(container.textContent!.split('npm test exited with code 1').length - 1).toBe(1);
    // Each row opens on demand.
    await user.click(within(lane).getByRole('button', { expanded: false }));
    expect(lane.textContent).toContain('npm test exited with code 1');
  });
});

describe('AgentWorkbench shows the connection', () => {
  it('reconnecting, then the error with its reason and a Reconnect control wired to the stream', async () => {
    const user = userEvent.setup();
    const { source, status } = drivenSource();
    const { container } = renderWith(<LiveWorkbench source={source} />, storeFrom([]));
    status('open');
    const header = () => container.querySelector('.aui-runtime-status')!;
    expect(header().querySelector('.aui-runtime-status__connection')).toBeNull();
    status('reconnecting', { error: 'socket closed' });
    expect(header().querySelector('.aui-runtime-status__connection')!.textContent).toBe('Reconnecting: socket closed');
    expect(header().getAttribute('data-connection')).toBe('reconnecting');
    status('error', { error: 'server unreachable' });
    const alert = within(header() as HTMLElement).getByRole('alert');
    expect(alert.textContent).toContain('Connection lost: server unreachable');
    await user.click(within(alert).getByRole('button', { name: 'Reconnect' }));
    expect(source.resumeFrom).toHaveBeenCalledTimes(1);
    status('open');
    expect(header().querySelector('.aui-runtime-status__connection')).toBeNull();
  });
});

describe('a stale stream marks the message it cut', () => {
  it('the streaming answer says it may be incomplete, with Reconnect; finished messages say nothing', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const { source, status } = drivenSource();
    const store = storeFrom([ev('model.completed', { turnId: 'turn-0' }, { text: 'Earlier answer.' }), ev('turn.started', t1), ev('model.delta', t1, { delta: 'Starting the refac' })]);
    const { container } = renderWith(<LiveWorkbench source={source} />, store);
    status('open');
    // The mark's code is a chunk of its own (with the turn notice's): the finished mark, not its placeholder.
    const notices = () => [...container.querySelectorAll('p.aui-message__cut')];
    expect(notices()).toEqual([]);
    status('reconnecting', { error: 'socket closed' });
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(container.querySelectorAll('.aui-message__cut')).toHaveLength(1);
    const cut = notices()[0]!;
    expect(cut.closest('.aui-message')!.getAttribute('data-message-status')).toBe('streaming');
    expect(cut.textContent).toContain('Connection lost — text may be incomplete');
    await user.click(within(cut as HTMLElement).getByRole('button', { name: 'Reconnect' }));
    expect(source.resumeFrom).toHaveBeenCalledTimes(1);
    // Resumed where it broke: the cause is gone, and so is the mark.
    status('open');
    expect(notices()).toEqual([]);
  });

  it('a gap says events are missing; with no stream to retry there is no Reconnect', async () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('model.delta', t1, { delta: 'Half' }), ev('model.delta', t1, { delta: ' lost' }, 9)]);
    const { container } = renderWith(<AgentWorkbench />, store);
    expect(store.getState().session.stale).toBe(true);
    const cut = await waitFor(() => {
      const mark = container.querySelector('p.aui-message__cut');
      expect(mark).not.toBeNull();
      return mark!;
    });
    expect(cut.textContent).toBe('Events are missing — text may be incomplete');
    expect(cut.querySelector('button')).toBeNull();
  });
});
