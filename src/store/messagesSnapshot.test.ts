import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { selectThreadReadModel } from './selectors/readModels';

// A `messages.snapshot` lists a thread's messages in conversation order (SPEC: read models keep the
// runtime's order). Adapters send one after a turn (AG-UI's MESSAGES_SNAPSHOT, the AI SDK's
// UIMessage[]), sometimes carrying a message the stream never announced: the user's prompt.

const t1 = turn();

describe('messages.snapshot', () => {
  it('a message first seen in a later snapshot takes its place in the snapshot order, not the end', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.delta', { ...t1, messageId: 'm-answer' }, { delta: 'Hello.' }),
      ev('model.completed', { ...t1, messageId: 'm-answer' }, { text: 'Hello.' }),
      ev('turn.completed', t1),
      ev('messages.snapshot', t1, {
        messages: [
          { messageId: 'm-user', role: 'user', turnId: 'turn-1', text: 'Say hello.', final: true },
          { messageId: 'm-answer', role: 'assistant', turnId: 'turn-1', text: 'Hello.', final: true },
        ],
      }),
    ]);
    const state = store.getState();
    expect(state.messages.ids).toEqual(['m-user', 'm-answer']);
    expect(state.turns.byId.get('turn-1')!.messageIds.toArray()).toEqual(['m-user', 'm-answer']);
    // The answer stays where the next parts of the turn go.
    expect(state.turns.byId.get('turn-1')!.currentMessageId).toBe('m-answer');
  });

  it('new messages listed after the known ones are appended, in the snapshot order', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.completed', { ...t1, messageId: 'm-1' }, { text: 'First.' }),
      ev('messages.snapshot', t1, {
        messages: [
          { messageId: 'm-1', role: 'assistant', turnId: 'turn-1', text: 'First.', final: true },
          { messageId: 'm-2', role: 'user', turnId: 'turn-1', text: 'Second.', final: true },
          { messageId: 'm-3', role: 'assistant', turnId: 'turn-1', text: 'Third.', final: true },
        ],
      }),
    ]);
    expect(store.getState().messages.ids).toEqual(['m-1', 'm-2', 'm-3']);
  });

  it('a snapshot that is the first word about a thread gives the read model its thread', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('messages.snapshot', {}, {
        messages: [
          { messageId: 'm-user', role: 'user', text: 'Hi.', final: true },
          { messageId: 'm-answer', role: 'assistant', text: 'Hello.', final: true },
        ],
      }),
    ]);
    const state = store.getState();
    expect(state.threads.ids).toEqual(['thread-1']);
    const model = selectThreadReadModel(state, 'thread-1');
    expect(model.threadId).toBe('thread-1');
    expect(state.messages.ids).toEqual(['m-user', 'm-answer']);
    expect(state.messages.byId.get('m-user')!.threadId).toBe('thread-1');
  });
});
