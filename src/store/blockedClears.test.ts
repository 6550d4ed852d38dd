import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { selectRuntimeStatus } from './selectors/runtimeStatus';
import { summarize } from './selectors/summarize';

const t1 = turn();

function statusAfter(events: (ev: ReturnType<typeof eventBuilder>) => unknown[]) {
  const ev = eventBuilder();
  const store = createRuntimeStore();
  store.getState().ingest([ev('turn.submitted', t1, { text: 'go' }), ev('turn.started', t1), ...events(ev)]);
  return { summary: summarize(store.getState()), status: selectRuntimeStatus(store.getState()) };
}

// Issue 22 item 3 (SPEC section 5): blocked is the latest blocking fact not yet followed by progress.
describe('blocked clears when the runtime goes on', () => {
  it('a quota block, then the limit changes and the run goes on with text: running', () => {
    const { summary, status } = statusAfter((ev) => [
      ev('quota.blocked', t1, { message: 'monthly quota' }),
      ev('limit.changed', t1, { quota: 'raised' }),
      ev('run.status', t1, { stage: 'acting' }),
      ev('model.delta', t1, { delta: 'more' }),
    ]);
    expect(summary.status).toBe('running');
    expect(status.stage).toBe('acting');
    expect(status.blockedReason).toBeUndefined();
  });

  it('a quota block followed by a tool that starts and succeeds: running', () => {
    const { summary } = statusAfter((ev) => [
      ev('quota.blocked', t1, { message: 'monthly quota' }),
      ev('tool.started', toolIds(1), { toolName: 'read' }),
      ev('tool.result', toolIds(1), { preview: 'ok' }),
    ]);
    expect(summary.status).toBe('running');
  });

  it('a sandbox violation followed by more text: running', () => {
    const { summary } = statusAfter((ev) => [ev('sandbox.violation', t1, { message: 'write outside root' }), ev('model.delta', t1, { delta: 'ok, another way' })]);
    expect(summary.status).toBe('running');
  });

  it('routing not possible, then a routing decision that picks a model: running', () => {
    const { summary } = statusAfter((ev) => [ev('routing.not_possible', t1, { reason: 'no model' }), ev('routing.decided', t1, { selectedModel: 'm-large' })]);
    expect(summary.status).toBe('running');
  });

  it('a block not yet followed by progress stays blocked (a limit change alone is not progress)', () => {
    expect(statusAfter((ev) => [ev('model.delta', t1, { delta: 'a' }), ev('quota.blocked', t1, { message: 'q' }), ev('limit.changed', t1, {})]).summary.status).toBe('blocked');
    expect(statusAfter((ev) => [ev('routing.not_possible', t1, { reason: 'no model' }), ev('routing.decided', t1, {})]).summary.status).toBe('blocked');
  });

  it('the latest blocking fact wins: progress, then a new block', () => {
    const { summary, status } = statusAfter((ev) => [
      ev('quota.blocked', t1, { message: 'q' }),
      ev('model.delta', t1, { delta: 'go' }),
      ev('sandbox.violation', t1, { message: 'denied' }),
    ]);
    expect(summary.status).toBe('blocked');
    expect(status.blockedReason).toBe('denied');
  });
});
