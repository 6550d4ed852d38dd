import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, Runner, tool, type InputGuardrail } from '@openai/agents';
import { z } from 'zod';
import { parseJsonl } from '../../protocol/parseJsonl';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import { validateEvent } from '../../protocol/validateEvent';
import { createRuntimeStore } from '../../store/createRuntimeStore';
import { summarize } from '../../store/selectors/summarize';
import { connectRuntimeStream } from '../../stream/connectRuntimeStream';
import { iterableSource } from '../../stream/iterableSource';
import { createRuntimeActions } from '../../stream/runtimeActions';
import { runConformance } from '../core/conformance';
import { toRuntimeEvents, type StreamedRun } from './index';
import { LARGE_LOG, SCENARIOS, ScriptedModel, TOOLS, scenarioAdapter, type OpenAiAgentsScenario } from '../../../test/adapters/openaiAgentsScenarios';
import { expectApprovalRoundTrip } from '../../../test/adapters/controlledWrites';
import { runScenario, until } from '../../../test/adapters/scenarioRun';

const DIR = join(process.cwd(), 'fixtures', 'adapters');
const names = readdirSync(DIR).filter((f) => f.startsWith('openai-agents-') && f.endsWith('.jsonl')).map((f) => f.slice(0, -6)).sort();
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');
const recorded = (name: string) => parseJsonl(read(`${name}.jsonl`)).records.map((r) => r.value as RuntimeEventEnvelope);
const expectOf = (name: string) => JSON.parse(read(`${name}.expect.json`)) as Record<string, unknown>;
const types = (events: RuntimeEventEnvelope[]) => events.map((e) => e.type);
const runner = new Runner({ tracingDisabled: true });
const collect = async (events: AsyncIterable<RuntimeEventEnvelope>) => {
  const out: RuntimeEventEnvelope[] = [];
  for await (const event of events) out.push(event);
  return out;
};
describe('OpenAI Agents adapter: recorded runs conform (seed 003 minimum acceptance)', () => {
  it('records the six runs: text, large output, approval, failure, handoff, cut stream', () => {
    expect(names).toEqual([
      'openai-agents-approval', 'openai-agents-cut-repair', 'openai-agents-failure', 'openai-agents-handoff', 'openai-agents-large-output', 'openai-agents-text',
    ]);
  });

  for (const name of names) {
    it(`${name}: every event valid, the summary as expected, idempotent, and readThread restores it`, () => {
      const result = runConformance({ name, events: recorded(name), expected: expectOf(name), snapshot: JSON.parse(read(`${name}.snapshot.json`)) });
      expect(result.invalid).toEqual([]);
      expect(result.mismatches).toEqual([]);
      expect(result.idempotent).toBe(true);
    });
  }

  for (const scenario of Object.values(SCENARIOS) as OpenAiAgentsScenario[]) {
    it(`${scenario.name}: the recording is what the real SDK produces now (regenerated, not edited)`, async () => {
      const adapter = scenarioAdapter(scenario);
      const { events, answers } = await runScenario(adapter, scenario);
      await Promise.all(answers);
      expect(events).toEqual(recorded(scenario.name));
      const live = runConformance({ name: scenario.name, events, expected: expectOf(scenario.name), snapshot: await adapter.readThread({}) });
      expect(live.mismatches).toEqual([]);
    });
  }
});

describe('OpenAI Agents adapter: mapping', () => {
  it('a text turn follows the minimal provider order: lifecycle, agent, message, final, usage, snapshot', () => {
    const events = recorded('openai-agents-text');
    expect(types(events)).toEqual([
      'turn.submitted', 'turn.started', 'run.status', 'model.requested', 'reasoning.delta', 'reasoning.delta',
      'model.delta', 'model.delta', 'model.completed', 'routing.decided', 'cost.recorded', 'turn.completed', 'snapshot.updated',
    ]);
    expect(events.find((e) => e.type === 'run.status')!.payload).toEqual({ stage: 'running', detail: 'Assistant', agentName: 'Assistant' });
    expect(events.find((e) => e.type === 'model.completed')!.payload).toEqual({ text: 'The kit is built with Vite in library mode.' });
    expect(events.find((e) => e.type === 'cost.recorded')!.payload).toEqual({ inputTokens: 100, outputTokens: 20, totalTokens: 120 });
  });

  it('each model response is its own message, and tool events carry turn, step and tool call ids', () => {
    const events = recorded('openai-agents-large-output');
    expect([...new Set(events.filter((e) => e.type.startsWith('model.')).map((e) => e.messageId))]).toEqual(['oa-turn-1:assistant:1', 'oa-turn-1:assistant:2']);
    for (const e of events.filter((e) => e.type.startsWith('tool.'))) {
      expect(e).toMatchObject({ turnId: 'oa-turn-1', stepId: 'oa-turn-1:step:1', toolCallId: 'call-log-1', messageId: 'oa-turn-1:assistant:1' });
    }
    expect(events.find((e) => e.type === 'tool.args')!.payload).toEqual({ args: { path: 'build.log' } });
    // Usage is per model response: the store adds them up.
    expect(events.filter((e) => e.type === 'cost.recorded').map((e) => e.payload.totalTokens)).toEqual([120, 220]);
  });

  it('a large tool output is a ref with a capped preview, and loadRef returns the whole output', async () => {
    const adapter = scenarioAdapter(SCENARIOS.largeOutput);
    const { events } = await runScenario(adapter, SCENARIOS.largeOutput);
    const result = events.find((e) => e.type === 'tool.result')!;
    expect(result.payload).toMatchObject({ outputRef: 'openai-agents-output://sess-openai-agents-large-output/call-log-1', truncated: true, size: LARGE_LOG.length });
    expect((result.payload.preview as string).length).toBe(2_000);
    expect(JSON.stringify(events).length).toBeLessThan(10_000);
    expect(await adapter.loadRef(result.payload.outputRef as string)).toBe(LARGE_LOG);
  });

  it('a failed turn carries its category and recovery hint; the open message fails with it', () => {
    const events = recorded('openai-agents-failure');
    const failure = {
      failureCategory: 'rate_limited',
      message: '429 Rate limit reached for requests',
      recoveryHint: 'The model provider is rate limiting: wait, then send the message again.',
    };
    expect(events.find((e) => e.type === 'turn.failed')!.payload).toEqual(failure);
    expect(events.find((e) => e.type === 'model.failed')).toMatchObject({ messageId: 'oa-turn-1:assistant:2', payload: failure });
    const store = createRuntimeStore();
    expect(store.getState().applyReadModel(JSON.parse(read('openai-agents-failure.snapshot.json'))).applied).toBe(true);
    expect(store.getState().turns.byId.get('oa-turn-1')).toMatchObject({ lifecycle: 'failed', failure: { category: 'rate_limited', recoveryHint: failure.recoveryHint } });
  });

  it('a handoff: the transfer call as a tool of the first agent, the new agent on the roster with its lineage, its answer in the conversation', () => {
    const events = recorded('openai-agents-handoff');
    expect(types(events).slice(8, 13)).toEqual(['tool.started', 'tool.args', 'tool.result', 'subagent.spawned', 'run.status']);
    expect(events[8]!.payload).toEqual({ toolName: 'transfer_to_Billing', handoff: true, agentName: 'Triage' });
    expect(events[11]).toMatchObject({
      subagentId: 'oa-turn-1:handoff:call-handoff-1',
      parentThreadId: 'thread-1',
      turnId: 'oa-turn-1',
      payload: { role: 'Billing', title: 'Invoices and payments', parentAgent: 'Triage', handoffCallId: 'call-handoff-1' },
    });
    expect(events[12]!.payload).toMatchObject({ agentName: 'Billing' });
    expect(types(events).slice(-4)).toEqual(['subagent.completed', 'subagent.closed', 'turn.completed', 'snapshot.updated']);
    // Billing answers the user: its message is in the main conversation, not subagent-scoped.
    expect(events.filter((e) => e.type === 'model.delta').every((e) => e.subagentId === undefined)).toBe(true);
  });

  it('a chained handoff hands the first subagent off and names it as the next one\'s parent', async () => {
    const refunds = new Agent({ name: 'Refunds', instructions: 'r', model: new ScriptedModel([[{ text: ['Refund sent.'] }]]) });
    const billing = new Agent({ name: 'Billing', instructions: 'b', model: new ScriptedModel([[{ call: { id: 'call-h2', name: 'transfer_to_Refunds', args: {} } }]]), handoffs: [refunds] });
    const triage = new Agent({ name: 'Triage', instructions: 't', model: new ScriptedModel([[{ call: { id: 'call-h1', name: 'transfer_to_Billing', args: {} } }]]), handoffs: [billing] });
    const events = await collect(toRuntimeEvents(await runner.run(triage, 'refund me', { stream: true }), { sessionId: 's', threadId: 'th' }));
    const roster = events.filter((e) => e.type.startsWith('subagent.')).map((e) => [e.type, e.subagentId, e.payload.parentSubagentId ?? e.payload.status ?? null]);
    expect(roster).toEqual([
      ['subagent.spawned', 'oa-turn-1:handoff:call-h1', null],
      ['subagent.status', 'oa-turn-1:handoff:call-h1', 'handed_off'],
      ['subagent.closed', 'oa-turn-1:handoff:call-h1', null],
      ['subagent.spawned', 'oa-turn-1:handoff:call-h2', 'oa-turn-1:handoff:call-h1'],
      ['subagent.completed', 'oa-turn-1:handoff:call-h2', null],
      ['subagent.closed', 'oa-turn-1:handoff:call-h2', null],
    ]);
    const store = createRuntimeStore();
    store.getState().ingest(events);
    expect(summarize(store.getState()).subagents.map((s) => [s.role, s.status])).toEqual([['Billing', 'handed_off'], ['Refunds', 'completed']]);
  });

  it('toRuntimeEvents starts after context.sequence, every event valid; no usage or model fact when the model reports none', async () => {
    const silent = {
      async getResponse(): Promise<never> {
        throw new Error('unused');
      },
      async *getStreamedResponse() {
        yield { type: 'output_text_delta' as const, delta: 'hi' };
        yield { type: 'response_done' as const, response: { id: 'r', usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output: [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'hi' }] }] } };
      },
    };
    const agent = new Agent({ name: 'Quiet', instructions: 'q', model: silent });
    const events = await collect(toRuntimeEvents(await runner.run(agent, 'x', { stream: true }), { sessionId: 's', threadId: 't', sequence: 7 }));
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => 8 + i));
    expect(types(events)).toEqual(['turn.started', 'run.status', 'model.requested', 'model.delta', 'model.completed', 'turn.completed']);
    expect(events.every((e) => validateEvent(e).valid)).toBe(true);
  });

  it('a run over its turn limit fails as max_turns_exceeded with a hint, never completed', async () => {
    const looper = new Agent({ name: 'Looper', instructions: 'l', model: new ScriptedModel([[{ call: { id: 'call-loop', name: 'read_file', args: { path: 'a' } } }]]), tools: [TOOLS.readFile] });
    const events = await collect(toRuntimeEvents(await runner.run(looper, 'loop', { stream: true, maxTurns: 1 }), { sessionId: 's', threadId: 't' }));
    expect(events.at(-1)).toMatchObject({ type: 'turn.failed', payload: { failureCategory: 'max_turns_exceeded', recoveryHint: expect.stringContaining('maxTurns') } });
    expect(types(events)).not.toContain('turn.completed');
  });

  it('a tripped input guardrail fails the turn as guardrail_tripped, naming the guardrail', async () => {
    const guardrail: InputGuardrail = { name: 'no_secrets', execute: async () => ({ tripwireTriggered: true, outputInfo: { reason: 'secret' } }) };
    const agent = new Agent({ name: 'Guarded', instructions: 'g', model: new ScriptedModel([[{ text: ['never'] }]]), inputGuardrails: [guardrail] });
    const events = await collect(toRuntimeEvents(await runner.run(agent, 'my password is hunter2', { stream: true }), { sessionId: 's', threadId: 't' }));
    expect(events.find((e) => e.type === 'turn.failed')!.payload).toMatchObject({ failureCategory: 'guardrail_tripped', guardrail: 'no_secrets', recoveryHint: expect.any(String) });
  });

  it('a tool that throws with errorFunction null fails the run and its own call as tool_error; the SDK default turns the error into the output the model reads', async () => {
    const throwing = (errorFunction: null | undefined) =>
      tool({ name: 'run_tests', description: 'Runs the tests', parameters: z.object({ command: z.string() }), ...(errorFunction === null && { errorFunction: null }), execute: async () => { throw new Error('npm test exited with code 1'); } });
    const script = () => new ScriptedModel([[{ call: { id: 'call-test', name: 'run_tests', args: { command: 'npm test' } } }], [{ text: ['The tests failed.'] }]]);
    const strict = new Agent({ name: 'Strict', instructions: 's', model: script(), tools: [throwing(null)] });
    const failed = await collect(toRuntimeEvents(await runner.run(strict, 'test', { stream: true }), { sessionId: 's', threadId: 't' }));
    expect(failed.find((e) => e.type === 'tool.failed')).toMatchObject({ toolCallId: 'call-test', payload: { failureCategory: 'tool_error' } });
    expect(failed.at(-1)).toMatchObject({ type: 'turn.failed', payload: { failureCategory: 'tool_error' } });
    // The default: the SDK reports an output (its own error text) and the run goes on; the kit shows that output, never parses it.
    const lenient = new Agent({ name: 'Lenient', instructions: 'l', model: script(), tools: [throwing(undefined)] });
    const reported = await collect(toRuntimeEvents(await runner.run(lenient, 'test', { stream: true }), { sessionId: 's', threadId: 't' }));
    expect(reported.find((e) => e.type === 'tool.result')!.payload).toEqual({ preview: 'An error occurred while running the tool. Please try again.' });
    expect(reported.at(-1)!.type).toBe('turn.completed');
  });

  it('a stream read without its result, cut before the run ended, fails the turn as stream_interrupted (not completed)', async () => {
    const result = await runner.run(SCENARIOS.text.agent(), 'x', { stream: true });
    async function* firstThree() {
      let n = 0;
      for await (const event of result) {
        yield event;
        if (++n === 3) return;
      }
    }
    const events = await collect(toRuntimeEvents(firstThree() as StreamedRun, { sessionId: 's', threadId: 't' }));
    expect(types(events).slice(-2)).toEqual(['model.failed', 'turn.failed']);
    expect(events.at(-1)!.payload).toMatchObject({ failureCategory: 'stream_interrupted', recoveryHint: expect.any(String) });
  });
});

describe('OpenAI Agents adapter: controlled writes', () => {
  it('an approval suspends the run; the card stays responding until the resumed run acts on it', async () => {
    await expectApprovalRoundTrip(scenarioAdapter(SCENARIOS.approval), { actionId: 'action-call-write-1', decision: 'approve' });
  });

  it('a rejected approval resolves as reject, the tool did not run, and the model got the rejection message', async () => {
    const scenario = { ...SCENARIOS.approval, decision: 'reject' as const };
    const adapter = scenarioAdapter(scenario);
    const events: RuntimeEventEnvelope[] = [];
    let answer: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: scenario.prompt, mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') answer = adapter.respondAction({ actionId: e.actionId!, decision: 'reject', payload: { message: 'The user keeps the old title.' } });
    }
    expect((await answer!).payload).toEqual({ decision: 'reject', message: 'The user keeps the old title.' });
    expect(types(events)).not.toContain('tool.result');
    // The note is the rejection message the model received; a call that never ran took no time.
    expect(events.find((e) => e.type === 'tool.failed')!.payload).toEqual({ failureCategory: 'denied', retryable: false, message: 'The user keeps the old title.', durationMs: 0 });
    const store = createRuntimeStore();
    store.getState().ingest(events);
    expect(summarize(store.getState()).actions).toEqual([{ actionId: 'action-call-write-1', status: 'resolved', decision: 'reject' }]);
    expect(summarize(store.getState()).tools).toEqual([{ toolCallId: 'call-write-1', name: 'write_file', status: 'failed', failureCategory: 'denied' }]);
  });

  it('rejects an answer the SDK cannot express, and an unknown action', async () => {
    const adapter = scenarioAdapter(SCENARIOS.approval);
    const iterator = adapter.startTurn({ prompt: 'go', mode: 'start' })[Symbol.asyncIterator]();
    let event: RuntimeEventEnvelope | undefined;
    do event = (await iterator.next()).value as RuntimeEventEnvelope;
    while (event?.type !== 'action.required');
    await expect(adapter.respondAction({ actionId: event.actionId!, decision: 'maybe' })).rejects.toThrow(/approve or reject/);
    await expect(adapter.respondAction({ actionId: 'action-nope', decision: 'approve' })).rejects.toThrow(/not waiting/);
    const cancelled = adapter.cancelTurn({});
    while (!(await iterator.next()).done);
    expect((await cancelled).type).toBe('turn.cancelled');
  });

  it('a second turn continues the sequence and sends the conversation so far, to the agent that answered last', async () => {
    const adapter = scenarioAdapter(SCENARIOS.handoff);
    const first = await collect(adapter.startTurn({ prompt: 'Is my invoice paid?', mode: 'start' }));
    expect(adapter.history().length).toBeGreaterThan(1);
    const second = await collect(adapter.startTurn({ prompt: 'Thanks!', mode: 'start' }));
    expect(second[0]).toMatchObject({ type: 'turn.submitted', turnId: 'oa-turn-2', sequence: first.at(-1)!.sequence! + 1 });
    expect(second.find((e) => e.type === 'run.status')!.payload).toMatchObject({ agentName: 'Billing' });
    expect(second.find((e) => e.type === 'turn.completed')).toBeDefined();
  });

  it('cancelTurn aborts the running stream and answers with turn.cancelled; the cut answer is not completed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = {
      async getResponse(): Promise<never> {
        throw new Error('unused');
      },
      async *getStreamedResponse() {
        yield { type: 'response_started' as const };
        yield { type: 'output_text_delta' as const, delta: 'partial' };
        await held;
      },
    };
    const adapter = scenarioAdapter({ ...SCENARIOS.text, agent: () => new Agent({ name: 'Slow', instructions: 's', model: slow }) });
    const events: RuntimeEventEnvelope[] = [];
    let cancelled: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: 'long', mode: 'start' })) {
      events.push(e);
      if (e.type === 'model.delta') {
        cancelled = adapter.cancelTurn({});
        release();
      }
    }
    expect((await cancelled!).type).toBe('turn.cancelled');
    expect(types(events)).not.toContain('turn.completed');
    expect(types(events)).not.toContain('model.completed');
    const store = createRuntimeStore();
    store.getState().ingest(events);
    expect(summarize(store.getState()).messages.at(-1)).toMatchObject({ text: 'partial', interrupted: true });
  });

  it('a cut connection is repaired through readThread: stale, then the adapter read model, nothing lost', async () => {
    const store = createRuntimeStore();
    const adapter = scenarioAdapter(SCENARIOS.handoff);
    // A lossy transport between the adapter and the store: events 9 to 13 never arrive.
    async function* lossy() {
      for await (const e of adapter.startTurn({ prompt: SCENARIOS.handoff.prompt, mode: 'start' })) if (e.sequence! < 9 || e.sequence! > 13) yield e;
    }
    const connection = connectRuntimeStream(store, iterableSource(lossy()), { adapter, flush: 'sync', gapTimeoutMs: 20 });
    let sawStale = false;
    connection.subscribe(() => void (sawStale ||= connection.getState().stale));
    await until(() => !store.getState().session.stale && summarize(store.getState()).status === 'completed', 'the repair');
    expect(sawStale).toBe(true);
    const expected = expectOf('openai-agents-handoff');
    const summary = summarize(store.getState());
    expect(summary.messages).toEqual(expected.messages);
    expect(summary.tools).toEqual(expected.tools);
    expect(summary.subagents).toEqual(expected.subagents);
    connection.close();
  });
});
