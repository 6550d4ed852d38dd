// AG-UI runs for the adapter's tests and recorded fixtures: a tiny AG-UI agent served over
// loopback HTTP (node:http on 127.0.0.1, port 0) that writes its events as SSE with
// `@ag-ui/encoder`'s EventEncoder, read by `@ag-ui/client`'s HttpAgent (its own SSE parsing,
// chunk expansion and event verification). The agent reads the prompt from the run input.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createAgUiAdapter, type AgUiAdapter } from '../../src/adapters/ag-ui';

/** A tool output far over the adapter's inline budget: it must travel as a ref. */
export const LARGE_LOG = Array.from({ length: 200 }, (_, i) => `line ${i + 1}: build step ok`).join('\n');

/**
 * What the agent does with one run: the events it writes; `cut` ends the stream there, `hold`
 * keeps it open until the server's `held` promise settles (a run the client cancels).
 */
export type Script = (input: RunAgentInput, prompt: string) => (BaseEvent | 'cut' | 'hold')[];

const started = (input: RunAgentInput): BaseEvent => ({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
const finished = (input: RunAgentInput): BaseEvent => ({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent);
const text = (messageId: string, ...deltas: string[]): BaseEvent[] => [
  { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent,
  ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta }) as BaseEvent),
  { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
];

export interface AgUiScenario {
  name: string;
  prompt: string;
  script: Script;
}

export const SCENARIOS = {
  text: {
    name: 'ag-ui-text',
    prompt: 'What is AG-UI?',
    script: (input, prompt) => [
      started(input),
      { type: EventType.REASONING_START, messageId: 'r1' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: `The user asks: ${prompt}` } as BaseEvent,
      { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' } as BaseEvent,
      { type: EventType.REASONING_END, messageId: 'r1' } as BaseEvent,
      ...text('m1', 'AG-UI is an ', 'event protocol for agents.'),
      finished(input),
    ],
  },
  tool: {
    name: 'ag-ui-tool',
    prompt: 'Read the build log',
    script: (input) => [
      started(input),
      // Chunks: HttpAgent expands them into START/CONTENT/END and START/ARGS/END.
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: 'm1', role: 'assistant', delta: 'Reading the log.' } as BaseEvent,
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'call-1', toolCallName: 'read_log', parentMessageId: 'm1', delta: '{"path":' } as BaseEvent,
      { type: EventType.TOOL_CALL_CHUNK, toolCallId: 'call-1', delta: '"build.log"}' } as BaseEvent,
      { type: EventType.TOOL_CALL_RESULT, messageId: 'tool-1', toolCallId: 'call-1', content: LARGE_LOG, role: 'tool' } as BaseEvent,
      ...text('m2', 'The build passed: 200 steps ok.'),
      finished(input),
    ],
  },
  failure: {
    name: 'ag-ui-failure',
    prompt: 'Summarize the repo',
    script: (input) => [
      started(input),
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Looking at' } as BaseEvent,
      { type: EventType.RUN_ERROR, message: 'Upstream model rate limit reached', code: 'rate_limited' } as BaseEvent,
    ],
  },
  steps: {
    name: 'ag-ui-steps',
    prompt: 'Plan then answer',
    script: (input, prompt) => [
      started(input),
      { type: EventType.STEP_STARTED, stepName: 'plan' } as BaseEvent,
      { type: EventType.STATE_SNAPSHOT, snapshot: { plan: ['look', 'answer'], apiKey: 'sk-live-1234567890abcdef' } } as BaseEvent,
      { type: EventType.STEP_FINISHED, stepName: 'plan' } as BaseEvent,
      { type: EventType.STEP_STARTED, stepName: 'answer' } as BaseEvent,
      { type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/plan/0', value: 'looked' }] } as BaseEvent,
      ...text('m1', 'Planned and answered.'),
      { type: EventType.CUSTOM, name: 'progress', value: { percent: 100 } } as BaseEvent,
      { type: EventType.STEP_FINISHED, stepName: 'answer' } as BaseEvent,
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'earlier-user', role: 'user', content: 'Hello from an earlier session' },
          { id: 'earlier-assistant', role: 'assistant', content: 'Hello again' },
          ...input.messages.filter((m) => m.role === 'user' && m.content === prompt),
          { id: 'm1', role: 'assistant', content: 'Planned and answered.' },
        ],
      } as BaseEvent,
      finished(input),
    ],
  },
  cut: {
    name: 'ag-ui-cut',
    prompt: 'Write a long answer',
    script: (input) => [
      started(input),
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'The first part, ' } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'and then' } as BaseEvent,
      'cut',
    ],
  },
} satisfies Record<string, AgUiScenario>;

/** An AG-UI agent over loopback HTTP: each POST runs the script with the run input the client sent. */
export async function serveAgent(script: Script, held: Promise<void> = Promise.resolve()): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', async () => {
      const input = JSON.parse(body) as RunAgentInput;
      const encoder = new EventEncoder({ accept: req.headers.accept });
      res.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache' });
      const last = [...input.messages].reverse().find((m) => m.role === 'user');
      const prompt = typeof last?.content === 'string' ? last.content : '';
      for (const event of script(input, prompt)) {
        if (event === 'hold') {
          await held;
          continue;
        }
        if (event === 'cut') {
          // The stream stops mid-run (a crashed agent behind a proxy that closes the response):
          // no RUN_FINISHED, no RUN_ERROR. (Destroying the socket instead makes @ag-ui/client 1.0
          // rethrow the reader's cancel error as an unhandled rejection, outside any subscriber.)
          res.end();
          return;
        }
        res.write(encoder.encodeSSE(event));
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const fixedClock = (sequence: number) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 10;

/** One scenario run through the real client and the adapter; the server is closed afterwards. */
export async function runScenario(scenario: AgUiScenario): Promise<{ adapter: AgUiAdapter; events: RuntimeEventEnvelope[] }> {
  const server = await serveAgent(scenario.script);
  try {
    const agent = new HttpAgent({ url: server.url, threadId: 'thread-1' });
    const adapter = createAgUiAdapter({ agent, sessionId: 'ag-ui-session', clock: fixedClock });
    const events: RuntimeEventEnvelope[] = [];
    for await (const event of adapter.startTurn({ prompt: scenario.prompt, mode: 'start' })) events.push(event);
    return { adapter, events };
  } finally {
    await server.close();
  }
}
