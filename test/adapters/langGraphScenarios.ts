// LangGraph runs for the adapter's tests and recorded fixtures: real compiled StateGraphs with a
// MemorySaver checkpointer, the prebuilt ToolNode and tools_condition, real `tool()`s, real
// `interrupt()`, and a scripted chat model subclassed from @langchain/core's own FakeListChatModel
// (it streams scripted AIMessageChunks, tool_call_chunks included, one script step per model call).
// Every chunk the adapter sees is written by the library's stream machinery, never by hand.
import { END, MemorySaver, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { AIMessageChunk, type AIMessageChunkFields, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk } from '@langchain/core/outputs';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { tool, type ToolRuntime } from '@langchain/core/tools';
import { z } from 'zod';
import type { RuntimeEventEnvelope } from '../../src/protocol/events';
import { createLangGraphAdapter, type LangGraphAdapter, type LangGraphAdapterOptions } from '../../src/adapters/langgraph';

/** One model call's answer: the chunks it streams, or the error it throws after streaming `before`. */
export type ScriptStep = AIMessageChunkFields[] | { before: AIMessageChunkFields[]; error: string };

/**
 * FakeListChatModel answers with fixed text only; this subclass streams scripted chunks (text,
 * tool_call_chunks, usage) and keeps its script position across `bindTools`, as a provider model
 * bound to tools would answer the next turn of the same conversation.
 */
export class ScriptedChatModel extends FakeListChatModel {
  private call = 0;
  constructor(private readonly steps: ScriptStep[]) {
    super({ responses: [''] });
  }

  override async *_streamResponseChunks(_messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const step = this.steps[Math.min(this.call, this.steps.length - 1)]!;
    this.call += 1;
    const chunks = Array.isArray(step) ? step : step.before;
    for (const fields of chunks) {
      if (options.signal?.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
      const text = typeof fields.content === 'string' ? fields.content : '';
      const chunk = new ChatGenerationChunk({ message: new AIMessageChunk(fields), text });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    }
    if (!Array.isArray(step)) throw new Error(step.error);
  }

  override bindTools(): this {
    return this;
  }
}

const text = (...deltas: string[]): AIMessageChunkFields[] => deltas.map((content) => ({ content }));
/** A streamed tool call: its name and id on the first chunk, its JSON args split in two. */
const toolCall = (id: string, name: string, args: Record<string, unknown>, index = 0): AIMessageChunkFields[] => {
  const json = JSON.stringify(args);
  const half = Math.ceil(json.length / 2);
  return [
    { content: '', tool_call_chunks: [{ id, name, args: json.slice(0, half), index, type: 'tool_call_chunk' }] },
    { content: '', tool_call_chunks: [{ args: json.slice(half), index, type: 'tool_call_chunk' }] },
  ];
};
const usage = (input_tokens: number, output_tokens: number): AIMessageChunkFields => ({
  content: '',
  usage_metadata: { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens },
});

/** A 60,000-character log: far over the 2,000-character preview budget. */
export const LARGE_LOG = Array.from({ length: 1_500 }, (_, i) => `line ${String(i).padStart(4, '0')}: build step ok\n`).join('').padEnd(60_000, '.');

const pathInput = z.object({ path: z.string() });

export const TOOLS = [
  tool(
    async ({ path }, runtime: ToolRuntime) => {
      // Progress the tool states itself, naming its own call: the adapter maps it to tool.progress.
      runtime.writer?.({ toolCallId: runtime.toolCallId, progress: 0.5, message: `reading ${path}` });
      return LARGE_LOG;
    },
    { name: 'read_log', description: 'Reads the build log', schema: pathInput },
  ),
  tool(
    async ({ path }, runtime: ToolRuntime) => {
      // Human in the loop: the graph suspends here until a Command({ resume }) answers.
      const answer = interrupt({ prompt: `Write ${path}?`, toolCallId: runtime.toolCallId, decisionKind: 'allow_or_deny' }) as { decision?: string };
      // A denial is an error the ToolNode reports as a ToolMessage with status 'error'.
      if (answer.decision !== 'allow') throw new Error(`the user answered ${String(answer.decision)}: ${path} was not written`);
      return JSON.stringify({ path, written: true });
    },
    { name: 'write_file', description: 'Writes a file', schema: pathInput },
  ),
  tool(
    async ({ path }): Promise<string> => {
      throw new Error(`npm test exited with code 1 (${path})`);
    },
    { name: 'run_tests', description: 'Runs the tests', schema: pathInput },
  ),
];

/** The ReAct-shaped graph product apps write: agent ⇄ tools until the model answers without tools. */
export function agentGraph(model: ScriptedChatModel, checkpointer: MemorySaver | false = new MemorySaver()) {
  const bound = model.bindTools();
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await bound.invoke(state.messages)] }))
    .addNode('tools', new ToolNode(TOOLS))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', toolsCondition, ['tools', END])
    .addEdge('tools', 'agent')
    .compile(checkpointer === false ? {} : { checkpointer });
}

export interface LangGraphScenario {
  name: string;
  prompt: string;
  steps: ScriptStep[];
  /** The answer given to each interrupt the run raises. */
  decision?: 'allow' | 'deny';
}

export const SCENARIOS = {
  text: {
    name: 'langgraph-text',
    prompt: 'How does LangGraph run a graph?',
    steps: [[...text('LangGraph runs ', 'the graph ', 'node by node.'), usage(42, 9)]],
  },
  tool: {
    name: 'langgraph-tool',
    prompt: 'Show me the build log.',
    steps: [
      [...text('Reading the log.'), ...toolCall('call-log-1', 'read_log', { path: 'build.log' }), usage(50, 12)],
      [...text('The build log is long; ', 'every step passed.'), usage(2_100, 8)],
    ],
  },
  approval: {
    name: 'langgraph-approval',
    prompt: 'Update the README title.',
    decision: 'allow',
    steps: [
      [...text('I will write ', 'the README.'), ...toolCall('call-write-1', 'write_file', { path: 'README.md' })],
      [...text('README title ', 'updated.')],
    ],
  },
  failure: {
    name: 'langgraph-failure',
    prompt: 'Run the test suite.',
    steps: [[...toolCall('call-test-1', 'run_tests', { path: '.' })], { before: text('The tests '), error: 'model overloaded' }],
  },
} satisfies Record<string, LangGraphScenario>;

/** The adapter over the scenario's graph, on a fixed clock. */
export function scenarioAdapter(scenario: LangGraphScenario, options: Partial<LangGraphAdapterOptions> = {}): LangGraphAdapter {
  return createLangGraphAdapter({
    graph: agentGraph(new ScriptedChatModel(scenario.steps)),
    sessionId: `sess-${scenario.name}`,
    threadId: 'thread-1',
    clock: (sequence) => Date.UTC(2026, 5, 9, 10, 0, 0) + sequence * 250,
    ...options,
  });
}
