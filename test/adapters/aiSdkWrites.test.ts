// The AI SDK adapter's write path (issue 21): queue, steer, Stop, restore, client-side tools,
// approval facts and the smaller stream facts, each through the real `streamText` over `ai/test`'s
// MockLanguageModelV4, the conversation converted by the SDK's own `convertToModelMessages`.
import { describe, expect, it } from 'vitest';
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool, type ToolSet, type UIMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createRuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize } from '../../src/store/selectors/summarize';
import { createRuntimeActions } from '../../src/stream/runtimeActions';
import { runConformance } from '../../src/adapters/core/conformance';
import { validateEvent } from '../../src/protocol/validateEvent';
import { createAiSdkAdapter, toRuntimeEvents, type AiSdkAdapterOptions } from '../../src/adapters/ai-sdk';
import { until } from './scenarioRun';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const finish = (reason: 'stop' | 'tool-calls' | 'length' = 'stop'): LanguageModelV4StreamPart => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const text = (id: string, ...deltas: string[]): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const call = (toolCallId: string, toolName: string, input: Record<string, unknown>): LanguageModelV4StreamPart[] => [
  { type: 'tool-input-start', id: toolCallId, toolName },
  { type: 'tool-input-delta', id: toolCallId, delta: JSON.stringify(input) },
  { type: 'tool-input-end', id: toolCallId },
  { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) },
];

/** What the model was sent on each call: role and text (or part types) per message. */
type Seen = string[][];
function describePrompt(prompt: LanguageModelV4Prompt): string[] {
  return prompt.map((message) => {
    if (typeof message.content === 'string') return `${message.role}: ${message.content}`;
    const parts = message.content.map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-result') {
        const output = part.output as { type: string; value?: unknown; reason?: string };
        return `result(${output.type}${output.reason !== undefined ? `: ${output.reason}` : ''}${output.value !== undefined ? `: ${JSON.stringify(output.value)}` : ''})`;
      }
      return part.type;
    });
    return `${message.role}: ${parts.join(' | ')}`;
  });
}

/** A model that answers its nth call with the nth script and remembers every prompt. */
function recordingModel(steps: LanguageModelV4StreamPart[][], chunkDelayInMs = 0): { model: MockLanguageModelV4; seen: Seen } {
  const seen: Seen = [];
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      seen.push(describePrompt(prompt));
      const chunks = steps[Math.min(seen.length - 1, steps.length - 1)]!;
      return { stream: simulateReadableStream({ chunks, chunkDelayInMs }) };
    },
  });
  return { model, seen };
}

const pathInput = jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
const tools = {
  write_file: tool({ description: 'Writes a file', inputSchema: pathInput, needsApproval: true, execute: async ({ path }) => ({ path, written: true }) }),
  // A client-side tool: no execute, the app runs it and adds its output.
  get_location: tool({ description: "The user's location, from the browser", inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }) }),
} satisfies ToolSet;

function adapterOver(model: MockLanguageModelV4, options: Partial<AiSdkAdapterOptions> & { toolApproval?: Parameters<typeof streamText>[0]['toolApproval'] } = {}) {
  const { toolApproval, ...rest } = options;
  return createAiSdkAdapter({
    sessionId: 's',
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 250,
    chat: async ({ messages, abortSignal, steering }) =>
      streamText({
        model,
        messages: await convertToModelMessages(messages),
        tools,
        stopWhen: stepCountIs(5),
        abortSignal,
        onError: () => undefined,
        ...(steering !== undefined && { experimental_steering: steering }),
        ...(toolApproval !== undefined && { toolApproval }),
      }).toUIMessageStream({ onError: (error) => (error instanceof Error ? error.message : String(error)) }),
    ...rest,
  });
}

function harness(adapter: ReturnType<typeof createAiSdkAdapter>) {
  const store = createRuntimeStore();
  const actions = createRuntimeActions(store, adapter, { connection: { flush: 'sync' } });
  const summary = () => summarize(store.getState());
  return { store, actions, summary };
}

const collect = async (events: AsyncIterable<RuntimeEventEnvelope>) => {
  const out: RuntimeEventEnvelope[] = [];
  for await (const event of events) out.push(event);
  return out;
};

describe('AI SDK adapter: one turn at a time (queue)', () => {
  it('a prompt queued while an approval waits runs after the turn, with its exchange before it in the model context; the approval stays answerable', async () => {
    const { model, seen } = recordingModel([
      [...text('t1', 'I will write the README.'), ...call('call-w', 'write_file', { path: 'README.md' }), finish('tool-calls')],
      [...text('t2', 'README written.'), finish()],
      [...text('t3', 'Changelog noted.'), finish()],
    ]);
    const adapter = adapterOver(model);
    const { actions, summary } = harness(adapter);
    try {
      await actions.send('Update the README.');
      await until(() => summary().actions[0]?.status === 'pending', 'the approval card');
      expect(await actions.send('Also note it in the changelog.', { mode: 'queue' })).toEqual({ ok: true });
      // Waiting, visibly: the queue fact lists it; the model was not called for it.
      expect(summary().queue).toEqual([{ turnId: 'ai-turn-2', queueId: 'ai-turn-2', preview: 'Also note it in the changelog.' }]);
      expect(seen).toHaveLength(1);
      expect(summary().turns.map((t) => t.turnId)).toEqual(['ai-turn-1']);
      // Turn 1's approval is still the one waiting, and answering it works.
      expect(await actions.respondAction(summary().actions[0]!.actionId, 'allow')).toEqual({ ok: true });
      await until(() => summary().turns.length === 2 && summary().turns.every((t) => t.status === 'completed'), 'both turns');
      expect(summary().queue).toEqual([]);
      // The queued prompt reached the model after turn 1's whole exchange, in order.
      expect(seen[2]).toEqual([
        'user: Update the README.',
        'assistant: I will write the README. | tool-call',
        'tool: result(json: {"path":"README.md","written":true})',
        'assistant: README written.',
        'user: Also note it in the changelog.',
      ]);
      expect(summary().messages.map((m) => `${m.role}: ${m.text}`)).toEqual([
        'user: Update the README.', 'assistant: I will write the README.', 'assistant: README written.', 'user: Also note it in the changelog.', 'assistant: Changelog noted.',
      ]);
    } finally {
      actions.dispose();
    }
  });

  it('steering without `steering: true` is refused with the reason, and the running turn is untouched', async () => {
    const { model } = recordingModel([[...text('t1', 'one ', 'two ', 'three'), finish()]], 20);
    const adapter = adapterOver(model);
    expect(adapter.capabilities.steer).toBe(false);
    const events: RuntimeEventEnvelope[] = [];
    const running = (async () => {
      for await (const e of adapter.startTurn({ prompt: 'count', mode: 'start' })) events.push(e);
    })();
    await until(() => events.some((e) => e.type === 'model.delta'), 'the answer');
    await expect(collect(adapter.startTurn({ prompt: 'faster', mode: 'steer' }))).rejects.toThrow(/cannot add a message to a running turn.*mode 'queue'/);
    await running;
    expect(events.at(-2)!.type).toBe('turn.completed');
  });

  it('with `steering: true`, a steered prompt goes into the running turn: listed while it waits, then in the conversation before the step that answers it', async () => {
    const { model, seen } = recordingModel([
      [...text('a', 'Weather in Paris, France: ', 'sunny.'), finish()],
      [...text('b', 'Paris, Texas: hot.'), finish()],
    ], 15);
    const adapter = adapterOver(model, { steering: true });
    expect(adapter.capabilities.steer).toBe(true);
    const { actions, summary } = harness(adapter);
    try {
      await actions.send('Weather in Paris?');
      await until(() => summary().messages.some((m) => m.role === 'assistant' && m.text.startsWith('Weather')), 'the first words');
      expect(await actions.send('I meant Paris, Texas.', { mode: 'steer' })).toEqual({ ok: true });
      await until(() => summary().status === 'completed', 'the steered turn');
      expect(summary().turns).toEqual([{ turnId: 'ai-turn-1', status: 'completed' }]);
      expect(summary().messages.map((m) => `${m.role}: ${m.text}`)).toEqual([
        'user: Weather in Paris?', 'assistant: Weather in Paris, France: sunny.', 'user: I meant Paris, Texas.', 'assistant: Paris, Texas: hot.',
      ]);
      expect(seen[1]!.at(-1)).toBe('user: I meant Paris, Texas.');
      expect(summary().queue).toEqual([]);
      // The SDK keeps the steering message in the assistant message: the next request sends it in place.
      expect(adapter.messages().at(-1)!.parts.map((p) => p.type)).toContain('steering-message');
    } finally {
      actions.dispose();
    }
  });
});

describe('AI SDK adapter: Stop is a fact', () => {
  it('a stopped answer stays interrupted (no model.completed), and an approval the turn waited on ends with action.cancelled', async () => {
    const { model } = recordingModel([[...text('t', ...Array.from({ length: 40 }, (_, i) => `w${i} `)), finish()]], 10);
    const adapter = adapterOver(model);
    const events: RuntimeEventEnvelope[] = [];
    let cancelled: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: 'long', mode: 'start' })) {
      events.push(e);
      if (e.type === 'model.delta' && events.filter((x) => x.type === 'model.delta').length === 3) cancelled = adapter.cancelTurn({});
    }
    expect((await cancelled!).type).toBe('turn.cancelled');
    expect(events.map((e) => e.type)).not.toContain('model.completed');
    const store = createRuntimeStore();
    store.getState().ingest(events);
    const answer = summarize(store.getState()).messages.find((m) => m.role === 'assistant')!;
    expect(answer).toMatchObject({ final: false, interrupted: true });
    expect(answer.text.startsWith('w0 w1 w2')).toBe(true);
    // The partial answer stays in the conversation the next request sends, as useChat's stop() keeps it.
    expect(adapter.messages().at(-1)!.role).toBe('assistant');

    const gated = adapterOver(recordingModel([[...text('t1', 'Writing.'), ...call('call-w', 'write_file', { path: 'a' }), finish('tool-calls')]]).model);
    const waiting: RuntimeEventEnvelope[] = [];
    for await (const e of gated.startTurn({ prompt: 'write', mode: 'start' })) {
      waiting.push(e);
      if (e.type === 'action.required') void gated.cancelTurn({});
    }
    const required = waiting.find((e) => e.type === 'action.required')!;
    const ended = waiting.find((e) => e.type === 'action.cancelled')!;
    expect(ended).toMatchObject({ actionId: required.actionId, toolCallId: 'call-w' });
    const after = createRuntimeStore();
    after.getState().ingest(waiting);
    expect(summarize(after.getState()).actions).toEqual([{ actionId: required.actionId, status: 'cancelled' }]);
    expect(summarize(after.getState()).turns).toEqual([{ turnId: 'ai-turn-1', status: 'cancelled' }]);
    expect(runConformance({ name: 'stopped', events: waiting, expected: { status: 'cancelled' } }).invalid).toEqual([]);
    // The next request holds no call without an answer: the stopped approval is a denial with its reason.
    const part = gated.messages().at(-1)!.parts.find((p) => p.type === 'tool-write_file') as { state: string; approval?: { reason?: string } };
    expect(part).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: expect.stringContaining('stopped') } });
  });
});

describe('AI SDK adapter: restore', () => {
  it('a saved UIMessage[] continues: the UI shows it and the model receives it before the new prompt', async () => {
    const saved: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'My name is Ada.' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hello Ada.', state: 'done' }] },
    ];
    const { model, seen } = recordingModel([[...text('t', 'Your name is Ada.'), finish()]]);
    const adapter = adapterOver(model, { messages: saved });
    expect(adapter.capabilities.restore).toBe(true);
    const store = createRuntimeStore();
    store.getState().applyReadModel(await adapter.readThread({}));
    expect(summarize(store.getState()).messages.map((m) => `${m.role}: ${m.text}`)).toEqual(['user: My name is Ada.', 'assistant: Hello Ada.']);
    store.getState().ingest(await collect(adapter.startTurn({ prompt: 'What is my name?', mode: 'start' })));
    expect(seen[0]).toEqual(['user: My name is Ada.', 'assistant: Hello Ada.', 'user: What is my name?']);
    expect(summarize(store.getState()).messages.map((m) => m.text)).toEqual(['My name is Ada.', 'Hello Ada.', 'What is my name?', 'Your name is Ada.']);
    // What to save for next time: the whole conversation, as the SDK writes it.
    expect(adapter.messages().map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('a conversation saved mid-turn (an approval answered, the server gone before the tool ran) never runs the call again on restore', async () => {
    const executed: string[] = [];
    const saved: UIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Write it.' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-write_file', toolCallId: 'call-w', state: 'approval-responded', input: { path: 'a' }, approval: { id: 'ap-1', approved: true } },
        ],
      },
    ];
    const { model, seen } = recordingModel([[...text('t', 'The earlier write is unknown.'), finish()]]);
    const adapter = createAiSdkAdapter({
      messages: saved,
      chat: async ({ messages, abortSignal }) =>
        streamText({
          model,
          messages: await convertToModelMessages(messages),
          tools: { ...tools, write_file: tool({ inputSchema: pathInput, needsApproval: true, execute: async ({ path }) => (executed.push(path), 'written') }) },
          abortSignal,
        }).toUIMessageStream(),
    });
    const events = await collect(adapter.startTurn({ prompt: 'Did it work?', mode: 'start' }));
    expect(executed).toEqual([]);
    expect(events.map((e) => e.type)).not.toContain('tool.result');
    expect(seen[0]).toContain("tool: result(error-text: \"The conversation was restored without this call's result: whether it ran is not known.\")");
  });
});

describe('AI SDK adapter: client-side tools', () => {
  it('a tool without execute keeps the turn open until addToolOutput; the output reaches the model and the tool row', async () => {
    const { model, seen } = recordingModel([
      [...call('call-loc', 'get_location', {}), finish('tool-calls')],
      [...text('t', 'You are in Oslo.'), finish()],
    ]);
    const adapter = adapterOver(model);
    expect(adapter.capabilities.clientTools).toBe(true);
    const { store, actions, summary } = harness(adapter);
    try {
      await actions.send('Where am I?');
      // The run finished, the turn did not: it waits for the app's output, and says so.
      await until(() => store.getState().turns.byId.get('ai-turn-1')?.stage === 'acting', 'the wait for the app');
      expect(store.getState().turns.byId.get('ai-turn-1')).toMatchObject({ lifecycle: 'running', stageDetail: 'Waiting for the app to run get_location' });
      expect(summary().tools).toEqual([{ toolCallId: 'call-loc', name: 'get_location', status: 'running' }]);
      expect(await actions.addToolOutput('call-loc', { city: 'Oslo' })).toEqual({ ok: true });
      await until(() => summary().status === 'completed', 'the resumed turn');
      expect(summary().tools).toEqual([{ toolCallId: 'call-loc', name: 'get_location', status: 'succeeded' }]);
      expect(seen[1]!.at(-1)).toBe('tool: result(json: {"city":"Oslo"})');
      expect(summary().messages.at(-1)!.text).toBe('You are in Oslo.');
      await expect(adapter.addToolOutput({ toolCallId: 'call-loc', output: 1 })).rejects.toThrow(/not waiting for an output/);
    } finally {
      actions.dispose();
    }
  });

  it('onToolCall runs a client tool as useChat does: its return is the output, its throw the failure', async () => {
    const { model, seen } = recordingModel([[...call('call-loc', 'get_location', {}), finish('tool-calls')], [...text('t', 'Unknown place.'), finish()]]);
    const adapter = adapterOver(model, {
      onToolCall: ({ toolName }) => {
        throw new Error(`${toolName}: permission denied`);
      },
    });
    const events = await collect(adapter.startTurn({ prompt: 'Where am I?', mode: 'start' }));
    expect(events.find((e) => e.type === 'tool.failed')!.payload).toEqual({ failureCategory: 'tool_error', message: 'get_location: permission denied' });
    expect(seen[1]!.at(-1)).toBe('tool: result(error-text: "get_location: permission denied")');
    expect(events.at(-2)!.type).toBe('turn.completed');
  });
});

describe('AI SDK adapter: approval facts', () => {
  it('a denial with a note reaches the model as the approval reason; the tool took no time; an approved tool its run, not the wait', async () => {
    const steps = [[...text('t1', 'Writing.'), ...call('call-w', 'write_file', { path: 'a' }), finish('tool-calls')], [...text('t2', 'Understood.'), finish()]];
    const denied = recordingModel(steps);
    const adapter = adapterOver(denied.model);
    const events: RuntimeEventEnvelope[] = [];
    let answer: Promise<RuntimeEventEnvelope> | undefined;
    for await (const e of adapter.startTurn({ prompt: 'write', mode: 'start' })) {
      events.push(e);
      if (e.type === 'action.required') answer = adapter.respondAction({ actionId: e.actionId!, decision: 'deny', payload: { note: 'Write it to docs/ instead.' } });
    }
    expect((await answer!).payload).toEqual({ decision: 'deny', reason: 'Write it to docs/ instead.' });
    expect(denied.seen[1]).toContain('tool: result(execution-denied: Write it to docs/ instead.)');
    expect(events.find((e) => e.type === 'tool.failed')!.payload).toMatchObject({ failureCategory: 'denied', durationMs: 0 });

    const approved = adapterOver(recordingModel(steps).model);
    const run: RuntimeEventEnvelope[] = [];
    for await (const e of approved.startTurn({ prompt: 'write', mode: 'start' })) {
      run.push(e);
      if (e.type === 'action.required') setTimeout(() => void approved.respondAction({ actionId: e.actionId!, decision: 'allow' }), 30);
    }
    // The fixed clock ticks 250 ms per event: the resumed run started one event before the output,
    // while the call was proposed many events (and the user's decision) earlier.
    const result = run.find((e) => e.type === 'tool.result')!;
    const started = run.find((e) => e.type === 'tool.started')!;
    expect(result.payload.durationMs).toBe(250);
    expect(Date.parse(result.timestamp) - Date.parse(started.timestamp)).toBeGreaterThan(result.payload.durationMs as number);
  });

  it('an automatic (policy) approval is resolved by policy with its reason, never as a card the user answered', async () => {
    const { model } = recordingModel([[...call('call-w', 'write_file', { path: 'a' }), finish('tool-calls')], [...text('t', 'Done.'), finish()]]);
    const adapter = adapterOver(model, { toolApproval: () => ({ type: 'approved', reason: 'writes under the workspace are allowed' }) });
    const events = await collect(adapter.startTurn({ prompt: 'write', mode: 'start' }));
    expect(events.find((e) => e.type === 'action.required')!.payload).toMatchObject({ automatic: true });
    expect(events.find((e) => e.type === 'action.resolved')!.payload).toEqual({ decision: 'allow', respondedBy: 'policy', reason: 'writes under the workspace are allowed' });
    const store = createRuntimeStore();
    store.getState().ingest(events);
    const actionId = events.find((e) => e.type === 'action.resolved')!.actionId!;
    expect(store.getState().actions.byId.get(actionId)).toMatchObject({ status: 'resolved', respondedBy: 'policy' });
    expect(summarize(store.getState()).status).toBe('completed');
  });
});

describe('AI SDK adapter: the stream facts of item 8', () => {
  it('usage in the documented { totalUsage } metadata becomes the cost fact', async () => {
    const { model } = recordingModel([[...text('t', 'Hi.'), finish()]]);
    const stream = streamText({ model, prompt: 'hi' }).toUIMessageStream({ messageMetadata: ({ part }) => (part.type === 'finish' ? { totalUsage: part.totalUsage } : undefined) });
    const events = await collect(toRuntimeEvents(stream, { sessionId: 's', threadId: 't' }));
    expect(events.find((e) => e.type === 'cost.recorded')!.payload).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
  });

  it("finishReason 'length' is a cut answer: the turn ends as output_limit with a way out, never a plain completion", async () => {
    const { model } = recordingModel([[...text('t', 'The list: one, two, thr'), finish('length')]]);
    const events = await collect(toRuntimeEvents(streamText({ model, prompt: 'list' }).toUIMessageStream(), { sessionId: 's', threadId: 't' }));
    expect(events.map((e) => e.type)).not.toContain('turn.completed');
    expect(events.find((e) => e.type === 'model.completed')!.payload).toEqual({ text: 'The list: one, two, thr' });
    expect(events.find((e) => e.type === 'turn.failed')!.payload).toMatchObject({ failureCategory: 'output_limit', retryable: true, recoveryHint: expect.stringContaining('continue') });
  });

  it('preliminary tool results (a generator execute) are the tool\'s progress, its last yield the result', async () => {
    const { model } = recordingModel([[...call('call-f', 'forecast', { city: 'Oslo' }), finish('tool-calls')], [...text('t', 'Sunny.'), finish()]]);
    const forecast = tool({
      description: 'Forecast',
      inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
      async *execute() {
        yield { status: 'loading forecast' };
        yield { status: 'done', forecast: 'sunny' };
      },
    });
    const stream = streamText({ model, prompt: 'weather', tools: { forecast }, stopWhen: stepCountIs(3) }).toUIMessageStream();
    const events = await collect(toRuntimeEvents(stream, { sessionId: 's', threadId: 't' }));
    const facts = events.filter((e) => e.type.startsWith('tool.')).map((e) => [e.type, e.payload.message ?? e.payload.preview]);
    expect(facts).toContainEqual(['tool.progress', 'loading forecast']);
    expect(facts.at(-1)).toEqual(['tool.result', '{"status":"done","forecast":"sunny"}']);
  });

  it('an HTTP 429 or 500 from the chat endpoint fails the turn as what it is, with the body kept', async () => {
    const limited = await collect(toRuntimeEvents(new Response(JSON.stringify({ error: { message: 'Rate limit: 3 requests per minute' } }), { status: 429, headers: { 'Content-Type': 'application/json' } }), { sessionId: 's', threadId: 't' }));
    expect(limited.map((e) => e.type)).toEqual(['turn.started', 'turn.failed']);
    expect(limited[1]!.payload).toMatchObject({ failureCategory: 'rate_limited', retryable: true, httpStatus: 429, message: 'the chat endpoint answered HTTP 429: Rate limit: 3 requests per minute' });
    const broken = await collect(toRuntimeEvents(new Response('upstream timed out', { status: 500 }), { sessionId: 's', threadId: 't' }));
    expect(broken[1]!.payload).toMatchObject({ failureCategory: 'server_error', httpStatus: 500, message: 'the chat endpoint answered HTTP 500: upstream timed out' });
  });

  it('sources and files become link and file cards in the answer; data parts go to onData', async () => {
    const { model } = recordingModel([[
      { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://example.com/paris', title: 'Paris guide' },
      ...text('t', 'Paris is in France.'),
      { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
      finish(),
    ]]);
    const data: unknown[] = [];
    const stream = streamText({ model, prompt: 'paris' }).toUIMessageStream({ sendSources: true });
    const events = await collect(toRuntimeEvents(stream, { sessionId: 's', threadId: 't' }, { onData: (part) => data.push(part) }));
    const cards = events.filter((e) => e.type === 'artifact.changed');
    expect(cards.map((e) => e.payload)).toEqual([
      { title: 'Paris guide', readRef: 'https://example.com/paris', sourceUri: 'https://example.com/paris', role: 'source' },
      { mimeType: 'image/png', readRef: expect.stringMatching(/^data:image\/png;base64,/), kind: 'image' },
    ]);
    expect(events.every((e) => validateEvent(e).valid)).toBe(true);
    const store = createRuntimeStore();
    store.getState().ingest(events);
    expect(summarize(store.getState()).artifacts.map((a) => a.kind)).toEqual(['unknown', 'image']);
    expect(summarize(store.getState()).diagnostics).toEqual([]);
  });
});
