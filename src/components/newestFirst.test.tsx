// @vitest-environment jsdom
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shortTurns } from '../../test/shortTurns';
import { renderWith, stubLayout } from '../../test/componentHarness';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from '../stream/openBacklog';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { presentState } from '../store/presentState';
import { AgentWorkbench } from './AgentWorkbench';
import { TaskCapsule } from './TaskCapsule';

// Opening a backlog newest turns first: while the history is applied, the workbench says what it
// shows is the newest part (the thread's note, lane counts as floors), and says nothing of the sort
// once the whole is applied.

describe('the workbench while a backlog opens newest first', () => {
  beforeAll(() => stubLayout(600));
  afterEach(cleanup);

  it('notes that history is loading and shows lane counts as floors, then the whole without either', async () => {
    const store = createRuntimeStore();
    const { container } = renderWith(<AgentWorkbench defaultLane="tools" />, store);
    let release!: () => void;
    let paused = false;
    // The host's turn between slices: held once the newest turns are presented, until the test looks.
    const yieldToHost = () =>
      store.getState().historyPending && store.getState().messages.ids.length > 0 && !paused
        ? new Promise<void>((resolve) => {
            paused = true;
            release = resolve;
          })
        : Promise.resolve();
    const opening = openBacklog(store, shortTurns(60), { yieldToHost });
    await act(async () => {
      for (let i = 0; i < 50 && !paused; i++) await Promise.resolve();
    });
    expect(paused).toBe(true);
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
