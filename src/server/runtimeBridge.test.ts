// The runtime bridge over loopback HTTP, as an app deploys it: the real AI SDK (streamText over
// ai/test's MockLanguageModelV4) behind createAiSdkAdapter, served by Node's http through
// toNodeHandler, and the kit's own httpAdapter + sseSource on the other side; and as a Fetch
// handler called directly, as a Next.js route handler or Hono would.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { RuntimeEventEnvelope } from '../protocol/events';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { createRuntimeActions } from '../stream/runtimeActions';
import { connectRuntimeStream } from '../stream/connectRuntimeStream';
import { httpAdapter } from '../stream/httpAdapter';
import { sseSource } from '../stream/sseSource';
import { createEnvelopeFactory } from '../adapters/core/envelopeFactory';
import { createAiSdkAdapter } from '../adapters/ai-sdk';
import { createRuntimeBridge, type RuntimeBridgeOptions } from './runtimeBridge';
import { toNodeHandler } from './nodeHandler';
import { until } from '../../test/adapters/scenarioRun';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = (reason: 'stop' | 'tool-calls' = 'stop'): LanguageModelV4StreamPart => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const say = (id: string, words: string): LanguageModelV4StreamPart[] => [{ type: 'text-start', id }, ...words.split(/(?<= )/).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
const call = (toolCallId: string, toolName: string, input: object): LanguageModelV4StreamPart[] => [
  { type: 'tool-input-start', id: toolCallId, toolName },
  { type: 'tool-input-delta', id: toolCallId, delta: JSON.stringify(input) },
  { type: 'tool-input-end', id: toolCallId },
  { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) },
];

function aiSdkAdapterFactory(steps: LanguageModelV4StreamPart[][], chunkDelayInMs = 0): RuntimeBridgeOptions['adapter'] {
  let calls = 0;
  const model = new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: steps[Math.min(calls++, steps.length - 1)]!, chunkDelayInMs }) }) });
  const tools = {
    save_note: tool({ inputSchema: jsonSchema<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } } }), needsApproval: true, execute: async () => 'saved' }),
    pick_color: tool({ inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }) }),
  };
  return (feed) =>
    createAiSdkAdapter({
      ...feed,
      sessionId: 'bridge-session',
      chat: async ({ messages, abortSignal }) =>
        streamText({ model, messages: await convertToModelMessages(messages), tools, stopWhen: stepCountIs(4), abortSignal, onError: () => undefined }).toUIMessageStream(),
    });
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function serve(options: RuntimeBridgeOptions) {
  const bridge = createRuntimeBridge({ basePath: '/api', ...options });
  const server = createServer(toNodeHandler(bridge));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { bridge, base };
}

/** A browser-side session: httpAdapter for writes, the bridge's event stream as the store's live feed. */
function client(base: string) {
  const adapter = httpAdapter(base);
  const store = createRuntimeStore();
  const actions = createRuntimeActions(store, adapter, { connection: { flush: 'sync' } });
  const live = connectRuntimeStream(store, sseSource(adapter.eventsUrl), { adapter, flush: 'sync' });
  return { adapter, store, actions, summary: () => summarize(store.getState()), close: () => (live.close(), actions.dispose()) };
}

describe('runtime bridge over Node http (httpAdapter on the other side)', () => {
  it('serves a turn, an approval, a queued prompt and the capabilities; every fact reaches the browser through /events', async () => {
    const { base } = await serve({
      adapter: aiSdkAdapterFactory([
        [...say('a', 'I will save it. '), ...call('n1', 'save_note', { text: 'milk' }), finish('tool-calls')],
        [...say('b', 'Saved.'), finish()],
        [...say('c', 'Eggs too.'), finish()],
      ]),
    });
    expect(await (await fetch(`${base}/capabilities`)).json()).toEqual({ queue: true, steer: false, interrupt: true, approvals: true, clientTools: true, restore: true });
    const browser = client(base);
    try {
      expect(await browser.actions.send('Remember milk')).toEqual({ ok: true });
      await until(() => browser.summary().actions[0]?.status === 'pending', 'the approval over SSE');
      expect(await browser.actions.send('And eggs', { mode: 'queue' })).toEqual({ ok: true });
      await until(() => browser.summary().queue !== 'unknown' && (browser.summary().queue as unknown[]).length === 1, 'the queue fact');
      expect(await browser.actions.respondAction(browser.summary().actions[0]!.actionId, 'allow')).toEqual({ ok: true });
      await until(() => browser.summary().turns.length === 2 && browser.summary().turns.every((t) => t.status === 'completed'), 'both turns');
      expect(browser.summary().messages.map((m) => m.text)).toEqual(['Remember milk', 'I will save it. ', 'Saved.', 'And eggs', 'Eggs too.']);
      expect(browser.summary().actions[0]).toMatchObject({ status: 'resolved', decision: 'allow' });
    } finally {
      browser.close();
    }
  });

  it('a client-side tool is answered over POST /tools/:id/output; a refused write is a 409 with the reason, a bad body a 400/415', async () => {
    const { base } = await serve({ adapter: aiSdkAdapterFactory([[...call('c1', 'pick_color', {}), finish('tool-calls')], [...say('t', 'Teal.'), finish()]]) });
    const browser = client(base);
    try {
      await browser.actions.send('Pick a color');
      await until(() => browser.store.getState().turns.byId.get('ai-turn-1')?.stage === 'acting', 'the wait for the app');
      expect(await browser.actions.addToolOutput('c1', 'teal')).toEqual({ ok: true });
      await until(() => browser.summary().status === 'completed', 'the turn');
      expect(browser.summary().tools).toEqual([{ toolCallId: 'c1', name: 'pick_color', status: 'succeeded' }]);
      const again = await fetch(`${base}/tools/c1/output`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ output: 'red' }) });
      expect([again.status, await again.json()]).toEqual([409, { error: 'tool call c1 is not waiting for an output' }]);
      const noType = await fetch(`${base}/turns`, { method: 'POST', body: JSON.stringify({ prompt: 'x' }) });
      expect(noType.status).toBe(415);
      const noPrompt = await fetch(`${base}/turns`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect([noPrompt.status, await noPrompt.json()]).toEqual([400, { error: 'prompt must be a string' }]);
    } finally {
      browser.close();
    }
  });

  it('Stop over HTTP: the partial answer stays interrupted in the browser', async () => {
    const { base } = await serve({ adapter: aiSdkAdapterFactory([[...say('a', Array.from({ length: 60 }, (_, i) => `w${i} `).join('')), finish()]], 15) });
    const browser = client(base);
    try {
      await browser.actions.send('long answer');
      await until(() => browser.summary().messages.some((m) => m.role === 'assistant' && m.text.length > 10), 'some words');
      expect(await browser.actions.interrupt()).toEqual({ ok: true });
      await until(() => browser.summary().status === 'cancelled', 'the cancelled turn');
      expect(browser.summary().messages.find((m) => m.role === 'assistant')).toMatchObject({ final: false, interrupted: true });
    } finally {
      browser.close();
    }
  });
});

describe('runtime bridge as a Fetch handler (Next.js route handlers, Hono)', () => {
  it('answers Request with Response: the event stream resumes after Last-Event-ID', async () => {
    const bridge = createRuntimeBridge({ adapter: aiSdkAdapterFactory([[...say('a', 'Hello there.'), finish()]]) });
    const accepted = await bridge.fetch(new Request('http://app.test/turns', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt: 'hi', mode: 'start' }) }));
    expect(accepted.headers.get('content-type')).toBe('application/x-ndjson');
    expect(JSON.parse(await accepted.text())).toMatchObject({ type: 'turn.submitted', payload: { text: 'hi' } });
    await until(() => bridge.log.events.some((e) => e.type === 'snapshot.updated'), 'the turn on the log');
    const abort = new AbortController();
    const resumed = await bridge.fetch(new Request('http://app.test/events', { headers: { 'Last-Event-ID': bridge.log.events[2]!.eventId }, signal: abort.signal }));
    expect(resumed.headers.get('content-type')).toBe('text/event-stream');
    const reader = resumed.body!.getReader();
    const { value } = await reader.read();
    const ids = [...new TextDecoder().decode(value).matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(bridge.log.events.slice(3).map((e) => e.eventId));
    abort.abort();
    await reader.cancel();
    const thread = (await (await bridge.fetch(new Request('http://app.test/thread'))).json()) as { messages: { text?: string }[] };
    expect(thread.messages.map((m) => m.text)).toEqual(['hi', 'Hello there.']);
  });

  it('authorize refuses before any route runs; an unknown path is a 404', async () => {
    const bridge = createRuntimeBridge({ basePath: '/api', adapter: aiSdkAdapterFactory([[finish()]]), authorize: (request) => request.headers.get('authorization') === 'Bearer ok' });
    expect((await bridge.fetch(new Request('http://app.test/api/thread'))).status).toBe(401);
    expect((await bridge.fetch(new Request('http://app.test/api/thread', { headers: { authorization: 'Bearer ok' } }))).status).toBe(200);
    expect((await bridge.fetch(new Request('http://app.test/other', { headers: { authorization: 'Bearer ok' } }))).status).toBe(404);
  });

  it('a restarted server states that the turn it was running was cut, cancels its pending request, and continues the sequence', async () => {
    const factory = createEnvelopeFactory({ sessionId: 'bridge-session', threadId: 'thread-1', runtimeId: 'ai-sdk', idPrefix: 'old' });
    const history: RuntimeEventEnvelope[] = [
      factory.event('turn.submitted', { turnId: 'old-turn-1' }, { text: 'save it' }),
      factory.event('turn.started', { turnId: 'old-turn-1' }),
      factory.event('action.required', { turnId: 'old-turn-1', actionId: 'a1', stepId: 's', toolCallId: 'n1' }, { actionType: 'tool_approval' }),
    ];
    const persisted: string[] = [];
    const bridge = createRuntimeBridge({ adapter: aiSdkAdapterFactory([[...say('a', 'Fresh.'), finish()]]), history, persist: (e) => persisted.push(e.type) });
    expect(persisted).toEqual(['action.cancelled', 'turn.failed']);
    const store = createRuntimeStore();
    store.getState().ingest(bridge.log.events);
    expect(summarize(store.getState())).toMatchObject({ status: 'failed', actions: [{ actionId: 'a1', status: 'cancelled' }] });
    expect(store.getState().turns.byId.get('old-turn-1')).toMatchObject({ failure: { category: 'runtime_restarted', recoveryHint: 'Send the message again; the conversation so far is kept.' } });
    await (await bridge.fetch(new Request('http://app.test/turns', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt: 'again' }) }))).text();
    await until(() => bridge.log.events.some((e) => e.type === 'snapshot.updated'), 'the new turn');
    const sequences = bridge.log.events.map((e) => e.sequence);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
  });
});
