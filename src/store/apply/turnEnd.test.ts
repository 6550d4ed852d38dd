import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../../test/eventBuilder';
import { createRuntimeStore } from '../createRuntimeStore';
import { summarize } from '../selectors/summarize';
import { selectThreadReadModel } from '../selectors/readModels';

const t1 = turn();

describe('how a turn ends', () => {
  it('a cancelled turn leaves its partial message visibly interrupted, never completed', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'Half an ans' }), ev('turn.cancelled', t1)]);
    const message = store.getState().messages.byId.get('turn-1:assistant')!;
    expect(message.status).toBe('interrupted');
    expect(message.final).toBe(false);
    expect(summarize(store.getState()).messages.find((m) => m.messageId === 'turn-1:assistant')).toMatchObject({ final: false, interrupted: true });
  });

  it('a message already final stays completed when its turn is cancelled later', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'Done.' }), ev('model.completed', t1, { text: 'Done.' }), ev('turn.cancelled', t1)]);
    expect(store.getState().messages.byId.get('turn-1:assistant')).toMatchObject({ status: 'completed', final: true });
  });

  it('a turn completed while an action is pending: a diagnostic names the contradiction, the action stays pending', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('action.required', { ...t1, actionId: 'a1' }, { actionType: 'approval', prompt: 'Run it?' }),
      ev('turn.completed', t1),
    ]);
    const summary = summarize(store.getState());
    expect(summary.diagnostics.map((d) => d.code)).toEqual(['turn_completed_with_pending_action']);
    expect(summary.actions).toEqual([{ actionId: 'a1', status: 'pending' }]);
    expect(selectThreadReadModel(store.getState()).pendingActions.map((a) => a.actionId)).toEqual(['a1']);
  });
});
