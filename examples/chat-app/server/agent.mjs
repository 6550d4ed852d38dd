// The agent: an AI SDK `streamText` loop with a tool that needs the user's approval and a tool that
// runs in the browser. Offline by default (a scripted mock model from `ai/test`); with
// AI_GATEWAY_API_KEY set it runs a real model through the AI SDK gateway (CHAT_MODEL picks it,
// default openai/gpt-4.1-mini).
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const notes = new Map();

export const tools = {
  save_note: tool({
    description: 'Saves a note to the notes file. Needs the user to approve.',
    inputSchema: jsonSchema({ type: 'object', properties: { title: { type: 'string' }, text: { type: 'string' } }, required: ['title', 'text'] }),
    execute: async ({ title, text }) => {
      notes.set(title, text);
      return { saved: title, notes: notes.size };
    },
  }),
  // No execute: the browser runs it (examples/chat-app/src/BrowserTools.tsx) and adds its output.
  browser_time: tool({
    description: "The time and time zone of the user's browser.",
    inputSchema: jsonSchema({ type: 'object', properties: {} }),
  }),
};

/** The question the approval card shows: the runtime's own words for what it asks. */
export const toolApproval = {
  save_note: ({ title }) => ({ type: 'user-approval', reason: `Save the note “${title}”?` }),
};

const usage = { inputTokens: { total: 50, noCache: 50, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 80, text: 80, reasoning: 0 } };
const finish = (reason) => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const words = (id, sentence) => [
  { type: 'text-start', id },
  ...sentence.split(/(?<= )/).map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const textOf = (message) => (typeof message?.content === 'string' ? message.content : (message?.content?.find?.((part) => part.type === 'text')?.text ?? ''));

/** What the model says about a topic when nothing else applies: long enough to watch, to stop, or to steer. */
const LONG_ANSWER = (topic) =>
  `About “${topic}”: the kit streams this answer word by word, each word a model.delta event the store appends in order. ` +
  'When the step ends, model.completed carries the whole text and the kit reconciles it. If you press Stop now, the words so far stay, ' +
  'marked as interrupted, and no completion is invented for them. If you steer, your message joins this run at its next step. ' +
  'If the connection breaks, the view turns stale and repairs from the thread read model, then carries on from its cursor.';

/**
 * A scripted model that reads the conversation it is sent (so a restored or queued context shows
 * in what it says): "remember …" asks to save a note (approval), "time" asks the browser for its
 * clock, "what did I ask first" recalls the first user message, anything else gets a long answer.
 * A tool's result, a denial's reason and a steering message are answered from the prompt itself.
 */
export function scriptedModel({ wordDelayMs = Number(process.env.CHAT_WORD_DELAY_MS ?? 60) } = {}) {
  let calls = 0;
  const bootId = Date.now().toString(36);
  const stream = (chunks) => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs: wordDelayMs }) });
  return new MockLanguageModelV4({
    modelId: 'scripted-notes-model',
    doStream: async ({ prompt }) => {
      const last = prompt[prompt.length - 1];
      const users = prompt.filter((message) => message.role === 'user');
      if (last?.role === 'tool') {
        const result = last.content.find((part) => part.type === 'tool-result');
        const output = result?.output;
        if (output?.type === 'execution-denied') {
          return stream([...words('denied', `I did not save the note. You said: “${output.reason ?? 'no reason given'}”.`), finish('stop')]);
        }
        if (result?.toolName === 'browser_time') {
          const value = output?.type === 'json' ? output.value : {};
          return stream([...words('time', `Your browser says it is ${value.time ?? 'an unknown time'} in ${value.timeZone ?? 'an unknown time zone'}.`), finish('stop')]);
        }
        return stream([...words('answer', 'The note is saved. ' + LONG_ANSWER('the saved note')), finish('stop')]);
      }
      const request = textOf(last);
      // Unique across restarts, as a real provider's call ids are: a restarted server must not reuse
      // the id of a call the thread already holds.
      const toolCallId = `call-${bootId}-${++calls}`;
      if (/what did i ask (you )?first/i.test(request)) {
        return stream([...words('recall', `You first asked: “${textOf(users[0])}”. I see ${users.length} messages from you so far.`), finish('stop')]);
      }
      if (/\btime\b/i.test(request)) {
        return stream([
          ...words('intro', 'Let me ask your browser. '),
          { type: 'tool-input-start', id: toolCallId, toolName: 'browser_time' },
          { type: 'tool-input-delta', id: toolCallId, delta: '{}' },
          { type: 'tool-input-end', id: toolCallId },
          { type: 'tool-call', toolCallId, toolName: 'browser_time', input: '{}' },
          finish('tool-calls'),
        ]);
      }
      if (/\b(remember|note)\b/i.test(request)) {
        const input = JSON.stringify({ title: request.slice(0, 40), text: request });
        return stream([
          { type: 'reasoning-start', id: 'r' },
          { type: 'reasoning-delta', id: 'r', delta: 'The user wants this remembered; ' },
          { type: 'reasoning-delta', id: 'r', delta: 'saving a note needs their approval.' },
          { type: 'reasoning-end', id: 'r' },
          ...words('intro', 'I will save that as a note. '),
          { type: 'tool-input-start', id: toolCallId, toolName: 'save_note' },
          { type: 'tool-input-delta', id: toolCallId, delta: input },
          { type: 'tool-input-end', id: toolCallId },
          { type: 'tool-call', toolCallId, toolName: 'save_note', input },
          finish('tool-calls'),
        ]);
      }
      return stream([...words('long', LONG_ANSWER(request)), finish('stop')]);
    },
  });
}

const model = process.env.AI_GATEWAY_API_KEY ? (process.env.CHAT_MODEL ?? 'openai/gpt-4.1-mini') : scriptedModel();
const modelName = typeof model === 'string' ? model : model.modelId;

/**
 * The adapter's `chat`: the conversation in, a UIMessageChunk stream out (model and usage as
 * metadata). `steering` is the adapter's steering object: a prompt steered into the running turn
 * reaches the model at its next step.
 */
export async function chat({ messages, abortSignal, steering }) {
  const result = streamText({
    model,
    system: 'You keep notes for the user. To save one, call save_note. For the local time, call browser_time.',
    messages: await convertToModelMessages(messages),
    tools,
    toolApproval,
    stopWhen: stepCountIs(4),
    abortSignal,
    experimental_steering: steering,
    onError: () => undefined,
  });
  return result.toUIMessageStream({
    onError: (error) => (error instanceof Error ? error.message : String(error)),
    messageMetadata: ({ part }) => (part.type === 'start' ? { model: modelName } : part.type === 'finish' ? { totalUsage: part.totalUsage } : undefined),
  });
}
