// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { expectNoAxeViolations, mockAdapter, renderWith, storeFrom } from '../../test/componentHarness';
import { Composer } from './Composer';
import { presentState } from '../store/presentState';

afterEach(cleanup);

const running = () => storeFrom([eventBuilder()('turn.started', turn())]);
const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent!.trim());

describe('Composer while a turn runs (issue 15, composer)', () => {
  it('Stop takes the place of Send: it is the primary button and interrupts the running turn', async () => {
    const user = userEvent.setup();
    const cancelTurn = vi.fn(async () => ({ type: 'runtime.warning', eventId: 'c', timestamp: '2026-06-09T10:00:00Z', payload: {} }) as never);
    const { container } = renderWith(<Composer />, running(), mockAdapter({ cancelTurn }));
    expect(buttonNames()).toEqual(['Stop']);
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(stop.classList.contains('aui-button--primary')).toBe(true);
    await user.click(stop);
    expect(cancelTurn).toHaveBeenCalledWith(expect.objectContaining({ turnId: 'turn-1' }));
    await expectNoAxeViolations(container);
  });

  it('the mode is a labelled choice with the current one checked, and no label says the same as the submit button', async () => {
    const user = userEvent.setup();
    renderWith(<Composer />, running(), mockAdapter());
    const group = screen.getByRole('radiogroup', { name: 'While the agent works:' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([['Steer', 'false'], ['Queue', 'true']]);
    expect(radios.every((r) => group.contains(r))).toBe(true);
    await user.type(screen.getByLabelText('Message'), 'also update the docs');
    // Typed text: the submit button says what it does; Stop stays, no longer the primary.
    expect(buttonNames()).toEqual(['Stop', 'Add to queue']);
    await user.click(screen.getByRole('radio', { name: 'Steer' }));
    expect(screen.getByRole('radio', { name: 'Steer' }).getAttribute('aria-checked')).toBe('true');
    expect(buttonNames()).toEqual(['Stop', 'Steer now']);
    const labels = [...radios.map((r) => r.textContent), ...buttonNames()];
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('without a runtime to write to there is no Stop: nothing can be interrupted', () => {
    renderWith(<Composer />, running());
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // Nothing can be sent or queued either: the plain Send arrow (disabled, with the reason), not "Add to queue".
    expect(buttonNames()).toEqual(['Send']);
  });

  it("offers only what the runtime can do: queue without steer is no choice, neither is a wait with the reason, no interrupt no Stop", async () => {
    const user = userEvent.setup();
    const caps = { queue: true, steer: false, interrupt: true, approvals: true, clientTools: false, restore: true };
    const queueOnly = renderWith(<Composer />, running(), mockAdapter({ capabilities: caps }));
    expect(screen.queryAllByRole('radio')).toEqual([]);
    await user.type(screen.getByLabelText('Message'), 'next');
    expect(buttonNames()).toEqual(['Stop', 'Add to queue']);
    queueOnly.unmount();

    renderWith(<Composer />, running(), mockAdapter({ capabilities: { ...caps, queue: false, interrupt: false } }));
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await user.type(screen.getByLabelText('Message'), 'next');
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('This runtime takes one prompt at a time: wait for the turn to end, or stop it.')).toBeTruthy();
  });

  it("says how many prompts wait in the runtime's queue", () => {
    const event = eventBuilder();
    renderWith(<Composer />, storeFrom([event('turn.started', turn()), event('queue.changed', {}, { queue: [{ turnId: 't2', prompt: 'next' }, { turnId: 't3', prompt: 'after' }] })]), mockAdapter());
    expect(screen.getByRole('status').textContent).toBe('2 prompts wait to run after this turn');
  });

  it('idle: Send, no mode choice and no Stop', () => {
    renderWith(<Composer />, storeFrom([]), mockAdapter());
    expect(buttonNames()).toEqual(['Send']);
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });
});

describe('Composer while history loads', () => {
  // Opening a backlog shows its newest turns (or the history so far) before the whole is applied:
  // whether a turn is running, and the queue, are not the session's yet, and its live connection
  // starts after the history. A Stop or a send then wrote to the runtime about a state it was not in.
  it('offers no Stop and sends nothing until the history is applied, and says why', async () => {
    const user = userEvent.setup();
    const store = running();
    const cancelTurn = vi.fn(mockAdapter().cancelTurn);
    const startTurn = vi.fn(mockAdapter().startTurn);
    let end: () => void = () => undefined;
    act(() => void (end = presentState(store, { ...store.getState(), historyPending: true })));
    renderWith(<Composer />, store, mockAdapter({ cancelTurn, startTurn }));
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await user.type(screen.getByLabelText('Message'), 'next{Enter}');
    expect(startTurn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Message').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(screen.getByLabelText('Message').getAttribute('aria-describedby')!)!.textContent).toBe('Loading history…');
    act(() => end());
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });
});
