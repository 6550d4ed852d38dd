import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { reusedToolCallStream } from '../../test/reusedToolCall';
import { encodeReadModel } from '../protocol/readModel';
import { createRuntimeStore } from './createRuntimeStore';
import { readModelOf } from './readModelOf';
import type { ToolCallRecord } from './records';
import { isAttachedToTool, selectToolActions } from './selectors/toolFacts';
import { summarize } from './selectors/summarize';
import type { ProjectionData } from './state';

// Tool events carry their turn (SPEC section 2: tool.* is scoped by threadId + turnId and by
// stepId + toolCallId), so a call is one per (turn, toolCallId): a later turn that reuses an id
// gets its own row with its own approval, and the earlier turn's finished call is never touched.
function toolsOfTurn(state: ProjectionData, turnId: string): ToolCallRecord[] {
  return (state.turns.byId.get(turnId)?.toolCallIds.toArray() ?? []).map((key) => state.toolCalls.byId.get(key)!);
}

describe('a toolCallId reused in a later turn is that turn’s own call', () => {
  it('the later turn gets its own row and approval; the earlier turn’s call is unchanged', () => {
    const { first, second } = reusedToolCallStream();
    const store = createRuntimeStore();
    store.getState().ingest([...first, ...second]);
    const state = store.getState();
    const [earlier] = toolsOfTurn(state, 'turn-1');
    const [later] = toolsOfTurn(state, 'turn-2');
    expect(earlier).toMatchObject({ toolCallId: 'tc-1', turnId: 'turn-1', name: 'read_file', status: 'succeeded', outputPreview: 'old notes' });
    expect(later).toMatchObject({ toolCallId: 'tc-1', turnId: 'turn-2', name: 'write_file', status: 'running' });
    expect(later).not.toBe(earlier);
    // The approval gates the later call, on its row; the earlier row has none.
    expect(selectToolActions(state, later!).map((a) => a.actionId)).toEqual(['act-write']);
    expect(selectToolActions(state, earlier!)).toEqual([]);
    expect(isAttachedToTool(state, state.actions.byId.get('act-write')!)).toBe(true);
    // Each row is in its own turn's message, in event order.
    const partsOf = (turnId: string) => state.messages.ids.map((id) => state.messages.byId.get(id)!).filter((m) => m.turnId === turnId).flatMap((m) => m.partIds.map((p) => state.parts.byId.get(p)!));
    expect(partsOf('turn-2').filter((p) => p.kind === 'tool').map((p) => state.toolCalls.byId.get(p.refId!)?.turnId)).toEqual(['turn-2']);
    expect(partsOf('turn-1').filter((p) => p.kind === 'tool').map((p) => state.toolCalls.byId.get(p.refId!)?.turnId)).toEqual(['turn-1']);
    // The reuse is a runtime fault: said once, naming both turns.
    const reused = [...state.diagnostics.byId.values()].filter((d) => d.code === 'tool_call_id_reused');
    expect(reused).toHaveLength(1);
    expect(reused[0]!.message).toContain('turn-1');
    expect(reused[0]!.message).toContain('turn-2');
    expect(summarize(state).tools).toEqual([
      { toolCallId: 'tc-1', name: 'read_file', status: 'succeeded' },
      { toolCallId: 'tc-1', name: 'write_file', status: 'running' },
    ]);
  });

  it('later events of each call land on their own turn’s row', () => {
    const { first, second, secondResult } = reusedToolCallStream();
    const store = createRuntimeStore();
    store.getState().ingest([...first, ...second, ...secondResult]);
    const state = store.getState();
    expect(toolsOfTurn(state, 'turn-1')[0]).toMatchObject({ status: 'succeeded', outputPreview: 'old notes' });
    expect(toolsOfTurn(state, 'turn-2')[0]).toMatchObject({ status: 'succeeded', outputPreview: 'written' });
    expect(state.actions.byId.get('act-write')).toMatchObject({ status: 'resolved' });
  });

  it('a read model of both turns hydrates into the same two calls', () => {
    const { first, second } = reusedToolCallStream();
    const source = createRuntimeStore();
    source.getState().ingest([...first, ...second]);
    const store = createRuntimeStore();
    const model = encodeReadModel(readModelOf(source.getState()));
    store.getState().applyReadModel(model);
    store.getState().applyReadModel(model);
    expect([...store.getState().diagnostics.byId.values()].filter((d) => d.code === 'tool_call_id_reused')).toHaveLength(1);
    const rows = [...store.getState().toolCalls.byId.values()];
    expect(rows.filter((t) => t.turnId === 'turn-1')).toEqual([expect.objectContaining({ toolCallId: 'tc-1', name: 'read_file', status: 'succeeded' })]);
    expect(rows.filter((t) => t.turnId === 'turn-2')).toEqual([expect.objectContaining({ toolCallId: 'tc-1', name: 'write_file', status: 'running' })]);
  });

  it('applying the stream twice changes nothing', () => {
    const { first, second, secondResult } = reusedToolCallStream();
    const store = createRuntimeStore();
    store.getState().ingest([...first, ...second, ...secondResult]);
    const once = summarize(store.getState());
    store.getState().ingest([...first, ...second, ...secondResult]);
    const twice = summarize(store.getState());
    expect({ ...twice, counts: undefined }).toEqual({ ...once, counts: undefined });
    expect(twice.tools).toHaveLength(2);
  });

  it('the same id within one turn is still one call', () => {
    const ev = eventBuilder();
    const call = toolIds(1, 'turn-1');
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn(), {}, 1), ev('tool.started', call, { toolName: 'read_file' }), ev('tool.result', call, { preview: 'ok' })]);
    expect(summarize(store.getState()).tools).toEqual([{ toolCallId: 'tc-1', name: 'read_file', status: 'succeeded' }]);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('tool_call_id_reused');
  });
});
