import { describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { EventType, type BaseEvent } from '@ag-ui/core';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { validateEvent } from '../../protocol/validateEvent';
import { createRuntimeStore } from '../../store/createRuntimeStore';
import { summarize } from '../../store/selectors/summarize';
import { createAgUiAdapter, toRuntimeEvents } from './index';
import { expectConformant, readFixture, recorded, recordedNames, types } from '../../../test/adapters/recordedRuns';
import { LARGE_LOG, SCENARIOS, runScenario, serveAgent } from '../../../test/adapters/agUiScenarios';

const names = recordedNames('ag-ui-');
const read = readFixture;
const collect = async (events: AsyncIterable<RuntimeEventEnvelope>) => {
  const out: RuntimeEventEnvelope[] = [];
  for await (const event of events) out.push(event);
  return out;
};

describe('AG-UI adapter: recorded runs conform (over loopback HTTP with HttpAgent)', () => {
  it('records the six runs: text, tool, failure, steps and state, cut stream, cut stream repaired', () => {
    expect(names).toEqual(['ag-ui-cut', 'ag-ui-cut-repair', 'ag-ui-failure', 'ag-ui-steps', 'ag-ui-text', 'ag-ui-tool']);
  });

  for (const name of names) {
    it(`${name}: every event valid, the summary as expected, idempotent, and readThread restores it`, () => {
      expectConformant(name);
    });
  }

  for (const scenario of Object.values(SCENARIOS)) {
    it(`${scenario.name}: the recording is what the real client produces now (regenerated, not edited)`, async () => {
      const { adapter, events } = await runScenario(scenario);
      expect(events).toEqual(recorded(scenario.name));
      expect(await adapter.readThread({})).toEqual(JSON.parse(read(`${scenario.name}.snapshot.json`)));
    });
  }
});

describe('AG-UI adapter: mapping', () => {
  it('a text turn: lifecycle, reasoning, one message under the AG-UI messageId reconciled with its whole text, snapshot', () => {
    const events = recorded('ag-ui-text');
    expect(types(events)).toEqual([
      'turn.submitted', 'turn.started', 'reasoning.delta', 'model.requested', 'model.delta', 'model.delta', 'model.completed', 'turn.completed', 'snapshot.updated',
    ]);
    expect(events.find((e) => e.type === 'model.completed')).toMatchObject({ messageId: 'm1', payload: { text: 'AG-UI is an event protocol for agents.' } });
    // The run id the client sent is the turn id, and RUN_STARTED reports it back.
    expect(events.find((e) => e.type === 'turn.started')!.payload).toEqual({ runId: 'agui-turn-1' });
    expect(events.every((e) => validateEvent(e).valid)).toBe(true);
  });

  it('a tool turn: chunks expanded by the client, correlated tool events, a large result as a ref with a capped preview', async () => {
    const { adapter, events } = await runScenario(SCENARIOS.tool);
    const tools = events.filter((e) => e.type.startsWith('tool.'));
    expect(types(tools)).toEqual(['tool.started', 'tool.args', 'tool.args', 'tool.result']);
    for (const e of tools) expect(e).toMatchObject({ turnId: 'agui-turn-1', stepId: 'agui-turn-1:step:1', toolCallId: 'call-1', messageId: 'm1' });
    const result = tools[3]!.payload as { preview: string; outputRef: string; size: number; truncated: boolean };
    expect(result.preview).toHaveLength(2_000);
    expect(result).toMatchObject({ truncated: true, size: LARGE_LOG.length, outputRef: 'ag-ui-output://ag-ui-session/call-1' });
    expect(JSON.stringify(events)).not.toContain('line 200:');
    expect(await adapter.loadRef(result.outputRef)).toBe(LARGE_LOG);
  });

  it('a failed run: RUN_ERROR fails the open message and the turn with the agent\'s code as category, and no invented hint', () => {
    const failed = recorded('ag-ui-failure').find((e) => e.type === 'turn.failed')!;
    expect(failed.payload).toEqual({ failureCategory: 'rate_limited', message: 'Upstream model rate limit reached' });
    expect(recorded('ag-ui-failure').find((e) => e.type === 'model.failed')).toMatchObject({ messageId: 'm1', payload: { failureCategory: 'rate_limited' } });
  });

  it('a RUN_ERROR without a code is category unknown, never a guess', async () => {
    async function* run(): AsyncGenerator<BaseEvent> {
      yield { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' } as BaseEvent;
      yield { type: EventType.RUN_ERROR, message: 'boom' } as BaseEvent;
    }
    const events = await collect(toRuntimeEvents(run(), { sessionId: 's', threadId: 't', sequence: 7 }));
    expect(events.map((e) => [e.sequence, e.type])).toEqual([[8, 'turn.started'], [9, 'turn.failed']]);
    expect(events[1]!.payload).toEqual({ failureCategory: 'unknown', message: 'boom' });
  });

  it('steps become tasks, state and custom events diagnostics with secrets redacted, MESSAGES_SNAPSHOT the hydrate event', () => {
    const events = recorded('ag-ui-steps');
    expect(events.filter((e) => e.type.startsWith('task.')).map((e) => [e.type, e.taskId])).toEqual([
      ['task.started', 'agui-turn-1:step:plan'], ['task.completed', 'agui-turn-1:step:plan'],
      ['task.started', 'agui-turn-1:step:answer'], ['task.completed', 'agui-turn-1:step:answer'],
    ]);
    const state = events.find((e) => e.type === 'runtime.warning')!;
    expect(JSON.stringify(state.payload)).not.toContain('sk-live-1234567890abcdef');
    expect((state.payload.raw as { snapshot: { plan: string[] } }).snapshot.plan).toEqual(['look', 'answer']);
    const snapshot = events.find((e) => e.type === 'messages.snapshot')!;
    expect((snapshot.payload.messages as { messageId: string }[]).map((m) => m.messageId)).toEqual(['earlier-user', 'earlier-assistant', 'agui-turn-1:user', 'm1']);
  });

  it("a store fed the run keeps MESSAGES_SNAPSHOT's order: the prompt before the answer it produced, earlier history first", () => {
    const events = recorded('ag-ui-steps');
    const store = createRuntimeStore();
    store.getState().ingest(events);
    const listed = (events.find((e) => e.type === 'messages.snapshot')!.payload.messages as { messageId: string }[]).map((m) => m.messageId);
    expect(store.getState().messages.ids.filter((id) => listed.includes(id))).toEqual(listed);
  });

  it('a stream that ends without RUN_FINISHED fails the turn as stream_interrupted, keeping the text so far', () => {
    const events = recorded('ag-ui-cut');
    expect(types(events).slice(-3)).toEqual(['model.failed', 'turn.failed', 'snapshot.updated']);
    expect(events.at(-2)!.payload).toMatchObject({ failureCategory: 'stream_interrupted', recoveryHint: expect.any(String) });
  });

  it('toRuntimeEvents reads an rxjs Observable: HttpAgent.run(input) itself', async () => {
    const server = await serveAgent(SCENARIOS.text.script);
    try {
      const agent = new HttpAgent({ url: server.url, threadId: 'thread-9' });
      const observable = agent.run({ threadId: 'thread-9', runId: 'run-9', messages: [{ id: 'u', role: 'user', content: 'What is AG-UI?' }], tools: [], context: [], state: {}, forwardedProps: {} });
      const events = await collect(toRuntimeEvents(observable, { sessionId: 's', threadId: 'thread-9' }));
      expect(types(events)).toEqual(['turn.started', 'reasoning.delta', 'model.requested', 'model.delta', 'model.delta', 'model.completed', 'turn.completed']);
      expect(events[0]).toMatchObject({ turnId: 'agui-turn-1', payload: { runId: 'run-9' } });
    } finally {
      await server.close();
    }
  });
});

describe('AG-UI adapter: writes', () => {
  it('a second turn continues the sequence and sends the whole conversation to the agent', async () => {
    const seen: unknown[] = [];
    const server = await serveAgent((input, prompt) => {
      seen.push(input.messages.map((m) => m.role));
      return SCENARIOS.text.script(input, prompt);
    });
    try {
      const adapter = createAgUiAdapter({ agent: new HttpAgent({ url: server.url, threadId: 'thread-1' }) });
      const first = await collect(adapter.startTurn({ prompt: 'one', mode: 'start' }));
      const second = await collect(adapter.startTurn({ prompt: 'two', mode: 'start' }));
      expect(second[0]!.sequence).toBe((first.at(-1)!.sequence ?? 0) + 1);
      expect(second[0]).toMatchObject({ type: 'turn.submitted', turnId: 'agui-turn-2' });
      // The agent saw the first run's reasoning and answer (applied by the client) before the second prompt.
      expect(seen).toEqual([['user'], ['user', 'reasoning', 'assistant', 'user']]);
    } finally {
      await server.close();
    }
  });

  it('cancelTurn aborts the HTTP run and answers with the turn.cancelled it emitted; the partial answer stays interrupted, never completed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await serveAgent((input) => [
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'partial' } as BaseEvent,
      'hold',
    ], held);
    try {
      const adapter = createAgUiAdapter({ agent: new HttpAgent({ url: server.url, threadId: 'thread-1' }) });
      const events: RuntimeEventEnvelope[] = [];
      const turn = (async () => { for await (const e of adapter.startTurn({ prompt: 'go', mode: 'start' })) events.push(e); })();
      for (let i = 0; i < 200 && !events.some((e) => e.type === 'model.delta'); i++) await new Promise((r) => setTimeout(r, 5));
      const cancelled = await adapter.cancelTurn({ turnId: 'agui-turn-1' });
      await turn;
      expect(cancelled.payload).toEqual({ reason: 'aborted' });
      expect(cancelled).toMatchObject({ type: 'turn.cancelled', turnId: 'agui-turn-1' });
      expect(types(events).slice(-3)).toEqual(['model.delta', 'turn.cancelled', 'snapshot.updated']);
      expect(types(events)).not.toContain('model.completed');
      const store = createRuntimeStore();
      store.getState().ingest(events);
      expect(summarize(store.getState()).messages.find((m) => m.messageId === 'm1')).toMatchObject({ text: 'partial', final: false, interrupted: true });
    } finally {
      release();
      await server.close();
    }
  });

  it('respondAction on no interrupt: rejected without an app handler; with one, resolved only after the handler accepted', async () => {
    const plain = createAgUiAdapter({ agent: new HttpAgent({ url: 'http://127.0.0.1:9/none' }) });
    await expect(plain.respondAction({ actionId: 'a1', decision: 'allow' })).rejects.toThrow(/not waiting for an answer \(no AG-UI interrupt has this id\)/);
    expect(plain.events()).toEqual([]);
    const answered: string[] = [];
    const withHandler = createAgUiAdapter({
      agent: new HttpAgent({ url: 'http://127.0.0.1:9/none' }),
      respondAction: async (input) => void answered.push(`${input.actionId}:${input.decision}`),
    });
    const resolved = await withHandler.respondAction({ actionId: 'a1', decision: 'allow' });
    expect(answered).toEqual(['a1:allow']);
    expect(resolved).toMatchObject({ type: 'action.resolved', actionId: 'a1', payload: { decision: 'allow' } });
    const failing = createAgUiAdapter({ agent: new HttpAgent({ url: 'http://127.0.0.1:9/none' }), respondAction: async () => { throw new Error('agent refused'); } });
    await expect(failing.respondAction({ actionId: 'a1', decision: 'allow' })).rejects.toThrow('agent refused');
    expect(failing.events()).toEqual([]);
  });
});
