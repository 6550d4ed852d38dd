// The built agentui-kit/adapters/openai-agents entry as an app imports it: the SDK stays an
// external peer (the app's own copy runs), and a real streamed run maps to valid profile events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Agent, Runner } from '@openai/agents';

const root = new URL('..', import.meta.url);

test('the openai-agents entry keeps @openai/agents external', () => {
  const entry = readFileSync(new URL('dist/adapters/openai-agents/runFailure.js', root), 'utf8');
  assert.match(entry, /from "@openai\/agents"/);
});

test('a real streamed run through the built entry: valid events, completed, usage recorded', async () => {
  const { toRuntimeEvents } = await import('agentui-kit/adapters/openai-agents');
  const { validateEvent } = await import('agentui-kit/headless');
  const model = {
    async getResponse() {
      throw new Error('streams only');
    },
    async *getStreamedResponse() {
      yield { type: 'response_started' };
      yield { type: 'output_text_delta', delta: 'Hello.' };
      const output = [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Hello.' }] }];
      yield { type: 'response_done', response: { id: 'r1', usage: { requests: 1, inputTokens: 5, outputTokens: 2, totalTokens: 7 }, output } };
    },
  };
  const result = await new Runner({ tracingDisabled: true }).run(new Agent({ name: 'Greeter', instructions: 'greet', model }), 'hi', { stream: true });
  const events = [];
  for await (const event of toRuntimeEvents(result, { sessionId: 's', threadId: 't' })) events.push(event);
  assert.deepEqual(events.map((e) => e.type), ['turn.started', 'run.status', 'model.requested', 'model.delta', 'model.completed', 'cost.recorded', 'turn.completed']);
  assert.ok(events.every((e) => validateEvent(e).valid));
});
