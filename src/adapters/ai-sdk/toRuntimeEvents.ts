import type { RuntimeEventEnvelope } from '../../protocol/events';
import { scopeFromContext } from '../core/adapterScope';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { uiMessageChunks, type UIMessageChunkSource } from './chunkStream';
import { ChunkMapper, type ChunkMapperOptions } from './mapChunks';

/** The `runtimeId` AI SDK adapter events carry unless the app names another. */
export const AI_SDK_RUNTIME_ID = 'ai-sdk';

/**
 * Runs one chunk stream through a turn's mapper, yielding profile events as chunks arrive.
 * A stream that ends without `finish` (or throws) fails the turn as `stream_interrupted`,
 * unless it stopped to wait for an approval.
 */
export async function* mapStream(source: UIMessageChunkSource, mapper: ChunkMapper): AsyncGenerator<RuntimeEventEnvelope> {
  const out: RuntimeEventEnvelope[] = [];
  try {
    for await (const chunk of uiMessageChunks(source)) {
      mapper.map(chunk, out);
      if (out.length > 0) {
        for (const event of out) yield event;
        out.length = 0;
      }
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') mapper.cancel(out, 'aborted');
    else mapper.cut(out, error);
  }
  if (mapper.end === 'open' && !mapper.awaitingApproval) mapper.cut(out);
  yield* out;
}

/** Options of the AI SDK mapping: output preview budget and spill, the event clock, the id prefix. */
export interface AiSdkMappingOptions extends Pick<ChunkMapperOptions, 'previewBudget' | 'spill'> {
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
  const mapper = new ChunkMapper({ factory, ids, turnId: context.turnId ?? ids.turn(), previewBudget: options.previewBudget, spill: options.spill });
  return mapStream(source, mapper);
}
