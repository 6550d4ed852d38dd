// Reads @langchain/core messages by their documented fields (type, content, tool_call_chunks,
// tool_calls, tool_call_id, status, usage_metadata), so the adapter needs no runtime import of
// @langchain/core and reads a message from any copy of it alike.

export interface ToolCallChunkView {
  id?: string;
  name?: string;
  args?: string;
  index?: number;
}

export interface ToolCallView {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

export interface InvalidToolCallView {
  id: string;
  name?: string;
  args?: string;
  error?: string;
}

export interface UsageView {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export interface MessageView {
  kind: 'ai' | 'tool' | 'human' | 'system' | 'other';
  /** A streamed piece (a BaseMessageChunk), not a whole message. */
  chunk: boolean;
  id?: string;
  text: string;
  reasoning: string;
  toolCallChunks: ToolCallChunkView[];
  toolCalls: ToolCallView[];
  invalidToolCalls: InvalidToolCallView[];
  /** Tool messages: the call they answer, their status and the tool's name. */
  toolCallId?: string;
  status?: string;
  name?: string;
  /** The whole content of a tool message, as text. */
  output?: string;
  usage?: UsageView;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

const KINDS: Record<string, MessageView['kind']> = {
  ai: 'ai',
  AIMessageChunk: 'ai',
  tool: 'tool',
  ToolMessageChunk: 'tool',
  human: 'human',
  HumanMessageChunk: 'human',
  system: 'system',
  SystemMessageChunk: 'system',
};

/** Is this a LangChain message (an instance, which has `_getType`, or its plain serialized form)? */
export function isMessage(value: unknown): value is Loose {
  return isObject(value) && (typeof value._getType === 'function' || (typeof value.type === 'string' && 'content' in value));
}

function messageType(message: Loose): string {
  if (typeof message.type === 'string') return message.type;
  return typeof message._getType === 'function' ? String((message._getType as () => unknown).call(message)) : 'other';
}

/** Text and reasoning of a content: a string, or standard content blocks (text, reasoning, thinking). */
function readContent(content: unknown): { text: string; reasoning: string } {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  let text = '';
  let reasoning = '';
  if (Array.isArray(content)) {
    for (const block of content) {
      if (typeof block === 'string') text += block;
      else if (isObject(block)) {
        if (block.type === 'text' && typeof block.text === 'string') text += block.text;
        else if (block.type === 'reasoning' && typeof block.reasoning === 'string') reasoning += block.reasoning;
        else if (block.type === 'thinking' && typeof block.thinking === 'string') reasoning += block.thinking;
      }
    }
  }
  return { text, reasoning };
}

/** A tool output as text: strings as they are, anything else as JSON. */
function outputText(content: unknown): string {
  if (typeof content === 'string') return content;
  const { text } = readContent(content);
  if (text !== '' || (Array.isArray(content) && content.length === 0)) return text;
  return JSON.stringify(content) ?? '';
}

function readUsage(value: unknown): UsageView | undefined {
  if (!isObject(value)) return undefined;
  const usage: UsageView = {};
  const input = num(value.input_tokens);
  const output = num(value.output_tokens);
  const total = num(value.total_tokens);
  if (input !== undefined) usage.inputTokens = input;
  if (output !== undefined) usage.outputTokens = output;
  if (total !== undefined) usage.totalTokens = total;
  return Object.keys(usage).length > 0 ? usage : undefined;
}

const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);

export function readMessage(message: Loose): MessageView {
  const { text, reasoning } = readContent(message.content);
  const view: MessageView = {
    kind: KINDS[messageType(message)] ?? 'other',
    chunk: typeof message.concat === 'function' || messageType(message).endsWith('Chunk'),
    text,
    reasoning,
    toolCallChunks: list(message.tool_call_chunks).map((c) => ({ id: str(c.id), name: str(c.name), args: str(c.args), index: num(c.index) })),
    toolCalls: list(message.tool_calls).flatMap((c) =>
      typeof c.id === 'string' && typeof c.name === 'string' ? [{ id: c.id, name: c.name, args: isObject(c.args) ? c.args : {} }] : [],
    ),
    invalidToolCalls: list(message.invalid_tool_calls).flatMap((c) =>
      typeof c.id === 'string' ? [{ id: c.id, name: str(c.name), args: str(c.args), error: str(c.error) }] : [],
    ),
  };
  const id = str(message.id);
  if (id !== undefined) view.id = id;
  const usage = readUsage(message.usage_metadata);
  if (usage !== undefined) view.usage = usage;
  if (view.kind === 'tool') {
    const toolCallId = str(message.tool_call_id);
    if (toolCallId !== undefined) view.toolCallId = toolCallId;
    const status = str(message.status);
    if (status !== undefined) view.status = status;
    const name = str(message.name);
    if (name !== undefined) view.name = name;
    view.output = outputText(message.content);
  }
  return view;
}

/**
 * The messages a node's state update carries, in order: every message value, and every message in
 * an array value (`{ messages: [...] }`), as LangGraph's own messages stream mode collects them.
 */
export function messagesOf(update: unknown): Loose[] {
  const found: Loose[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (isMessage(value)) found.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, depth);
    else if (depth === 0 && isObject(value)) for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(update, 0);
  return found;
}
