// AI SDK runs for the adapter's tests and recorded fixtures: the real `streamText` with the SDK's
// own MockLanguageModelV4 (scripted model responses, one per model step) and real tools, so every
// chunk the adapter sees was written by the library, never by hand.
import { convertToModelMessages, jsonSchema, simulateReadableStream, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import { MockLanguageModelV4, mockId } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createAiSdkAdapter, type AiSdkAdapter, type AiSdkAdapterOptions } from '../../src/adapters/ai-sdk';

const usage = { inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 40, text: 40, reasoning: 0 } };
const finish = (reason: 'stop' | 'tool-calls' = 'stop'): LanguageModelV4StreamPart => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const text = (id: string, ...deltas: string[]): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const reasoning = (id: string, ...deltas: string[]): LanguageModelV4StreamPart[] => [
  { type: 'reasoning-start', id },
  ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'reasoning-delta', id, delta })),
  { type: 'reasoning-end', id },
];
/** A streamed tool call: its JSON input in two deltas, then the call. */
const toolCall = (toolCallId: string, toolName: string, input: Record<string, unknown>): LanguageModelV4StreamPart[] => {
  const json = JSON.stringify(input);
  const half = Math.ceil(json.length / 2);
  return [
    { type: 'tool-input-start', id: toolCallId, toolName },
    { type: 'tool-input-delta', id: toolCallId, delta: json.slice(0, half) },
    { type: 'tool-input-delta', id: toolCallId, delta: json.slice(half) },
    { type: 'tool-input-end', id: toolCallId },
    { type: 'tool-call', toolCallId, toolName, input: json },
  ];
};

/** A model that answers its nth call with the nth scripted step. */
export function scriptedModel(steps: LanguageModelV4StreamPart[][], modelId = 'mock-model-1'): MockLanguageModelV4 {
  let call = 0;
  return new MockLanguageModelV4({
    modelId,
    doStream: async () => {
      const chunks = steps[Math.min(call, steps.length - 1)]!;
      call += 1;
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
}

const pathInput = jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
const commandInput = jsonSchema<{ command: string }>({ type: 'object', properties: { command: { type: 'string' } }, required: ['command'] });

/** A 60,000-character log: far over the 2,000-character preview budget. */
export const LARGE_LOG = Array.from({ length: 1_500 }, (_, i) => `line ${String(i).padStart(4, '0')}: build step ok\n`).join('').padEnd(60_000, '.');

export const TOOLS = {
  read_file: tool({ description: 'Reads a file', inputSchema: pathInput, execute: async ({ path }) => ({ path, content: '# AgentUI\n\nRun npm install.' }) }),
  read_log: tool({ description: 'Reads the build log', inputSchema: pathInput, execute: async () => LARGE_LOG }),
  write_file: tool({ description: 'Writes a file', inputSchema: pathInput, needsApproval: true, execute: async ({ path }) => ({ path, written: true }) }),
  run_tests: tool({
    description: 'Runs the tests',
    inputSchema: commandInput,
    execute: async ({ command }): Promise<string> => {
      throw new Error(`${command} exited with code 1`);
    },
  }),
} satisfies ToolSet;

export interface Scenario {
  name: string;
  prompt: string;
  steps: LanguageModelV4StreamPart[][];
  /** The answer given to each approval the run asks for. */
  decision?: 'allow' | 'deny';
}

export const SCENARIOS: Record<string, Scenario> = {
  text: {
    name: 'ai-sdk-text',
    prompt: 'How is the kit built?',
    steps: [[...reasoning('r1', 'The user asks ', 'about the build.'), ...text('t1', 'The kit is built ', 'with Vite in library mode.'), finish()]],
  },
  multiStep: {
    name: 'ai-sdk-multi-step',
    prompt: 'What does the README say?',
    steps: [
      [...text('t1', 'Let me read ', 'the README.'), ...toolCall('call-read-1', 'read_file', { path: 'README.md' }), finish('tool-calls')],
      [...text('t2', 'It says: run ', 'npm install.'), finish()],
    ],
  },
  largeOutput: {
    name: 'ai-sdk-large-output',
    prompt: 'Show me the build log.',
    steps: [
      [...toolCall('call-log-1', 'read_log', { path: 'build.log' }), finish('tool-calls')],
      [...text('t1', 'The build log is long; ', 'every step passed.'), finish()],
    ],
  },
  approval: {
    name: 'ai-sdk-approval',
    prompt: 'Update the README title.',
    decision: 'allow',
    steps: [
      [...text('t1', 'I will write ', 'the README.'), ...toolCall('call-write-1', 'write_file', { path: 'README.md' }), finish('tool-calls')],
      [...text('t2', 'README title ', 'updated.'), finish()],
    ],
  },
  failure: {
    name: 'ai-sdk-failure',
    prompt: 'Run the test suite.',
    steps: [
      [...toolCall('call-test-1', 'run_tests', { command: 'npm test' }), finish('tool-calls')],
      [...text('t1', 'The tests '), { type: 'error', error: new Error('model overloaded') }],
    ],
  },
};

/** The adapter over `streamText` with the scenario's scripted model, on a fixed clock and fixed ids. */
export function scenarioAdapter(scenario: Scenario, options: Partial<AiSdkAdapterOptions> = {}): AiSdkAdapter {
  const model = scriptedModel(scenario.steps);
  const generateId = mockId({ prefix: 'aisdk' });
  return createAiSdkAdapter({
    sessionId: `sess-${scenario.name}`,
    threadId: 'thread-1',
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 250,
    chat: async ({ messages, abortSignal }) =>
      streamText({
        model,
        messages: await convertToModelMessages(messages),
        tools: TOOLS,
        stopWhen: stepCountIs(5),
        abortSignal,
        onError: () => undefined,
        _internal: { generateId },
      }).toUIMessageStream({
        onError: (error) => (error instanceof Error ? error.message : String(error)),
        messageMetadata: ({ part }) => (part.type === 'start' ? { model: model.modelId } : part.type === 'finish' ? { usage: part.totalUsage } : undefined),
      }),
    ...options,
  });
}
