// The agent: an AI SDK `streamText` loop with one tool that needs the user's approval.
// Offline by default (a scripted mock model from `ai/test`); with AI_GATEWAY_API_KEY set it runs a
// real model through the AI SDK gateway (CHAT_MODEL picks it, default openai/gpt-4.1-mini).
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const notes = new Map();

export const tools = {
  save_note: tool({
    description: 'Saves a note to the notes file. Needs the user to approve.',
    inputSchema: jsonSchema({ type: 'object', properties: { title: { type: 'string' }, text: { type: 'string' } }, required: ['title', 'text'] }),
    needsApproval: true,
    execute: async ({ title, text }) => {
      notes.set(title, text);
      return { saved: title, notes: notes.size };
    },
  }),
};

const usage = { inputTokens: { total: 50, noCache: 50, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 80, text: 80, reasoning: 0 } };
const words = (id, sentence) => [
  { type: 'text-start', id },
  ...sentence.split(/(?<= )/).map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

/**
 * A scripted model: asked by the user, it thinks, says what it will do and calls save_note; given
 * the tool's result, it streams a long answer word by word (slow enough to watch, or to cut).
 */
export function scriptedModel({ wordDelayMs = Number(process.env.CHAT_WORD_DELAY_MS ?? 60) } = {}) {
  let calls = 0;
  const bootId = Date.now().toString(36);
  return new MockLanguageModelV4({
    modelId: 'scripted-notes-model',
    doStream: async ({ prompt }) => {
      const last = prompt[prompt.length - 1];
      if (last?.role === 'tool') {
        const answer = 'The note is saved. Here is what happens next: the kit streams this answer word by word, ' +
          'each word a model.delta event the store appends in order; when the step ends, model.completed carries the whole text ' +
          'and the kit reconciles it; if the connection breaks, the view turns stale and repairs from the thread read model.';
        return { stream: simulateReadableStream({ chunks: [...words('answer', answer), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }], chunkDelayInMs: wordDelayMs }) };
      }
      const request = last?.content?.find?.((part) => part.type === 'text')?.text ?? 'a note';
      const input = JSON.stringify({ title: request.slice(0, 40), text: request });
      // Unique across restarts, as a real provider's call ids are: a restarted server must not reuse
      // the id of a call the thread already holds.
      const toolCallId = `note-call-${bootId}-${++calls}`;
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'The user wants this remembered; ' },
            { type: 'reasoning-delta', id: 'r', delta: 'saving a note needs their approval.' },
            { type: 'reasoning-end', id: 'r' },
            ...words('intro', 'I will save that as a note. '),
            { type: 'tool-input-start', id: toolCallId, toolName: 'save_note' },
            { type: 'tool-input-delta', id: toolCallId, delta: input },
            { type: 'tool-input-end', id: toolCallId },
            { type: 'tool-call', toolCallId, toolName: 'save_note', input },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool-calls' }, usage },
          ],
          chunkDelayInMs: wordDelayMs,
        }),
      };
    },
  });
}

const model = process.env.AI_GATEWAY_API_KEY ? (process.env.CHAT_MODEL ?? 'openai/gpt-4.1-mini') : scriptedModel();
const modelName = typeof model === 'string' ? model : model.modelId;

/** The adapter's `chat`: the conversation in, a UIMessageChunk stream out (model and usage as metadata). */
export async function chat({ messages, abortSignal }) {
  const result = streamText({
    model,
    system: 'You keep notes for the user. To save one, call save_note.',
    messages: await convertToModelMessages(messages),
    tools,
    stopWhen: stepCountIs(4),
    abortSignal,
    onError: () => undefined,
  });
  return result.toUIMessageStream({
    onError: (error) => (error instanceof Error ? error.message : String(error)),
    messageMetadata: ({ part }) => (part.type === 'start' ? { model: modelName } : part.type === 'finish' ? { usage: part.totalUsage } : undefined),
  });
}
