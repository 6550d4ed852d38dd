import { describe, expect, it } from 'vitest';
import { Annotation, END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph';
import { AIMessage } from '@langchain/core/messages';
import { z } from 'zod';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { validateEvent } from '../../protocol/validateEvent';
import { createRuntimeStore } from '../../store/createRuntimeStore';
import { summarize } from '../../store/selectors/summarize';
import { connectRuntimeStream } from '../../stream/connectRuntimeStream';
import { iterableSource } from '../../stream/iterableSource';
import { createRuntimeActions } from '../../stream/runtimeActions';
import { createLangGraphAdapter, toRuntimeEvents, type LangGraphRunnable } from './index';
import { expectConformant, expectOf, recorded, recordedNames, snapshotOf, types } from '../../../test/adapters/recordedRuns';
import { LARGE_LOG, SCENARIOS, ScriptedChatModel, agentGraph, scenarioAdapter } from '../../../test/adapters/langGraphScenarios';
import { expectApprovalRoundTrip } from '../../../test/adapters/controlledWrites';
import { runScenario, until } from '../../../test/adapters/scenarioRun';

const names = recordedNames('langgraph-');
const collect = async (events: AsyncIterable<RuntimeEventEnvelope>) => {
  const out: RuntimeEventEnvelope[] = [];
  for await (const event of events) out.push(event);
  return out;
};
const STREAM = { streamMode: ['messages', 'updates', 'custom'] as ('messages' | 'updates' | 'custom')[] };
const prompt = (text: string, id = 't:user') => ({ messages: [{ role: 'user', content: text, id }] });

/**
 * The graph's real stream, of which only the first `keep` chunks get through: the rest is read
 * (the graph runs to its end and checkpoints) but lost, as behind a proxy that dropped the tail.
 */
function droppingTail(graph: LangGraphRunnable, keep: number): LangGraphRunnable {
  return {
    checkpointer: graph.checkpointer,
    getState: (config) => graph.getState!(config),
    stream: async (input, options) => {
      const real = (await graph.stream(input, options)) as AsyncIterable<unknown>;
      return (async function* () {
        let n = 0;
        for await (const chunk of real) if (n++ < keep) yield chunk;
      })();
    },
  };
}

describe('LangGraph adapter: recorded runs conform (seed 003 minimum acceptance)', () => {
  it('records the five runs: text, tool with a large output, approval, failure, cut stream', () => {
    expect(names).toEqual(['langgraph-approval', 'langgraph-cut-repair', 'langgraph-failure', 'langgraph-text', 'langgraph-tool']);
  });

  for (const name of names) {
    it(`${name}: every event valid, the summary as expected, idempotent, and readThread restores it`, () => {
      expectConformant(name);
    });
  }

  for (const scenario of Object.values(SCENARIOS)) {
    it(`${scenario.name}: the recording is what the real library produces now (regenerated, not edited)`, async () => {
      const adapter = scenarioAdapter(scenario);
      const { events, answers } = await runScenario(adapter, scenario);
      await Promise.all(answers);
      expect(events).toEqual(recorded(scenario.name));
      expect(await adapter.readThread({})).toEqual(snapshotOf(scenario.name));
    });
  }
});

describe('LangGraph adapter: mapping', () => {
  it('a text turn: lifecycle, the node as a task, one message reconciled with its whole text, usage, snapshot', () => {
    const events = recorded('langgraph-text');
    expect(types(events)).toEqual([
      'turn.submitted', 'turn.started', 'task.started', 'model.requested', 'model.delta', 'model.delta', 'model.delta',
      'model.completed', 'cost.recorded', 'task.completed', 'turn.completed', 'snapshot.updated',
    ]);
    expect(events[2]).toMatchObject({ taskId: 'lg-turn-1:node:agent:1', payload: { title: 'agent', step: 1 } });
    expect(events.find((e) => e.type === 'model.completed')!.payload).toEqual({ text: 'LangGraph runs the graph node by node.' });
    // usage_metadata the model reported, summed as LangChain sums chunks: never estimated.
    expect(events.find((e) => e.type === 'cost.recorded')!.payload).toEqual({ inputTokens: 42, outputTokens: 9, totalTokens: 51 });
    // LangGraph makes no routing decision and reports none: the kit shows routing as unavailable.
    expect(types(events).some((t) => t.startsWith('routing.'))).toBe(false);
  });

  it('a tool turn: streamed tool_call_chunks start the call, the node update gives its args, ToolNode its result', () => {
    const events = recorded('langgraph-tool');
    const tool = events.filter((e) => e.type.startsWith('tool.'));
    expect(types(tool)).toEqual(['tool.started', 'tool.args', 'tool.args', 'tool.args', 'tool.progress', 'tool.result']);
    for (const e of tool) expect(e).toMatchObject({ turnId: 'lg-turn-1', stepId: 'lg-turn-1:step:1', toolCallId: 'call-log-1' });
    expect(tool.map((e) => e.payload).slice(0, 4)).toEqual([
      { toolName: 'read_log' }, { delta: '{"path":"b' }, { delta: 'uild.log"}' }, { args: { path: 'build.log' } },
    ]);
    // The tool's own custom write names its call: it is that call's progress.
    expect(tool[4]!.payload).toEqual({ progress: 0.5, message: 'reading build.log' });
    expect(events.filter((e) => e.type.startsWith('task.')).map((e) => `${e.type} ${e.taskId}`)).toEqual([
      'task.started lg-turn-1:node:agent:1', 'task.completed lg-turn-1:node:agent:1',
      'task.started lg-turn-1:node:tools:1', 'task.completed lg-turn-1:node:tools:1',
      'task.started lg-turn-1:node:agent:2', 'task.completed lg-turn-1:node:agent:2',
    ]);
  });

  it('a large tool output is a ref with a capped preview, and loadRef returns the whole output', async () => {
    const adapter = scenarioAdapter(SCENARIOS.tool);
    const { events } = await runScenario(adapter, SCENARIOS.tool);
    const result = events.find((e) => e.type === 'tool.result')!;
    expect(result.payload.outputRef).toBe('langgraph-output://sess-langgraph-tool/call-log-1');
    expect((result.payload.preview as string).length).toBe(2_000);
    expect(result.payload).toMatchObject({ truncated: true, size: 60_000 });
    expect(JSON.stringify(result).length).toBeLessThan(3_000);
    expect(await adapter.loadRef(result.payload.outputRef as string)).toBe(LARGE_LOG);
  });

  it('a failed turn carries its category and recovery hint; the failing node fails, a failed tool has its category', () => {
    const events = recorded('langgraph-failure');
    expect(events.find((e) => e.type === 'turn.failed')!.payload).toEqual({
      failureCategory: 'node_error',
      message: 'model overloaded',
      recoveryHint: 'The graph stopped in node "agent": send the message again; the checkpoint keeps the steps that completed.',
    });
    expect(events.find((e) => e.type === 'task.failed')).toMatchObject({ taskId: 'lg-turn-1:node:agent:2', payload: { failureCategory: 'node_error' } });
    expect(events.find((e) => e.type === 'tool.failed')!.payload).toEqual({
      failureCategory: 'tool_error',
      message: 'Error: npm test exited with code 1 (.)\n Please fix your mistakes.',
    });
  });

  it('a recursion limit is typed as such, not retryable, with what to change', async () => {
    const graph = agentGraph(new ScriptedChatModel([[{ content: '', tool_call_chunks: [{ id: 'loop', name: 'read_log', args: '{"path":"x"}', index: 0, type: 'tool_call_chunk' }] }]]));
    const events = await collect(toRuntimeEvents(await graph.stream(prompt('loop'), { ...STREAM, configurable: { thread_id: 'r' }, recursionLimit: 4 }), { sessionId: 's', threadId: 'r' }));
    expect(events.at(-1)).toMatchObject({ type: 'turn.failed', payload: { failureCategory: 'recursion_limit', retryable: false } });
    expect(events.at(-1)!.payload.recoveryHint).toMatch(/recursionLimit/);
  });

  it('toRuntimeEvents continues after context.sequence, every event valid, and a custom write without a tool is a diagnostic', async () => {
    const model = new ScriptedChatModel([[{ content: 'ok' }]]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('plan', async (_state, config) => {
        config.writer?.({ stage: 'planning', apiKey: 'sk-secret' });
        return {};
      })
      .addNode('answer', async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addEdge(START, 'plan')
      .addEdge('plan', 'answer')
      .addEdge('answer', END)
      .compile();
    const events = await collect(toRuntimeEvents(await graph.stream(prompt('hi'), STREAM), { sessionId: 's', threadId: 't', sequence: 7 }));
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => 8 + i));
    expect(events.every((e) => validateEvent(e).valid)).toBe(true);
    const warning = events.find((e) => e.type === 'runtime.warning')!;
    expect(warning.payload).toMatchObject({ code: 'langgraph_custom', raw: { stage: 'planning', apiKey: '[redacted]' } });
    expect(types(events).at(-1)).toBe('turn.completed');
    const store = createRuntimeStore();
    store.getState().ingest(events);
    store.getState().settle();
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('langgraph_custom');
    expect(summarize(store.getState()).messages).toEqual([{ messageId: 'lg-turn-1:assistant:1', turnId: 'lg-turn-1', role: 'assistant', text: 'ok', final: true }]);
  });

  it('a stream that ends while a node is still running fails the turn as interrupted, and the checkpoint repairs the text', async () => {
    const graph = agentGraph(new ScriptedChatModel(SCENARIOS.text.steps));
    // Only the first two chunks (two text deltas) arrive; the graph itself runs to its end.
    const adapter = createLangGraphAdapter({ graph: droppingTail(graph, 2), sessionId: 's', threadId: 'cut' });
    const events = await collect(adapter.startTurn({ prompt: 'How does LangGraph run a graph?', mode: 'start' }));
    expect(types(events).slice(-5)).toEqual(['model.delta', 'model.failed', 'task.failed', 'turn.failed', 'snapshot.updated']);
    expect(events.find((e) => e.type === 'turn.failed')!.payload).toMatchObject({ failureCategory: 'stream_interrupted', recoveryHint: expect.any(String) });
    const store = createRuntimeStore();
    store.getState().ingest(events);
    expect(summarize(store.getState()).messages.find((m) => m.role === 'assistant')).toMatchObject({ text: 'LangGraph runs the graph ', final: false });
    // The checkpoint holds the whole answer: readThread gives it under the id the events used.
    expect(store.getState().applyReadModel(await adapter.readThread({})).applied).toBe(true);
    expect(summarize(store.getState()).messages.find((m) => m.role === 'assistant')).toMatchObject({ messageId: 'lg-turn-1:assistant:1', text: 'LangGraph runs the graph node by node.', final: true });
  });

  it('readThread reads the checkpoint: a restarted adapter on the same checkpointer serves the conversation', async () => {
    const checkpointer = new MemorySaver();
    const first = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel(SCENARIOS.text.steps), checkpointer), sessionId: 's', threadId: 'th' });
    await collect(first.startTurn({ prompt: 'How does LangGraph run a graph?', mode: 'start' }));
    const restarted = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel([]), checkpointer), sessionId: 's', threadId: 'th' });
    const model = await restarted.readThread({});
    expect((model.messages as { role: string; text: string }[]).map((m) => [m.role, m.text])).toEqual([
      ['user', 'How does LangGraph run a graph?'],
      ['assistant', 'LangGraph runs the graph node by node.'],
    ]);
    // Without a checkpointer, the adapter serves what it recorded.
    const noCheckpoint = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel(SCENARIOS.text.steps), false), sessionId: 's', threadId: 'nc' });
    const events = await collect(noCheckpoint.startTurn({ prompt: 'hi', mode: 'start' }));
    expect(await noCheckpoint.readThread({})).toMatchObject({ cursor: { sequence: events.at(-1)!.sequence } });
  });
});

describe('LangGraph adapter: controlled writes', () => {
  it('an interrupt suspends the turn; the card stays responding until the resumed graph acts on the answer', async () => {
    await expectApprovalRoundTrip(scenarioAdapter(SCENARIOS.approval), { actionId: 'action-lg-turn-1-interrupt-1', decision: 'allow' });
  });

  it('the answer reaches interrupt() through Command({ resume }) on the same thread; a denial is what the tool makes of it', async () => {
    const adapter = scenarioAdapter({ ...SCENARIOS.approval, decision: 'deny' });
    const { events, answers } = await runScenario(adapter, { ...SCENARIOS.approval, decision: 'deny' });
    expect((await answers[0])!.payload).toEqual({ decision: 'deny' });
    expect(types(events)).not.toContain('tool.result');
    expect(events.find((e) => e.type === 'tool.failed')!.payload).toEqual({
      failureCategory: 'tool_error',
      message: 'Error: the user answered deny: README.md was not written\n Please fix your mistakes.',
      // From the resumed run's start (the fixed clock's two events), not from the call's proposal.
      durationMs: 500,
    });
  });

  it('an interrupt in a plain node: its prompt and response schema on the card, a whole AIMessage from the update', async () => {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('review', async () => {
        const answer = interrupt('Publish the post?', { responseSchema: z.object({ decision: z.enum(['approve', 'reject']), note: z.string() }) }) as { decision: string; note: string };
        return { messages: [new AIMessage({ content: `Decision: ${answer.decision} (${answer.note})`, id: 'review-answer' })] };
      })
      .addEdge(START, 'review')
      .addEdge('review', END)
      .compile({ checkpointer: new MemorySaver() });
    const adapter = createLangGraphAdapter({ graph, sessionId: 's', threadId: 'review' });
    const events: RuntimeEventEnvelope[] = [];
    let answered: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: 'Review it', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') {
        expect(e.toolCallId).toBeUndefined();
        expect(e.payload).toMatchObject({ actionType: 'interrupt', prompt: 'Publish the post?', request: 'Publish the post?' });
        expect(e.payload.schema).toMatchObject({ type: 'object', properties: { decision: { enum: ['approve', 'reject'] }, note: { type: 'string' } } });
        answered = adapter.respondAction({ actionId: e.actionId!, decision: 'approve', payload: { note: 'looks good' } });
      }
    }
    expect((await answered!).payload).toEqual({ decision: 'approve' });
    // The node's returned message is the first fact of the resumed run that is past interrupt().
    expect(types(events)).toEqual([
      'turn.submitted', 'turn.started', 'action.required',
      'action.resolved', 'task.started', 'model.requested', 'model.completed', 'task.completed', 'turn.completed', 'snapshot.updated',
    ]);
    // The answer reached interrupt() as { decision, ...payload }, parsed by the node's own schema.
    expect(events.find((e) => e.type === 'model.completed')!.payload).toEqual({ text: 'Decision: approve (looks good)' });
  });

  it('two interrupts at once (parallel nodes): one card each, resumed together by interrupt id, each answer where it belongs', async () => {
    const State = Annotation.Root({ answers: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }) });
    const ask = (name: string) => async () => ({ answers: [`${name}:${(interrupt({ prompt: `${name}?` }) as { decision: string }).decision}`] });
    const graph = new StateGraph(State)
      .addNode('a', ask('a'))
      .addNode('b', ask('b'))
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge('a', END)
      .addEdge('b', END)
      .compile({ checkpointer: new MemorySaver() });
    const adapter = createLangGraphAdapter({ graph, sessionId: 's', threadId: 'two', input: () => ({ answers: [] }) });
    const events: RuntimeEventEnvelope[] = [];
    const answers: Promise<RuntimeEventEnvelope>[] = [];
    for await (const e of adapter.startTurn({ prompt: 'both', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') answers.push(adapter.respondAction({ actionId: e.actionId!, decision: e.payload.prompt === 'a?' ? 'approve' : 'reject' }));
    }
    expect(events.filter((e) => e.type === 'action.required').map((e) => e.payload.prompt).sort()).toEqual(['a?', 'b?']);
    expect((await Promise.all(answers)).map((e) => e.type)).toEqual(['action.resolved', 'action.resolved']);
    expect(types(events)).toContain('turn.completed');
    const state = await graph.getState({ configurable: { thread_id: 'two' } });
    expect([...(state.values.answers as string[])].sort()).toEqual(['a:approve', 'b:reject']);
  });

  it('an answer to an action that is not waiting is refused', async () => {
    const adapter = scenarioAdapter(SCENARIOS.text);
    await expect(adapter.respondAction({ actionId: 'action-nope', decision: 'allow' })).rejects.toThrow(/not waiting/);
  });

  it('cancelTurn aborts the graph through its signal and answers with turn.cancelled', async () => {
    const long = Array.from({ length: 60 }, () => ({ content: 'x' }));
    const adapter = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel([long])), sessionId: 's', threadId: 'cancel' });
    const events: RuntimeEventEnvelope[] = [];
    let cancelled: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: 'long', mode: 'start' })) {
      events.push(e);
      if (e.type === 'model.delta' && cancelled === undefined) cancelled = adapter.cancelTurn({});
    }
    expect((await cancelled!).type).toBe('turn.cancelled');
    expect(types(events)).not.toContain('turn.completed');
    expect(events.filter((e) => e.type === 'model.delta').length).toBeLessThan(60);
  });

  it('cancelTurn while waiting for an answer cancels the suspended turn', async () => {
    const adapter = scenarioAdapter(SCENARIOS.approval);
    const events: RuntimeEventEnvelope[] = [];
    for await (const e of adapter.startTurn({ prompt: 'go', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') void adapter.cancelTurn({});
    }
    expect(types(events).slice(-2)).toEqual(['turn.cancelled', 'snapshot.updated']);
  });

  it('a cut connection is repaired through readThread: stale, then the checkpoint read model, nothing lost', async () => {
    const store = createRuntimeStore();
    const adapter = scenarioAdapter(SCENARIOS.tool);
    // A lossy transport between the adapter and the store: events 6 to 9 never arrive.
    async function* lossy() {
      for await (const e of adapter.startTurn({ prompt: SCENARIOS.tool.prompt, mode: 'start' })) if (e.sequence! < 6 || e.sequence! > 9) yield e;
    }
    const connection = connectRuntimeStream(store, iterableSource(lossy()), { adapter, flush: 'sync', gapTimeoutMs: 20 });
    let sawStale = false;
    connection.subscribe(() => void (sawStale ||= connection.getState().stale));
    await until(() => !store.getState().session.stale && summarize(store.getState()).status === 'completed', 'the repair');
    expect(sawStale).toBe(true);
    const expected = expectOf('langgraph-tool');
    const summary = summarize(store.getState());
    expect(summary.messages).toEqual(expected.messages);
    expect(summary.tools).toEqual(expected.tools);
    connection.close();
  });
});
