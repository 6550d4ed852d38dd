// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { fixtureEvents, mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { ToolCall } from './ToolCall';

// Every recovery hint with its action when the runtime offers one, none when it does not (issue 24 item 3).
beforeAll(() => stubLayout());
afterEach(cleanup);
const t1 = turn();

function failedTool(retryable: boolean) {
  const ev = eventBuilder();
  return storeFrom([
    ev('turn.started', t1),
    ev('tool.started', toolIds(1), { toolName: 'run_tests', safeArgs: { command: 'npm test' } }),
    ev('tool.failed', toolIds(1), { failureCategory: 'timeout', retryable, recoveryHint: 'Run it again with a longer timeout.', message: 'tests timed out after 30 s' }),
  ]);
}

describe('recovery actions', () => {
  it('a retryable tool failure offers Retry when the runtime can run the call again, and Retry goes to the adapter', async () => {
    const user = userEvent.setup();
    const retryToolCall = vi.fn(async () => ({ type: 'tool.started', eventId: 'r', timestamp: '2026-06-09T10:00:00Z', payload: {} }));
    renderWith(<ToolCall toolCallId="tc-1" />, failedTool(true), mockAdapter({ retryToolCall }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retryToolCall).toHaveBeenCalledWith(expect.objectContaining({ toolCallId: 'tc-1', turnId: 'turn-1' }));
  });

  it('no Retry when the adapter cannot retry a call, or the failure is not retryable', () => {
    renderWith(<ToolCall toolCallId="tc-1" />, failedTool(true), mockAdapter());
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();
    renderWith(<ToolCall toolCallId="tc-1" />, failedTool(false), mockAdapter({ retryToolCall: vi.fn() }));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // The hint is still said: what to do, in the runtime's words.
    expect(screen.getByText(/Run it again with a longer timeout/)).toBeTruthy();
  });

  it('a retryable failed turn offers Try again, which sends the turn’s prompt again; none without a runtime', async () => {
    const user = userEvent.setup();
    const startTurn = vi.fn(async function* () {});
    renderWith(<Conversation virtualize={false} />, storeFrom(fixtureEvents('tool-failure')), mockAdapter({ startTurn }));
    const notice = document.querySelector('.aui-turn-notice[data-outcome="failed"]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(startTurn).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'Run the test suite.', mode: 'start' })));
    cleanup();
    renderWith(<Conversation virtualize={false} />, storeFrom(fixtureEvents('tool-failure')));
    expect(within(document.querySelector('.aui-turn-notice') as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('a used-up quota says when it resets and offers the upgrade the runtime gave; sending is off until then', async () => {
    const user = userEvent.setup();
    renderWith(
      <>
        <Conversation virtualize={false} />
        <Composer />
      </>,
      storeFrom(fixtureEvents('routing-limits')),
      mockAdapter(),
    );
    const notice = document.querySelector('.aui-turn-notice[data-outcome="blocked"]') as HTMLElement;
    expect(notice.textContent).toMatch(/Resets at \d\d:\d\d/);
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('https://example.com/billing/upgrade');
    await user.type(screen.getByLabelText('Message'), 'One more thing');
    expect(screen.getByRole('button', { name: 'Add to queue' }).getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('.aui-composer__hint')!.textContent).toBe('Sending is off: the quota is used up.');
  });

  it('a block without those facts offers neither', () => {
    const ev = eventBuilder();
    renderWith(<Conversation virtualize={false} />, storeFrom([ev('turn.submitted', t1, { text: 'Go' }), ev('turn.started', t1), ev('quota.blocked', t1, { message: 'monthly quota exhausted' })]), mockAdapter());
    const notice = document.querySelector('.aui-turn-notice[data-outcome="blocked"]') as HTMLElement;
    expect(notice.textContent).not.toMatch(/Resets at/);
    expect(within(notice).queryByRole('link')).toBeNull();
  });
});
