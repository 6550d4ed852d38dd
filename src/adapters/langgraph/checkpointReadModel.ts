import type { JsonObject } from '../../protocol/events';
import type { ThreadReadModelSnapshot } from '../../protocol/snapshots';
import { readMessage } from './readMessage';

/** What `graph.getState(config)` returns that the read model uses: the state's values. */
export interface LangGraphStateView {
  values?: unknown;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The thread's conversation as the checkpoint holds it: user and assistant messages with their text. */
function checkpointMessages(state: LangGraphStateView, messageIds: ReadonlyMap<string, string>): JsonObject[] {
  const values = isObject(state.values) ? state.values : {};
  const list = Array.isArray(values.messages) ? values.messages.filter(isObject) : [];
  const out: JsonObject[] = [];
  for (const message of list) {
    const view = readMessage(message);
    if (view.id === undefined || (view.kind !== 'ai' && view.kind !== 'human')) continue;
    // Ids the thread's events used; a message no event named (written before this adapter ran) keeps LangGraph's id.
    const messageId = view.kind === 'human' ? view.id : (messageIds.get(view.id) ?? `langgraph:${view.id}`);
    out.push({ messageId, role: view.kind === 'human' ? 'user' : 'assistant', final: true, text: view.text });
  }
  return out;
}

/** The recorded message with the checkpoint's text: its text parts become the one text the checkpoint holds. */
function withText(recorded: JsonObject, text: string): JsonObject {
  if (recorded.text === text) return { ...recorded, final: true };
  const parts = Array.isArray(recorded.parts) ? (recorded.parts as JsonObject[]) : [];
  const first = parts.findIndex((part) => part.kind === 'text');
  const rest = parts.filter((part) => part.kind !== 'text');
  const textPart: JsonObject = { kind: 'text', text, done: true };
  const merged = first < 0 ? [textPart, ...rest] : [...rest.slice(0, first), textPart, ...rest.slice(first)];
  return { ...recorded, text, final: true, parts: merged };
}

/**
 * `readThread` for a graph with a checkpointer: the checkpoint is the authority for the
 * conversation (its messages and their whole text), the recorded events for the facts a
 * checkpoint does not hold (turn lifecycle, tool rows, actions, failures). Both orders are kept:
 * a message only the checkpoint holds (written before this adapter ran, or streamed after the
 * connection broke) comes where the checkpoint has it, under LangGraph's id and without a turn.
 */
export function checkpointReadModel(recorded: ThreadReadModelSnapshot, state: LangGraphStateView, messageIds: ReadonlyMap<string, string>): ThreadReadModelSnapshot {
  const fromCheckpoint = checkpointMessages(state, messageIds);
  const position = new Map(fromCheckpoint.map((m, index) => [m.messageId as string, index]));
  const recordedMessages = (recorded.messages ?? []) as JsonObject[];
  const recordedIds = new Set(recordedMessages.map((m) => m.messageId as string));
  const messages: JsonObject[] = [];
  let next = 0;
  const flushUntil = (end: number) => {
    for (; next < end; next += 1) if (!recordedIds.has(fromCheckpoint[next]!.messageId as string)) messages.push(fromCheckpoint[next]!);
  };
  for (const message of recordedMessages) {
    const index = position.get(message.messageId as string);
    if (index === undefined) {
      messages.push(message);
      continue;
    }
    flushUntil(index);
    next = Math.max(next, index + 1);
    messages.push(withText(message, fromCheckpoint[index]!.text as string));
  }
  flushUntil(fromCheckpoint.length);
  return { ...recorded, messages };
}
