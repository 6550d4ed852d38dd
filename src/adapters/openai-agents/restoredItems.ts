import type { AgentInputItem } from '@openai/agents';
import type { JsonObject } from '../../protocol/events';

/** The text of a message item's content: a string, or its text parts (`input_text`, `output_text`). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
}

/**
 * The messages of a saved conversation, as a `messages.snapshot` lists them: what the user and
 * the assistant said, in order, final. Tool calls and reasoning stay in the model's input only
 * (saved items keep no timing or turn outcome the kit could show).
 */
export function restoredItems(items: readonly AgentInputItem[]): JsonObject[] {
  const listed: JsonObject[] = [];
  items.forEach((item, index) => {
    const message = item as { type?: string; role?: string; content?: unknown; id?: string };
    if ((message.type !== undefined && message.type !== 'message') || (message.role !== 'user' && message.role !== 'assistant')) return;
    const text = contentText(message.content);
    if (text === '') return;
    listed.push({ messageId: typeof message.id === 'string' && message.id !== '' ? message.id : `restored-${index}`, role: message.role, text, final: true });
  });
  return listed;
}
