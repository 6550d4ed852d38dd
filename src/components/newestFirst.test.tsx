// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shortTurns } from '../../test/shortTurns';
import { mockAdapter, renderWith, stubLayout } from '../../test/componentHarness';
import { createRuntimeStore, type RuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from '../stream/openBacklog';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { presentState } from '../store/presentState';
import { AgentWorkbench } from './AgentWorkbench';
import { TaskCapsule } from './TaskCapsule';

// Opening a backlog newest turns first: while the history is applied, the workbench says what it
// shows is the newest part (the thread's note, lane counts as floors), and says nothing of the sort
// once the whole is applied.

/**
 * Opens `events` into `store`, holding the host's turn between slices once the newest turns are
 * presented, so the test can look; `release` lets the rest of the history be applied.
 */
async function openUntilPresented(store: RuntimeStore, events: Record<string, unknown>[]) {
  let release!: () => void;
  let paused = false;
  const yieldToHost = () =>
    store.getState().historyPending && store.getState().messages.ids.length > 0 && !paused
      ? new Promise<void>((resolve) => {
          paused = true;
          release = resolve;
        })
      : Promise.resolve();
  // Started inside act: its first step already tells the store's readers that history is loading.
  let opening!: Promise<unknown>;
  await act(async () => {
    opening = openBacklog(store, events, { yieldToHost });
    for (let i = 0; i < 50 && !paused; i++) await Promise.resolve();
  });
  expect(paused).toBe(true);
  return { opening, release };
}

describe('the workbench while a backlog opens newest first', () => {
  beforeAll(() => stubLayout(600));
  afterEach(cleanup);

  it('notes that history is loading and shows lane counts as floors, then the whole without either', async () => {
    const store = createRuntimeStore();
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    const { opening, release } = await openUntilPresented(store, shortTurns(60));
    const note = () => container.querySelector('.aui-conversation [role="status"]')?.textContent;
    const tools = () => container.querySelector('.aui-tabs__count[data-lane="tools"]')?.textContent;
    expect(note()).toBe('Loading history…');
    const shown = Number(container.querySelector('.aui-conversation')!.getAttribute('data-count'));
    expect(shown).toBeGreaterThanOrEqual(16);
    expect(shown).toBeLessThan(120);
    expect(tools()).toBe(`${shown / 2}+`);
    await act(async () => {
      release();
      await opening;
    });
    expect(note()).toBeUndefined();
    expect(container.querySelector('.aui-conversation')!.getAttribute('data-count')).toBe('120');
    expect(tools()).toBe('60');
  });

  it('a request in the newest turns waits for the history before it can be answered, then takes one answer', async () => {
    // The store applies the history underneath: an answer clicked now would be refused (the request
    // is not in the applied state yet), so the card says why its buttons wait instead of ignoring a click.
    const events = shortTurns(36);
    const last = events[events.length - 1]!;
    const next = (n: number, type: string, ids: Record<string, unknown>, payload: Record<string, unknown> = {}) => ({ ...last, eventId: `extra-${n}`, sequence: (last.sequence as number) + n, type, ...ids, payload });
    events.push(next(1, 'turn.started', { turnId: 'turn-last' }), next(2, 'action.required', { turnId: 'turn-last', actionId: 'a-last' }, { prompt: 'Allow the write?' }));
    const store = createRuntimeStore();
    const respondAction = vi.fn(async (_input: unknown) => new Promise<never>(() => undefined));
    const { container } = renderWith(<AgentWorkbench virtualize={false} />, store, mockAdapter({ respondAction }));
    const { opening, release } = await openUntilPresented(store, events);
    const card = () => container.querySelector('.aui-action[data-action-status="pending"]');
    const approve = () => screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    // The requests' chunk loads with the first request.
    await screen.findByRole('button', { name: 'Approve' });
    expect(card()).not.toBeNull();
    expect(approve().disabled).toBe(true);
    const why = card()!.querySelector('.aui-action__waiting');
    expect(why?.textContent).toBe('You can answer once the history has loaded.');
    expect(approve().getAttribute('aria-describedby')).toBe(why!.id);
    await act(async () => {
      release();
      await opening;
    });
    expect(approve().disabled).toBe(false);
    expect(card()!.querySelector('.aui-action__waiting')).toBeNull();
    await userEvent.setup().click(approve());
    expect(respondAction).toHaveBeenCalledTimes(1);
    expect(respondAction.mock.calls[0]![0]).toMatchObject({ actionId: 'a-last', decision: 'approve' });
    expect(container.querySelector('.aui-action')!.getAttribute('data-action-status')).toBe('responding');
  });

  it('the task capsule counts subagents and pending requests as floors while history loads', () => {
    const ev = eventBuilder();
    const t1 = turn('turn-1');
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('task.created', { ...t1, taskId: 'task-1' }, { objective: 'Fix the flaky test' }),
      ev('subagent.spawned', { ...t1, subagentId: 'sub-1' }, { role: 'tester', parentTaskId: 'task-1' }),
      ev('subagent.spawned', { ...t1, subagentId: 'sub-2' }, { role: 'critic', parentTaskId: 'task-1' }),
    ]);
    const { container } = renderWith(<TaskCapsule />, store);
    const team = () => container.querySelector('.aui-task-capsule__team')?.textContent;
    expect(team()).toBe('2 subagents');
    let end!: () => void;
    act(() => void (end = presentState(store, { ...store.getState(), historyPending: true })));
    expect(team()).toBe('2+ subagents');
    act(() => end());
    expect(team()).toBe('2 subagents');
  });
});
