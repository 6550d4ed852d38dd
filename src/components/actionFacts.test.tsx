// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { mockAdapter, renderWith, storeFrom, stubLayout } from '../../test/componentHarness';
import { ActionList, ActionRequired } from './ActionRequired';
import { RuntimeStatus } from './RuntimeStatus';

beforeAll(() => stubLayout());
afterEach(cleanup);
const t1 = turn();

/** A local wall-clock time, so the expected "HH:MM" holds in any time zone. */
const local = (hours: number, minutes: number) => new Date(2026, 5, 9, hours, minutes).getTime();

describe('an action deadline is a hint, never a fact', () => {
  const pendingWithDeadline = () => {
    const ev = eventBuilder();
    const expiresAt = new Date(local(10, 10)).toISOString();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow write?', decisionKind: 'allow_or_deny', expiresAt })]);
    return { ev, store };
  };

  it('before the deadline: shows the time it expires', () => {
    const { store } = pendingWithDeadline();
    const { container } = renderWith(<ActionRequired actionId="a1" now={() => local(10, 4)} />, store, mockAdapter());
    const expiry = container.querySelector('.aui-action__expiry')!;
    expect(expiry.textContent).toBe('Expires 10:10');
    expect(expiry.getAttribute('data-deadline')).toBe('ahead');
  });

  it('past the deadline by the browser clock: still pending and answerable, the deadline shown as passed', async () => {
    const user = userEvent.setup();
    const { ev, store } = pendingWithDeadline();
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    const { container } = renderWith(
      <>
        <ActionRequired actionId="a1" now={() => local(10, 30)} />
        <RuntimeStatus />
      </>,
      store,
      mockAdapter({ respondAction }),
    );
    const card = container.querySelector('.aui-action')!;
    expect(card.getAttribute('data-action-status')).toBe('pending');
    expect(card.textContent).not.toContain('Expired');
    const expiry = card.querySelector('.aui-action__expiry')!;
    expect(expiry.textContent).toBe('Deadline passed (10:10)');
    expect(expiry.getAttribute('data-deadline')).toBe('passed');
    // The status still says it waits on the user until the runtime says otherwise (this session has no task, so no capsule).
    expect(container.querySelector('.aui-runtime-status')!.getAttribute('data-status')).toBe('waiting');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ actionId: 'a1', decision: 'allow' });
    // Only the runtime's fact expires it.
    act(() => void store.getState().ingest([ev('action.expired', { ...t1, actionId: 'a1' })]));
    expect(card.getAttribute('data-action-status')).toBe('expired');
    // One line, with the time the runtime recorded.
    expect(card.querySelector('.aui-action__resolution')!.textContent).toMatch(/^Expired · \d\d:\d\d$/);
    expect(card.querySelector('.aui-action__expiry')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('the hint turns when the deadline passes while the card is shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(local(10, 9));
      const { store } = pendingWithDeadline();
      const { container } = renderWith(<ActionList />, store, mockAdapter());
      const expiry = () => container.querySelector('.aui-action__expiry')!;
      expect(expiry().getAttribute('data-deadline')).toBe('ahead');
      act(() => void vi.advanceTimersByTime(61_000));
      expect(expiry().getAttribute('data-deadline')).toBe('passed');
      // Still listed as pending: the list holds what the runtime has not closed.
      expect(container.querySelectorAll('.aui-action[data-action-status="pending"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a retry resends exactly what was chosen', () => {
  const failingAdapter = () =>
    vi.fn(async (_input: unknown) => {
      throw new Error('network down');
    });

  it('a rejected answer is sent again as a rejection, with the same payload', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow write?', decisionKind: 'allow_or_deny' })]);
    const respondAction = failingAdapter();
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('network down'));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(respondAction.mock.calls.map((c) => (c[0] as { decision: string }).decision)).toEqual(['deny', 'deny']);
  });

  it('the answer sent is the one retried, not what the form holds since', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const schema = { type: 'object', properties: { note: { type: 'string', title: 'Note' } } };
    const store = storeFrom([ev('action.required', { ...t1, actionId: 'in1' }, { prompt: 'Why?', schema })]);
    const respondAction = failingAdapter();
    renderWith(<ActionRequired actionId="in1" />, store, mockAdapter({ respondAction }));
    await user.type(screen.getByLabelText('Note'), 'first');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('network down'));
    await user.type(screen.getByLabelText('Note'), ' edited');
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(respondAction.mock.calls[1]![0]).toMatchObject({ decision: 'answer', payload: { values: { note: 'first' } } });
  });

  it('with no decision recorded, no retry guesses one: the choice is offered again', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const store = storeFrom([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow write?', decisionKind: 'allow_or_deny' })]);
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    renderWith(<ActionRequired actionId="a1" />, store, mockAdapter({ respondAction }));
    // Another writer marked the action without a decision, and its write failed.
    act(() => {
      store.getState().markResponding('a1');
      store.getState().failResponding('a1', 'network down');
    });
    expect(screen.getByRole('alert').textContent).toContain('network down');
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(respondAction.mock.calls.map((c) => (c[0] as { decision: string }).decision)).toEqual(['deny']);
  });
});

describe('a schema that arrives later fills the form', () => {
  it('re-initialises fields the user has not touched, and keeps what they typed', async () => {
    const user = userEvent.setup();
    const ev = eventBuilder();
    const first = { type: 'object', properties: { note: { type: 'string', title: 'Note' } } };
    const store = storeFrom([ev('action.required', { ...t1, actionId: 'in1' }, { prompt: 'Release how?', schema: first })]);
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    renderWith(<ActionRequired actionId="in1" />, store, mockAdapter({ respondAction }));
    await user.type(screen.getByLabelText('Note'), 'mine');
    const second = {
      type: 'object',
      properties: { note: { type: 'string', title: 'Note', default: 'theirs' }, channel: { type: 'string', enum: ['stable', 'beta'], default: 'beta' }, notify: { type: 'boolean', default: true } },
    };
    act(() => void store.getState().ingest([ev('action.updated', { ...t1, actionId: 'in1' }, { schema: second })]));
    expect((screen.getByLabelText(/Channel/) as HTMLSelectElement).value).toBe('beta');
    expect((screen.getByLabelText('Notify') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('mine');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ payload: { values: { note: 'mine', channel: 'beta', notify: true } } });
  });

  it('a schema arriving after an approval-shaped request turns it into a form', () => {
    const ev = eventBuilder();
    const store = storeFrom([ev('action.required', { ...t1, actionId: 'in1' }, { prompt: 'Which channel?' })]);
    const { container } = renderWith(<ActionRequired actionId="in1" />, store, mockAdapter());
    expect(container.querySelector('.aui-action')!.getAttribute('data-action-kind')).toBe('approval');
    const schema = { type: 'object', properties: { channel: { type: 'string', enum: ['stable', 'beta'], default: 'stable' } } };
    act(() => void store.getState().ingest([ev('action.updated', { ...t1, actionId: 'in1' }, { schema })]));
    expect((screen.getByLabelText(/Channel/) as HTMLSelectElement).value).toBe('stable');
  });
});
