// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { fixtureEvents, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { AgentWorkbench } from './AgentWorkbench';

beforeAll(() => stubLayout(600, 800));
afterEach(cleanup);

/** Three failed calls: one the runtime says can be retried, one it says cannot, one it says nothing about. */
function threeFailures() {
  const ev = eventBuilder();
  return storeFrom([
    ev('turn.started', turn()),
    ev('tool.started', toolIds(1), { toolName: 'fetch_page' }),
    ev('tool.failed', toolIds(1), { failureCategory: 'network', retryable: true, message: 'connection reset' }),
    ev('tool.started', toolIds(2), { toolName: 'read_file' }),
    ev('tool.failed', toolIds(2), { failureCategory: 'permission_denied', retryable: false, message: 'EACCES' }),
    ev('tool.started', toolIds(3), { toolName: 'run_tests' }),
    ev('tool.failed', toolIds(3), { failureCategory: 'process_exit', message: 'exit 1' }),
  ]);
}

const retryButtons = (root: HTMLElement) => within(root).queryAllByRole('button', { name: 'Retry' });
const rowOf = (button: HTMLElement) => button.closest('.aui-tool-call')?.querySelector('.aui-tool-call__name')?.textContent;

describe('AgentWorkbench onRetry', () => {
  it('offers Retry only on the call the runtime marked retryable, in the thread and the Tools lane, and calls onRetry with its id', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWith(<AgentWorkbench onRetry={onRetry} defaultLane="tools" />, threeFailures());
    const thread = screen.getByRole('log');
    expect(retryButtons(thread).map(rowOf)).toEqual(['fetch_page']);
    await user.click(retryButtons(thread)[0]!);
    expect(onRetry).toHaveBeenCalledExactlyOnceWith('tc-1');
    const lane = screen.getByRole('tabpanel');
    for (const toggle of within(lane).queryAllByRole('button', { expanded: false })) await user.click(toggle);
    expect(retryButtons(lane).map(rowOf)).toEqual(['fetch_page']);
    await user.click(retryButtons(lane)[0]!);
    expect(onRetry).toHaveBeenLastCalledWith('tc-1');
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('without onRetry there is no Retry anywhere, even on a retryable failure', () => {
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, threeFailures());
    expect(retryButtons(container)).toEqual([]);
  });
});

describe('AgentWorkbench onOpenRef', () => {
  it('evidence and artifact refs are actions that call onOpenRef with the ref and its label', async () => {
    const user = userEvent.setup();
    const onOpenRef = vi.fn();
    renderWith(<AgentWorkbench onOpenRef={onOpenRef} defaultLane="evidence" />, storeFrom(fixtureEvents('artifact-evidence')));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Evidence pack' }));
    expect(onOpenRef).toHaveBeenLastCalledWith('evidence://sess-artifact-evidence/turn-1', 'Evidence pack');
    // The artifact card in the thread: its source and its export.
    const thread = screen.getByRole('log');
    await user.click(within(thread).getByRole('button', { name: 'Open export' }));
    expect(onOpenRef).toHaveBeenLastCalledWith('export://art-notes/v2.pdf', 'Open export');
    await user.click(within(thread).getByRole('button', { name: 'Open source' }));
    expect(onOpenRef).toHaveBeenLastCalledWith('artifact://art-notes/v2', 'Open source');
    // And in the Artifacts lane.
    await user.click(screen.getByRole('tab', { name: /^Artifacts/ }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Open export' }));
    expect(onOpenRef).toHaveBeenCalledTimes(4);
  });

  it('without onOpenRef the artifact refs are not actions; they stay listed under Details', () => {
    const { container } = renderWith(<AgentWorkbench />, storeFrom(fixtureEvents('artifact-evidence')));
    expect(screen.queryByRole('button', { name: 'Open export' })).toBeNull();
    expect(container.querySelector('.aui-artifact__ids')!.textContent).toContain('export://art-notes/v2.pdf');
  });
});
