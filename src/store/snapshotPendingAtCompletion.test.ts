import { describe, expect, it } from 'vitest';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

// A ThreadReadModel written by hand from SPEC sections 5-7: the turn is reported completed while
// its approval is still listed as pending — a contradiction the kit must show, not resolve.
const contradictory = {
  threadId: 'thread-1',
  sessionId: 'sess-1',
  status: 'completed',
  turns: [{ turnId: 'turn-1', status: 'completed' }],
  pendingRequests: [{ actionId: 'act-1', turnId: 'turn-1', actionType: 'tool_approval', prompt: 'Write the file?' }],
};

describe('a snapshot that completes a turn with a pending action (issue 10 item 25)', () => {
  it('keeps the action pending and records turn_completed_with_pending_action', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(contradictory);
    const summary = summarize(store.getState());
    expect(summary.actions).toEqual([expect.objectContaining({ actionId: 'act-1', status: 'pending' })]);
    expect(summary.diagnostics.map((d) => d.code)).toContain('turn_completed_with_pending_action');
  });

  it('says it once, not again when the same snapshot arrives twice', () => {
    const store = createRuntimeStore();
    store.getState().applyReadModel(contradictory);
    store.getState().applyReadModel(contradictory);
    const codes = summarize(store.getState()).diagnostics.map((d) => d.code).filter((c) => c === 'turn_completed_with_pending_action');
    expect(codes).toHaveLength(1);
  });
});
