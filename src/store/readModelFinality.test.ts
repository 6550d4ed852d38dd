import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { decodeReadModel } from '../protocol/readModel';
import { createRuntimeStore } from './createRuntimeStore';
import { selectMessageText } from './selectors/text';

const t1 = turn();
const m1 = { ...t1, messageId: 'msg-1' };

// Issue 22 item 2: a read-model message that states neither `final` nor a status is not final.
describe('a read-model message without a final marker is not final (absent is unknown)', () => {
  const deltas = () => {
    const ev = eventBuilder();
    return [
      ev('turn.submitted', t1, { text: 'hi' }, 1),
      ev('turn.started', t1, {}, 2),
      ev('model.delta', m1, { delta: 'Hello' }, 3),
      ev('model.delta', m1, { delta: ', ' }, 4),
      ev('model.delta', m1, { delta: 'wor' }, 5),
      ev('run.status', t1, { stage: 'streaming' }, 6),
      ev('model.delta', m1, { delta: 'ld' }, 7),
    ];
  };

  it('decodes as unknown finality, not final', () => {
    const model = decodeReadModel({ threadId: 'thread-1', messages: [{ messageId: 'm', role: 'assistant', text: 'x' }] });
    expect(model!.threads[0]!.messages[0]!.final).toBeUndefined();
  });

  it('the live delta after the snapshot is appended: the answer is whole', () => {
    const events = deltas();
    const store = createRuntimeStore();
    store.getState().applyReadModel({
      threadId: 'thread-1',
      sessionId: 'sess-unit',
      cursor: 6,
      turns: [{ turnId: 'turn-1', status: 'running' }],
      messages: [{ messageId: 'msg-1', turnId: 'turn-1', role: 'assistant', text: 'Hello, wor' }],
    });
    const report = store.getState().ingest(events.slice(4));
    expect(report.counts).toMatchObject({ duplicates: 2, applied: 1 });
    const state = store.getState();
    const message = state.messages.byId.get('msg-1')!;
    expect(selectMessageText(state, message)).toBe('Hello, world');
    expect(message.final).toBe(false);
    expect([...state.diagnostics.byId.values()].map((d) => d.code)).not.toContain('delta_after_final');
  });

  it('a message the read model marks completed is final', () => {
    const model = decodeReadModel({ threadId: 'thread-1', messages: [{ messageId: 'm', role: 'assistant', text: 'x', status: 'completed' }] });
    expect(model!.threads[0]!.messages[0]!.final).toBe(true);
  });
});
