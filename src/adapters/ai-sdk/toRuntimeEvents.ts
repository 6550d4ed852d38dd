import type { RuntimeEventEnvelope } from '../../protocol/events';
import { scopeFromContext } from '../core/adapterScope';
import { MappedStream } from '../core/mappedStream';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { ChatEndpointError, uiMessageChunks, type UIMessageChunkSource } from './chunkStream';
import { ChunkMapper, type ChunkMapperOptions } from './mapChunks';

/** The `runtimeId` AI SDK adapter events carry unless the app names another. */
export const AI_SDK_RUNTIME_ID = 'ai-sdk';

/**
 * Runs one chunk stream through a turn's mapper, yielding profile events as chunks arrive.
 * A stream that ends without `finish` (or throws) fails the turn as `stream_interrupted`,
 * unless it stopped to wait for an approval.
 */
export function mapStream(source: UIMessageChunkSource, mapper: ChunkMapper): AsyncGenerator<RuntimeEventEnvelope> {
  return new MappedStream(() => uiMessageChunks(source), {
    map: (chunk, out) => mapper.map(chunk, out),
    fail: (error, out) => {
      if (error instanceof Error && error.name === 'AbortError') mapper.cancel(out, 'aborted');
      else if (error instanceof ChatEndpointError) endpointFailure(mapper, error, out);
      else mapper.cut(out, error);
    },
    end: (out) => {
      if (mapper.end === 'open' && !mapper.awaitingInput) mapper.cut(out);
    },
  });
}

/** An HTTP error from the chat endpoint, typed by its status, with the endpoint's own words kept. */
export function endpointFailure(mapper: ChunkMapper, error: ChatEndpointError, out: RuntimeEventEnvelope[]): void {
  mapper.begin(out);
  const detail = { httpStatus: error.status };
  if (error.status === 429) {
    mapper.fail(out, 'rate_limited', error.message, 'The model provider is rate limiting: wait, then send the message again.', true, detail);
  } else if (error.status >= 500) {
    mapper.fail(out, 'server_error', error.message, 'The chat server failed: send the message again; if it keeps failing, check the server.', true, detail);
  } else if (error.status === 401 || error.status === 403) {
    mapper.fail(out, 'unauthorized', error.message, 'The chat endpoint refused the credentials: sign in again or check the API key.', false, detail);
  } else {
    mapper.fail(out, 'request_rejected', error.message, 'The chat endpoint refused the request: check what the app sends it.', false, detail);
  }
}

/** Options of the AI SDK mapping: output preview budget and spill, the event clock, the id prefix. */
export interface AiSdkMappingOptions extends Pick<ChunkMapperOptions, 'previewBudget' | 'spill' | 'onData'> {
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: (sequence: number) => number | Date | string;
  idPrefix?: string;
}

/**
 * The AI SDK mapping: a `UIMessageChunk` stream (`streamText(...).toUIMessageStream()`, an
 * `AsyncIterable` of chunks, or a `/api/chat` `Response`) to Lime profile events, sequences
 * starting after `context.sequence ?? 0`.
 */
export function toRuntimeEvents(source: UIMessageChunkSource, context: AdapterContext, options: AiSdkMappingOptions = {}): AsyncIterable<RuntimeEventEnvelope> {
  const { factory, ids } = scopeFromContext(context, { runtimeId: AI_SDK_RUNTIME_ID, prefix: 'ai' }, options);
  const mapper = new ChunkMapper({ factory, ids, turnId: context.turnId ?? ids.turn(), previewBudget: options.previewBudget, spill: options.spill, onData: options.onData });
  return mapStream(source, mapper);
}
