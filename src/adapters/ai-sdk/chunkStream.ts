import type { UIMessageChunk } from 'ai';
import { SseParser } from '../../stream/sseParser';
import { iterate, type FrameworkStream } from '../core/adapterSource';

/** What the AI SDK adapter reads: a UIMessageChunk stream, or a `/api/chat` response (SSE of chunks). */
export type UIMessageChunkSource = FrameworkStream<UIMessageChunk> | Response;

/**
 * The chat endpoint answered an HTTP error instead of a stream: its status and (capped) body, so
 * the turn fails as what it is (rate limited, the server failed, the request refused), not as a
 * broken stream.
 */
export class ChatEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the chat endpoint answered HTTP ${status}${body === '' ? '' : `: ${body}`}`);
    this.name = 'ChatEndpointError';
  }
}

/** Characters of an error body kept: enough for a provider's message, never a whole HTML page. */
const ERROR_BODY_LIMIT = 500;

/** The error text of a response body: its JSON `error`/`message` when it has one, else the text. */
async function errorBody(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = json.error as { message?: unknown } | string | undefined;
    const message = typeof error === 'string' ? error : typeof error?.message === 'string' ? error.message : typeof json.message === 'string' ? json.message : undefined;
    if (message !== undefined) return message.slice(0, ERROR_BODY_LIMIT);
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, ERROR_BODY_LIMIT);
}

/**
 * The chunks of an AI SDK UI message stream response (`createUIMessageStreamResponse`,
 * `toUIMessageStreamResponse`): SSE `data:` frames of JSON chunks, ended by `[DONE]`.
 * A frame that is not JSON is skipped: the mapper only ever sees chunks the SDK wrote.
 */
async function* responseChunks(response: Response): AsyncGenerator<UIMessageChunk> {
  if (!response.ok) throw new ChatEndpointError(response.status, await errorBody(response));
  if (response.body === null) return;
  const ready: UIMessageChunk[] = [];
  const parser = new SseParser((message) => {
    if (message.data === '[DONE]') return;
    try {
      ready.push(JSON.parse(message.data) as UIMessageChunk);
    } catch {
      // not a chunk
    }
  });
  const decoder = new TextDecoder();
  for await (const bytes of iterate(response.body)) {
    parser.push(decoder.decode(bytes, { stream: true }));
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.end();
  while (ready.length > 0) yield ready.shift()!;
}

/**
 * Reads AI SDK UI message chunks from a `Response` (SSE body of `/api/chat`), a `ReadableStream` or
 * an `AsyncIterable`, in order. A malformed SSE line throws from the iterator.
 */
export function uiMessageChunks(source: UIMessageChunkSource): AsyncIterable<UIMessageChunk> {
  if (typeof Response !== 'undefined' && source instanceof Response) return responseChunks(source);
  // An AsyncIterable is read as is: a wrapping generator would cost microtasks on every chunk.
  if (!(typeof ReadableStream !== 'undefined' && source instanceof ReadableStream)) return source as AsyncIterable<UIMessageChunk>;
  return iterate(source);
}
