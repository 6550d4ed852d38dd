// The write path (issue 21) through the OpenAI Agents, LangGraph, AG-UI and MCP adapters, each
// driving its real library offline: the SDK's Runner on a scripted Model, compiled StateGraphs
// with a MemorySaver, HttpAgent over a loopback AG-UI server, an MCP Client over InMemoryTransport.
import { describe, expect, it } from 'vitest';
import { Agent, Runner, type AgentInputItem } from '@openai/agents';
import { HttpAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import { END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph';
import { AIMessage } from '@langchain/core/messages';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize } from '../../src/store/selectors/summarize';
import { createRuntimeActions } from '../../src/stream/runtimeActions';
import { runConformance } from '../../src/adapters/core/conformance';
import type { RuntimeProviderAdapter } from '../../src/protocol/providerAdapter';
import { createOpenAiAgentsAdapter } from '../../src/adapters/openai-agents';
import { createLangGraphAdapter, toRuntimeEvents } from '../../src/adapters/langgraph';
import { createAgUiAdapter } from '../../src/adapters/ag-ui';
import { createMcpAdapter, instrumentMcpClient } from '../../src/adapters/mcp';
import { ScriptedModel, TOOLS as AGENT_TOOLS } from './openaiAgentsScenarios';
import { ScriptedChatModel, agentGraph, SCENARIOS as GRAPH_SCENARIOS } from './langGraphScenarios';
import { serveAgent } from './agUiScenarios';
import { until } from './scenarioRun';

const collect = async (events: AsyncIterable<RuntimeEventEnvelope>) => {
  const out: RuntimeEventEnvelope[] = [];
  for await (const event of events) out.push(event);
  return out;
};
const clock = (sequence: number) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 250;

function harness(adapter: RuntimeProviderAdapter) {
  const store = createRuntimeStore();
  const actions = createRuntimeActions(store, adapter, { connection: { flush: 'sync' } });
  return { store, actions, summary: () => summarize(store.getState()) };
}

/** The text of the items a request sent the model: role and text, or the item type. */
function itemsOf(input: string | AgentInputItem[]): string[] {
  if (typeof input === 'string') return [`user: ${input}`];
  return input.map((item) => {
    const raw = item as { type?: string; role?: string; content?: unknown; output?: unknown };
    if (raw.role !== undefined) {
      const content = typeof raw.content === 'string' ? raw.content : (raw.content as { text?: string }[]).map((p) => p.text ?? '').join('');
      return `${raw.role}: ${content}`;
    }
    if (raw.type === 'function_call_result') return `result: ${JSON.stringify(raw.output)}`;
    return raw.type ?? 'item';
  });
}

describe('OpenAI Agents adapter: write path', () => {
  const approvalModel = () =>
    new ScriptedModel([
      [{ text: ['I will write the README.'] }, { call: { id: 'call-w', name: 'write_file', args: { path: 'README.md' } } }],
      [{ text: ['README written.'] }],
      [{ text: ['Changelog noted.'] }],
    ]);
  const adapterOver = (model: ScriptedModel, options: { conversation?: AgentInputItem[] } = {}) =>
    createOpenAiAgentsAdapter({
      agent: new Agent({ name: 'Assistant', instructions: 'Help.', model, tools: Object.values(AGENT_TOOLS) }),
      runner: new Runner({ tracingDisabled: true }),
      sessionId: 's',
      clock,
      ...options,
    });

  it('a prompt queued while an approval waits runs after it, with the whole first exchange in its input', async () => {
    const model = approvalModel();
    const adapter = adapterOver(model);
    const { actions, summary } = harness(adapter);
    try {
      await actions.send('Update the README.');
      await until(() => summary().actions[0]?.status === 'pending', 'the approval');
      expect(await actions.send('Also note it in the changelog.', { mode: 'queue' })).toEqual({ ok: true });
      expect(summary().queue).toEqual([{ turnId: 'oa-turn-2', queueId: 'oa-turn-2', preview: 'Also note it in the changelog.' }]);
      expect(model.requests).toHaveLength(1);
      expect(await actions.respondAction('action-call-w', 'approve')).toEqual({ ok: true });
      await until(() => summary().turns.length === 2 && summary().turns.every((t) => t.status === 'completed'), 'both turns');
      expect(itemsOf(model.requests[2]!.input)).toEqual([
        'user: Update the README.', 'assistant: I will write the README.', 'function_call', 'result: {"type":"text","text":"wrote README.md"}', 'assistant: README written.', 'user: Also note it in the changelog.',
      ]);
    } finally {
      actions.dispose();
    }
  });

  it('steering a running turn is refused with the reason', async () => {
    const adapter = adapterOver(approvalModel());
    expect(adapter.capabilities).toMatchObject({ queue: true, steer: false, restore: true, clientTools: false });
    const iterator = adapter.startTurn({ prompt: 'Update the README.', mode: 'start' })[Symbol.asyncIterator]();
    while ((await iterator.next()).value?.type !== 'action.required');
    await expect(collect(adapter.startTurn({ prompt: 'faster', mode: 'steer' }))).rejects.toThrow(/OpenAI Agents SDK cannot add a message to a running turn/);
    void adapter.cancelTurn({});
    while (!(await iterator.next()).done);
  });

  it('Stop while an approval waits ends it with action.cancelled, linked to its call; the run is cancelled, conformant', async () => {
    const adapter = adapterOver(approvalModel());
    const events: RuntimeEventEnvelope[] = [];
    for await (const e of adapter.startTurn({ prompt: 'Update the README.', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') void adapter.cancelTurn({});
    }
    expect(events.find((e) => e.type === 'action.cancelled')).toMatchObject({ actionId: 'action-call-w', toolCallId: 'call-w' });
    const result = runConformance({ name: 'stopped', events, expected: { status: 'cancelled', actions: [{ actionId: 'action-call-w', status: 'cancelled' }] } });
    expect(result).toMatchObject({ invalid: [], mismatches: [] });
  });

  it('"Deny with a note": the note is the rejection message the model reads', async () => {
    const model = approvalModel();
    const adapter = adapterOver(model);
    for await (const e of adapter.startTurn({ prompt: 'Update the README.', mode: 'start' })) {
      if (e.type === 'action.required') void adapter.respondAction({ actionId: e.actionId!, decision: 'reject', payload: { note: 'Keep the old title.' } });
    }
    expect(itemsOf(model.requests[1]!.input)).toContain('result: {"type":"text","text":"Keep the old title."}');
  });

  it('a saved AgentInputItem[] continues: the UI shows it, the model receives it before the new prompt', async () => {
    const model = new ScriptedModel([[{ text: ['Your name is Ada.'] }]]);
    const saved: AgentInputItem[] = [
      { type: 'message', role: 'user', content: 'My name is Ada.' },
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello Ada.' }] },
    ];
    const adapter = adapterOver(model, { conversation: saved });
    const store = createRuntimeStore();
    store.getState().applyReadModel(await adapter.readThread({}));
    expect(summarize(store.getState()).messages.map((m) => m.text)).toEqual(['My name is Ada.', 'Hello Ada.']);
    await collect(adapter.startTurn({ prompt: 'What is my name?', mode: 'start' }));
    expect(itemsOf(model.requests[0]!.input)).toEqual(['user: My name is Ada.', 'assistant: Hello Ada.', 'user: What is my name?']);
  });
});

describe('LangGraph adapter: write path', () => {
  it('a prompt queued while an interrupt waits runs after the graph resumed, on the same checkpoint, the tool row linked to its card', async () => {
    const checkpointer = new MemorySaver();
    const graph = agentGraph(new ScriptedChatModel([...GRAPH_SCENARIOS.approval.steps, [{ content: 'Changelog noted.' }]]), checkpointer);
    const adapter = createLangGraphAdapter({ graph, sessionId: 's', threadId: 'thread-1', clock });
    const { store, actions, summary } = harness(adapter);
    try {
      await actions.send('Update the README title.');
      await until(() => summary().actions[0]?.status === 'pending', 'the interrupt');
      expect(store.getState().actions.byId.get(summary().actions[0]!.actionId)).toMatchObject({ toolCallId: 'call-write-1' });
      expect(await actions.send('Also note it in the changelog.', { mode: 'queue' })).toEqual({ ok: true });
      expect(summary().turns.map((t) => t.turnId)).toEqual(['lg-turn-1']);
      expect(await actions.respondAction(summary().actions[0]!.actionId, 'allow')).toEqual({ ok: true });
      await until(() => summary().turns.length === 2 && summary().turns.every((t) => t.status === 'completed'), 'both turns');
      expect(summary().tools).toEqual([{ toolCallId: 'call-write-1', name: 'write_file', status: 'succeeded' }]);
      const state = await graph.getState({ configurable: { thread_id: 'thread-1' } });
      const messages = (state.values as { messages: { getType(): string; content: unknown }[] }).messages;
      expect(messages.map((m) => `${m.getType()}: ${typeof m.content === 'string' ? m.content : ''}`)).toEqual([
        'human: Update the README title.', 'ai: I will write the README.', 'tool: {"path":"README.md","written":true}', 'ai: README title updated.', 'human: Also note it in the changelog.', 'ai: Changelog noted.',
      ]);
    } finally {
      actions.dispose();
    }
  });

  it('an interrupt the request does not name is linked to the one tool call waiting for its result', async () => {
    const review = new StateGraph(MessagesAnnotation)
      .addNode('agent', async () => ({ messages: [new AIMessage({ content: '', tool_calls: [{ id: 'call-9', name: 'deploy', args: { env: 'prod' } }] })] }))
      .addNode('review', async () => {
        const answer = interrupt({ question: 'Deploy to prod?' }) as { decision: string; note?: string };
        return { messages: [new AIMessage(`Review: ${answer.decision}${answer.note ? ` (${answer.note})` : ''}`)] };
      })
      .addEdge(START, 'agent')
      .addEdge('agent', 'review')
      .addEdge('review', END)
      .compile({ checkpointer: new MemorySaver() });
    const adapter = createLangGraphAdapter({ graph: review, sessionId: 's', clock });
    const events: RuntimeEventEnvelope[] = [];
    for await (const e of adapter.startTurn({ prompt: 'ship it', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') void adapter.respondAction({ actionId: e.actionId!, decision: 'deny', payload: { note: 'not on a Friday' } });
    }
    expect(events.find((e) => e.type === 'action.required')).toMatchObject({ toolCallId: 'call-9', payload: { prompt: 'Deploy to prod?' } });
    // The note reached the graph in its resume payload.
    expect(events.filter((e) => e.type === 'model.completed').map((e) => e.payload.text)).toContain('Review: deny (not on a Friday)');
  });

  it('Stop while an interrupt waits: the pending action ends with action.cancelled; a stopped answer is never completed', async () => {
    const adapter = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel(GRAPH_SCENARIOS.approval.steps)), sessionId: 's', clock });
    const events: RuntimeEventEnvelope[] = [];
    for await (const e of adapter.startTurn({ prompt: 'Update the README title.', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') void adapter.cancelTurn({});
    }
    expect(events.find((e) => e.type === 'action.cancelled')).toMatchObject({ toolCallId: 'call-write-1' });
    expect(runConformance({ name: 'stopped', events, expected: { status: 'cancelled' } })).toMatchObject({ invalid: [], mismatches: [] });

    const slow = createLangGraphAdapter({ graph: agentGraph(new ScriptedChatModel([Array.from({ length: 30 }, (_, i) => ({ content: `w${i} ` }))])), sessionId: 's2', clock });
    const cut: RuntimeEventEnvelope[] = [];
    for await (const e of slow.startTurn({ prompt: 'long', mode: 'start' })) {
      cut.push(e);
      if (e.type === 'model.delta' && cut.filter((x) => x.type === 'model.delta').length === 2) void slow.cancelTurn({});
    }
    expect(cut.map((e) => e.type)).not.toContain('model.completed');
    const store = createRuntimeStore();
    store.getState().ingest(cut);
    expect(summarize(store.getState()).messages.find((m) => m.role === 'assistant')).toMatchObject({ final: false, interrupted: true });
  });

  it('restore is the checkpoint: a new adapter (a restarted server) on the same checkpointer shows the thread and the model continues it', async () => {
    const checkpointer = new MemorySaver();
    const seen: string[][] = [];
    const echo = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => {
        seen.push(state.messages.map((m) => `${m.getType()}: ${String(m.content)}`));
        return { messages: [new AIMessage({ content: `I have ${state.messages.length} messages.`, id: `ai-${state.messages.length}` })] };
      })
      .addEdge(START, 'agent')
      .addEdge('agent', END)
      .compile({ checkpointer });
    const first = createLangGraphAdapter({ graph: echo, sessionId: 's', threadId: 'thread-1', clock, idPrefix: 'lg1' });
    await collect(first.startTurn({ prompt: 'My name is Ada.', mode: 'start' }));
    const restarted = createLangGraphAdapter({ graph: echo, sessionId: 's', threadId: 'thread-1', clock, idPrefix: 'lg2' });
    expect(restarted.capabilities.restore).toBe(true);
    const store = createRuntimeStore();
    store.getState().applyReadModel(await restarted.readThread({}));
    expect(summarize(store.getState()).messages.map((m) => m.text)).toEqual(['My name is Ada.', 'I have 1 messages.']);
    await collect(restarted.startTurn({ prompt: 'What is my name?', mode: 'start' }));
    expect(seen[1]).toEqual(['human: My name is Ada.', 'ai: I have 1 messages.', 'human: What is my name?']);
  });

  it("graph.stream(input) in a StateGraph's default updates mode gives the answer, not an empty completed turn", async () => {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async () => ({ messages: [new AIMessage({ content: 'LangGraph runs the graph node by node.', id: 'ai-1' })] }))
      .addEdge(START, 'agent')
      .addEdge('agent', END)
      .compile({ checkpointer: new MemorySaver() });
    const events = await collect(toRuntimeEvents(await graph.stream({ messages: [{ role: 'user', content: 'hi' }] }, { configurable: { thread_id: 't' } }), { sessionId: 's', threadId: 't' }));
    expect(events.filter((e) => e.type === 'model.completed').map((e) => e.payload.text)).toEqual(['LangGraph runs the graph node by node.']);
    expect(events.at(-1)!.type).toBe('turn.completed');
    expect(events.map((e) => e.type)).not.toContain('runtime.warning');
  });
});

describe('AG-UI adapter: write path', () => {
  const started = (input: { threadId: string; runId: string }) => ({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId }) as BaseEvent;
  const text = (messageId: string, delta: string, subagentRunId?: string): BaseEvent[] => [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant', ...(subagentRunId && { subagentRunId }) } as BaseEvent,
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta, ...(subagentRunId && { subagentRunId }) } as BaseEvent,
    { type: EventType.TEXT_MESSAGE_END, messageId, ...(subagentRunId && { subagentRunId }) } as BaseEvent,
  ];

  it('a run that ends with an interrupt is an action linked to its tool call; the answer resumes the run and resolves it when the agent takes it', async () => {
    const inputs: { resume?: unknown; messages: Message[] }[] = [];
    const server = await serveAgent((input) => {
      inputs.push({ resume: (input as { resume?: unknown }).resume, messages: input.messages });
      if ((input as { resume?: unknown }).resume === undefined) {
        return [
          started(input),
          { type: EventType.TOOL_CALL_START, toolCallId: 'call-d', toolCallName: 'deploy' } as BaseEvent,
          { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-d', delta: '{"env":"prod"}' } as BaseEvent,
          { type: EventType.TOOL_CALL_END, toolCallId: 'call-d' } as BaseEvent,
          {
            type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId,
            outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_approval', message: 'Deploy to prod?', toolCallId: 'call-d', responseSchema: { type: 'object', properties: { reason: { type: 'string' } } } }] },
          } as BaseEvent,
        ];
      }
      return [
        started(input),
        { type: EventType.TOOL_CALL_RESULT, messageId: 'r1', toolCallId: 'call-d', content: 'deployed' } as BaseEvent,
        ...text('m2', 'Deployed to prod.'),
        { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, usage: [{ provider: 'openai', model: 'gpt-test', inputTokens: 30, outputTokens: 7, totalTokens: 37 }] } as BaseEvent,
      ];
    });
    try {
      const adapter = createAgUiAdapter({ agent: new HttpAgent({ url: server.url, threadId: 'thread-1' }), sessionId: 's', clock });
      const { store, actions, summary } = harness(adapter);
      await actions.send('deploy');
      await until(() => summary().actions[0]?.status === 'pending', 'the interrupt card');
      const action = store.getState().actions.byId.get('action-int-1')!;
      expect(action).toMatchObject({ actionType: 'tool_approval', prompt: 'Deploy to prod?', toolCallId: 'call-d', schema: { type: 'object' } });
      expect(summary().tools).toEqual([{ toolCallId: 'call-d', name: 'deploy', status: 'running' }]);
      expect(await actions.respondAction('action-int-1', 'answer', { values: { reason: 'release day' } })).toEqual({ ok: true });
      await until(() => summary().status === 'completed', 'the resumed run');
      expect(inputs[1]!.resume).toEqual([{ interruptId: 'int-1', status: 'resolved', payload: { decision: 'answer', values: { reason: 'release day' } } }]);
      expect(summary().actions).toEqual([{ actionId: 'action-int-1', status: 'resolved', decision: 'answer' }]);
      expect(summary().tools).toEqual([{ toolCallId: 'call-d', name: 'deploy', status: 'succeeded' }]);
      expect(summary().routing).toMatchObject({ selectedModel: 'gpt-test' });
      expect(adapter.events().find((e) => e.type === 'cost.recorded')!.payload).toEqual({ inputTokens: 30, outputTokens: 7, totalTokens: 37, model: 'gpt-test', provider: 'openai' });
      actions.dispose();
    } finally {
      await server.close();
    }
  });

  it('a frontend tool the run leaves keeps the turn open until addToolOutput; the next run reads the output as a tool message', async () => {
    const seen: Message[][] = [];
    const server = await serveAgent((input) => {
      seen.push(input.messages);
      if (!input.messages.some((m) => m.role === 'tool')) {
        return [
          started(input),
          { type: EventType.TOOL_CALL_START, toolCallId: 'call-c', toolCallName: 'confirm_color' } as BaseEvent,
          { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-c', delta: '{"color":"teal"}' } as BaseEvent,
          { type: EventType.TOOL_CALL_END, toolCallId: 'call-c' } as BaseEvent,
          { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
        ];
      }
      return [started(input), ...text('m2', 'Teal it is.'), { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent];
    });
    try {
      const adapter = createAgUiAdapter({ agent: new HttpAgent({ url: server.url, threadId: 'thread-1' }), sessionId: 's', clock, tools: [{ name: 'confirm_color', description: 'Asks the user', parameters: { type: 'object' } }] });
      expect(adapter.capabilities.clientTools).toBe(true);
      const { store, actions, summary } = harness(adapter);
      await actions.send('pick a color');
      await until(() => store.getState().turns.byId.get('agui-turn-1')?.stage === 'acting', 'the wait for the app');
      expect(summary().status).not.toBe('completed');
      expect(await actions.addToolOutput('call-c', { confirmed: true })).toEqual({ ok: true });
      await until(() => summary().status === 'completed', 'the next run');
      expect(seen[1]!.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call-c', content: '{"confirmed":true}' });
      expect(summary().tools).toEqual([{ toolCallId: 'call-c', name: 'confirm_color', status: 'succeeded' }]);
      expect(summary().messages.at(-1)!.text).toBe('Teal it is.');
      actions.dispose();
    } finally {
      await server.close();
    }
  });

  it('a subagent is on the roster with its lineage and its text stays off the main transcript', async () => {
    const server = await serveAgent((input) => [
      started(input),
      ...text('m1', 'Asking the researcher.'),
      { type: EventType.SUBAGENT_STARTED, subagentRunId: 'sub-1', name: 'researcher', description: 'Finds sources' } as BaseEvent,
      ...text('s1', 'Found three sources.', 'sub-1'),
      { type: EventType.SUBAGENT_FINISHED, subagentRunId: 'sub-1' } as BaseEvent,
      ...text('m2', 'Here they are.'),
      { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
    ]);
    try {
      const adapter = createAgUiAdapter({ agent: new HttpAgent({ url: server.url, threadId: 'thread-1' }), sessionId: 's', clock });
      const events = await collect(adapter.startTurn({ prompt: 'research', mode: 'start' }));
      const store = createRuntimeStore();
      store.getState().ingest(events);
      const summary = summarize(store.getState());
      expect(summary.subagents).toEqual([{ subagentId: 'sub-1', role: 'researcher', parentTaskId: null, status: 'completed' }]);
      expect(summary.messages.map((m) => m.text)).toEqual(['research', 'Asking the researcher.', 'Here they are.']);
      expect(events.every((e) => runConformance({ name: 'x', events: [e], expected: {} }).invalid.length === 0)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("the agent's restored messages show, and a prompt queued behind a running turn sends both exchanges", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: string[][] = [];
    const server = await serveAgent((input, prompt) => {
      seen.push(input.messages.map((m) => m.role));
      return [started(input), ...text(`m-${prompt}`, `Answer to ${prompt}`), ...(prompt === 'one' ? (['hold'] as const) : []), { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent];
    }, held);
    try {
      const agent = new HttpAgent({ url: server.url, threadId: 'thread-1', initialMessages: [{ id: 'old-u', role: 'user', content: 'Earlier question' }, { id: 'old-a', role: 'assistant', content: 'Earlier answer' }] });
      const adapter = createAgUiAdapter({ agent, sessionId: 's', clock });
      const { store, actions, summary } = harness(adapter);
      store.getState().applyReadModel(await adapter.readThread({}));
      expect(summary().messages.map((m) => m.text)).toEqual(['Earlier question', 'Earlier answer']);
      await actions.send('one');
      await until(() => seen.length === 1, 'the first run');
      expect(await actions.send('two', { mode: 'queue' })).toEqual({ ok: true });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Queued, not run: the agent saw one request while the first run held.
      expect(seen).toHaveLength(1);
      expect(summary().queue).toEqual([{ turnId: 'agui-turn-2', queueId: 'agui-turn-2', preview: 'two' }]);
      release();
      await until(() => summary().turns.length === 2 && summary().turns.every((t) => t.status === 'completed'), 'both turns');
      expect(seen[1]).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
      actions.dispose();
    } finally {
      release();
      await server.close();
    }
  });
});

describe('MCP adapter: write path', () => {
  async function connectServer(server: McpServer, capabilities: Record<string, unknown> = {}): Promise<{ client: Client; close(): Promise<void> }> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    return { client, close: async () => { await client.close(); await server.close(); } };
  }

  it('instrumentMcpClient alone brackets its calls in a turn of its own: nothing is left streaming, and env: "prod" is kept', async () => {
    const server = new McpServer({ name: 'ops', version: '1.0.0' });
    server.registerTool('deploy', { inputSchema: { env: z.string(), apiKey: z.string() } }, async ({ env }) => ({ content: [{ type: 'text', text: `deployed to ${env}` }] }));
    const { client, close } = await connectServer(server);
    try {
      const events: RuntimeEventEnvelope[] = [];
      const reporter = instrumentMcpClient(client, { sessionId: 's', threadId: 't' }, { onEvent: (e) => events.push(e) });
      await reporter.callTool({ name: 'deploy', arguments: { env: 'prod', apiKey: 'sk-live-1234567890abcdef' } });
      expect(events.map((e) => e.type)).toEqual(['turn.started', 'tool.started', 'tool.args', 'tool.result', 'turn.completed']);
      expect(events[2]!.payload).toEqual({ args: { env: 'prod', apiKey: '[redacted]' } });
      const store = createRuntimeStore();
      store.getState().ingest(events);
      expect([...store.getState().messages.byId.values()].filter((m) => m.status === 'streaming')).toEqual([]);
      expect(summarize(store.getState()).status).toBe('completed');
    } finally {
      await close();
    }
  });

  it("a server's elicitation request is an input card: its message the question, its schema the form; the answer goes back to the server", async () => {
    const server = new McpServer({ name: 'ops', version: '1.0.0' });
    server.registerTool('release', {}, async () => {
      const answer = await server.server.elicitInput({ message: 'Which version?', requestedSchema: { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] } });
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `released ${String(answer.content?.version)}` : `not released (${answer.action})` }] };
    });
    const { client, close } = await connectServer(server, { elicitation: {} });
    try {
      const adapter = createMcpAdapter({
        client,
        sessionId: 's',
        clock,
        agent: async ({ callTool }) => {
          const result = (await callTool({ name: 'release' })) as { content: { text: string }[] };
          return result.content[0]!.text;
        },
      });
      client.setRequestHandler(ElicitRequestSchema, (request) => adapter.elicit(request));
      const { store, actions, summary } = harness(adapter);
      await actions.send('ship it');
      await until(() => summary().actions[0]?.status === 'pending', 'the input card');
      const card = store.getState().actions.byId.get(summary().actions[0]!.actionId)!;
      expect(card).toMatchObject({ prompt: 'Which version?', toolCallId: 'mcp-turn-1:mcp-call-1', schema: { properties: { version: { type: 'string' } } } });
      expect(await actions.respondAction(card.actionId, 'answer', { values: { version: '2.1.0' } })).toEqual({ ok: true });
      await until(() => summary().status === 'completed', 'the turn');
      expect(summary().messages.at(-1)!.text).toBe('released 2.1.0');
      expect(summary().actions).toEqual([{ actionId: card.actionId, status: 'resolved', decision: 'answer' }]);
      actions.dispose();
    } finally {
      await close();
    }
  });
});
