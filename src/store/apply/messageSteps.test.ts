import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../../test/eventBuilder';
import { createRuntimeStore } from '../createRuntimeStore';
import { summarize } from '../selectors/summarize';

const t1 = turn();

function partsOf(store: ReturnType<typeof createRuntimeStore>, messageId: string) {
  const state = store.getState();
  return state.messages.byId.get(messageId)!.partIds.map((id) => state.parts.byId.get(id)!);
}

const codes = (store: ReturnType<typeof createRuntimeStore>) => summarize(store.getState()).diagnostics.map((d) => d.code);

describe('multi-step turns without a per-step messageId', () => {
  it('keeps step one when step two streams and completes (steps open with model.requested)', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.requested', t1),
      ev('model.delta', t1, { delta: 'Let me ' }),
      ev('model.delta', t1, { delta: 'look.' }),
      ev('model.completed', t1, { text: 'Let me look.' }),
      ev('tool.started', toolIds(1), { toolName: 'read_file' }),
      ev('tool.result', toolIds(1), { preview: 'ok' }),
      ev('model.requested', t1),
      ev('model.delta', t1, { delta: 'It says ' }),
      ev('model.delta', t1, { delta: 'hi.' }),
      ev('model.completed', t1, { text: 'It says hi.' }),
      ev('turn.completed', t1),
    ]);
    const parts = partsOf(store, 'turn-1:assistant');
    expect(parts.map((p) => [p.kind, p.text ?? p.refId])).toEqual([
      ['text', 'Let me look.'],
      ['tool', 'tc-1'],
      ['text', 'It says hi.'],
    ]);
    const summary = summarize(store.getState());
    expect(summary.messages.find((m) => m.messageId === 'turn-1:assistant')).toMatchObject({ text: 'Let me look.It says hi.', final: true });
    expect(codes(store)).toEqual([]);
  });

  it('starts a new step when a delta arrives after a final (no model.requested)', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.delta', t1, { delta: 'One.' }),
      ev('model.completed', t1, { text: 'One.' }),
      ev('tool.started', toolIds(1), { toolName: 'a' }),
      ev('model.delta', t1, { delta: 'Two.' }),
    ]);
    let message = store.getState().messages.byId.get('turn-1:assistant')!;
    expect(message.final).toBe(false);
    expect(partsOf(store, 'turn-1:assistant').map((p) => p.text ?? p.refId)).toEqual(['One.', 'tc-1', 'Two.']);
    store.getState().ingest([ev('model.completed', t1, { text: 'Two.' })]);
    message = store.getState().messages.byId.get('turn-1:assistant')!;
    expect(message.final).toBe(true);
    expect(partsOf(store, 'turn-1:assistant').map((p) => p.text ?? p.refId)).toEqual(['One.', 'tc-1', 'Two.']);
    expect(codes(store)).toEqual([]);
  });

  it('reconciles each step on its own: a mismatching final replaces only its step and is a diagnostic', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.requested', t1),
      ev('model.delta', t1, { delta: 'Step one.' }),
      ev('model.completed', t1, { text: 'Step one.' }),
      ev('model.requested', t1),
      ev('model.delta', t1, { delta: 'Step tw' }),
      ev('model.delta', t1, { delta: 'o?' }),
      ev('model.completed', t1, { text: 'Step two.' }),
    ]);
    expect(partsOf(store, 'turn-1:assistant').filter((p) => p.kind === 'text').map((p) => p.text)).toEqual(['Step one.', 'Step two.']);
    expect(codes(store)).toEqual(['final_text_mismatch']);
  });

  it('a final without streamed text in a new step adds the text, it does not overwrite step one', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.requested', t1),
      ev('model.completed', t1, { text: 'First.' }),
      ev('tool.started', toolIds(1), { toolName: 'a' }),
      ev('model.requested', t1),
      ev('model.completed', t1, { text: 'Second.' }),
    ]);
    expect(partsOf(store, 'turn-1:assistant').map((p) => p.text ?? p.refId)).toEqual(['First.', 'tc-1', 'Second.']);
    expect(codes(store)).toEqual([]);
  });

  it('a named message that was finalised still rejects later text (the runtime named it)', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const ids = { ...t1, messageId: 'm1' };
    store.getState().ingest([ev('model.delta', ids, { delta: 'A' }), ev('model.completed', ids, { text: 'A' }), ev('model.delta', ids, { delta: 'B' })]);
    expect(partsOf(store, 'm1').map((p) => p.text)).toEqual(['A']);
    expect(codes(store)).toEqual(['delta_after_final']);
  });
});

describe('part ids', () => {
  it('never reuses a part id after reconciliation dropped a part', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.delta', t1, { delta: 'a' }),
      ev('tool.started', toolIds(1), { toolName: 'first' }),
      ev('model.delta', t1, { delta: 'b' }),
      ev('tool.started', toolIds(2), { toolName: 'second' }),
      ev('model.completed', t1, { text: 'ab!' }),
      ev('tool.started', toolIds(3), { toolName: 'third' }),
    ]);
    const state = store.getState();
    const partIds = state.messages.byId.get('turn-1:assistant')!.partIds;
    expect(new Set(partIds).size).toBe(partIds.length);
    const refs = partIds.map((id) => state.parts.byId.get(id)!).filter((p) => p.kind === 'tool').map((p) => p.refId);
    expect(refs).toEqual(['tc-1', 'tc-2', 'tc-3']);
  });
});
