// OpenAI Agents SDK runs for the adapter's tests and recorded fixtures: real `Agent`s, real
// `tool()`s (one with `needsApproval`), real handoffs, run by the SDK's own `Runner` with
// streaming on. Only the model is scripted: a `Model` (the SDK's provider interface) that
// answers its nth request with the nth scripted response, as the stream events a provider model
// yields (`response_started`, `output_text_delta`, raw reasoning deltas, `response_done`). Every
// run event the adapter sees was produced by the SDK's runner, never written by hand.
import { Agent, Runner, tool, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { z } from 'zod';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createOpenAiAgentsAdapter, type OpenAiAgentsAdapter, type OpenAiAgentsAdapterOptions } from '../../src/adapters/openai-agents';

type StreamEvent = Awaited<ReturnType<Model['getStreamedResponse']> extends AsyncIterable<infer E> ? E : never>;
type OutputItem = Extract<StreamEvent, { type: 'response_done' }>['response']['output'][number];

/** One part of a scripted model response. */
export type ScriptPart =
  | { reasoning: string[] }
  | { text: string[] }
  | { call: { id: string; name: string; args: Record<string, unknown> } }
  /** The provider fails mid-response (after what was streamed before it). */
  | { fail: Error };

export const SCRIPTED_MODEL = 'scripted-model-1';

/** A scripted provider model: the nth request gets the nth response (the last one repeats). */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];

  constructor(private readonly responses: ScriptPart[][]) {}

  async getResponse(): Promise<ModelResponse> {
    throw new Error('the scripted model only streams');
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    this.requests.push(request);
    const n = this.requests.length;
    const parts = this.responses[Math.min(n - 1, this.responses.length - 1)]!;
    yield { type: 'response_started' };
    const output: OutputItem[] = [];
    for (const [index, part] of parts.entries()) {
      if ('fail' in part) {
        // The failure arrives a little after the last delta, as a provider's would: when a run
        // errors, the SDK errors its stream and drops events still queued, so a failure thrown in
        // the same tick as a delta would race the reader for it.
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw part.fail;
      }
      if ('reasoning' in part) {
        for (const delta of part.reasoning) yield { type: 'model', event: { type: 'response.reasoning_summary_text.delta', item_id: `rs_${n}`, delta } };
        output.push({ type: 'reasoning', id: `rs_${n}`, content: [{ type: 'input_text', text: part.reasoning.join('') }] });
      } else if ('text' in part) {
        const id = `msg_${n}_${index}`;
        for (const delta of part.text) yield { type: 'output_text_delta', itemId: id, delta };
        output.push({ type: 'message', id, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: part.text.join('') }] });
      } else {
        output.push({ type: 'function_call', id: `fc_${part.call.id}`, callId: part.call.id, name: part.call.name, arguments: JSON.stringify(part.call.args), status: 'completed' });
      }
    }
    yield {
      type: 'response_done',
      response: { id: `resp_${n}`, usage: { requests: 1, inputTokens: 100 * n, outputTokens: 20, totalTokens: 100 * n + 20 }, output, providerData: { model: SCRIPTED_MODEL } },
    };
  }
}

/** A 60,000-character build log: far over the 2,000-character preview budget. */
export const LARGE_LOG = Array.from({ length: 1_500 }, (_, i) => `line ${String(i).padStart(4, '0')}: build step ok\n`).join('').padEnd(60_000, '.');

const pathInput = z.object({ path: z.string() });

export const TOOLS = {
  readFile: tool({ name: 'read_file', description: 'Reads a file', parameters: pathInput, execute: async ({ path }) => ({ path, content: '# AgentUI\n\nRun npm install.' }) }),
  readLog: tool({ name: 'read_log', description: 'Reads the build log', parameters: pathInput, execute: async () => LARGE_LOG }),
  writeFile: tool({ name: 'write_file', description: 'Writes a file', parameters: pathInput, needsApproval: true, execute: async ({ path }) => `wrote ${path}` }),
};

export interface OpenAiAgentsScenario {
  name: string;
  prompt: string;
  /** The agent the conversation starts with, on fresh scripted models. */
  agent: () => Agent;
  /** The answer given to each approval the run asks for. */
  decision?: 'approve' | 'reject';
  maxTurns?: number;
}

const assistant = (responses: ScriptPart[][], tools = Object.values(TOOLS)) =>
  new Agent({ name: 'Assistant', instructions: 'Help with the repository.', model: new ScriptedModel(responses), tools });

export const SCENARIOS = {
  text: {
    name: 'openai-agents-text',
    prompt: 'How is the kit built?',
    agent: () => assistant([[{ reasoning: ['The user asks ', 'about the build.'] }, { text: ['The kit is built ', 'with Vite in library mode.'] }]]),
  },
  largeOutput: {
    name: 'openai-agents-large-output',
    prompt: 'Show me the build log.',
    agent: () =>
      assistant([
        [{ text: ['Reading ', 'the log.'] }, { call: { id: 'call-log-1', name: 'read_log', args: { path: 'build.log' } } }],
        [{ text: ['The build log is long; ', 'every step passed.'] }],
      ]),
  },
  approval: {
    name: 'openai-agents-approval',
    prompt: 'Update the README title.',
    decision: 'approve',
    agent: () =>
      assistant([
        [{ text: ['I will write ', 'the README.'] }, { call: { id: 'call-write-1', name: 'write_file', args: { path: 'README.md' } } }],
        [{ text: ['README title ', 'updated.'] }],
      ]),
  },
  failure: {
    name: 'openai-agents-failure',
    prompt: 'What does the README say?',
    agent: () =>
      assistant([
        [{ call: { id: 'call-read-1', name: 'read_file', args: { path: 'README.md' } } }],
        // The provider answers HTTP 429 mid-response, as the `openai` client's RateLimitError does.
        [{ text: ['The README '] }, { fail: Object.assign(new Error('429 Rate limit reached for requests'), { status: 429 }) }],
      ]),
  },
  handoff: {
    name: 'openai-agents-handoff',
    prompt: 'Is my invoice paid?',
    agent: () => {
      const billing = new Agent({
        name: 'Billing',
        instructions: 'Answer billing questions.',
        handoffDescription: 'Invoices and payments',
        model: new ScriptedModel([[{ text: ['Your invoice ', 'is paid.'] }]]),
      });
      return new Agent({
        name: 'Triage',
        instructions: 'Route the user to the right agent.',
        model: new ScriptedModel([[{ text: ['Passing you to billing.'] }, { call: { id: 'call-handoff-1', name: 'transfer_to_Billing', args: {} } }]]),
        handoffs: [billing],
      });
    },
  },
} satisfies Record<string, OpenAiAgentsScenario>;

/** The adapter over a real Runner (tracing off: nothing leaves the process) on a fixed clock. */
export function scenarioAdapter(scenario: OpenAiAgentsScenario, options: Partial<OpenAiAgentsAdapterOptions> = {}): OpenAiAgentsAdapter {
  return createOpenAiAgentsAdapter({
    agent: scenario.agent(),
    runner: new Runner({ tracingDisabled: true }),
    sessionId: `sess-${scenario.name}`,
    threadId: 'thread-1',
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 250,
    ...(scenario.maxTurns !== undefined && { runOptions: { maxTurns: scenario.maxTurns } }),
    ...options,
  });
}
