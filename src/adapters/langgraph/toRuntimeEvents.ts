import type { RuntimeEventEnvelope } from '../../protocol/events';
import { scopeFromContext } from '../core/adapterScope';
import { MappedStream } from '../core/mappedStream';
import type { AdapterContext } from '../../protocol/providerAdapter';
import { errorMessage, isAbort, streamInterrupted } from './failures';
import { LangGraphChunkMapper, type LangGraphMapperOptions } from './mapChunks';
import { langGraphChunks, type LangGraphChunkSource } from './streamChunks';

/** The `runtimeId` LangGraph adapter events carry unless the app names another. */
export const LANGGRAPH_RUNTIME_ID = 'langgraph';

/** Errors a reader raises when the connection under a remote stream breaks (not the graph's own errors). */
const TRANSPORT_ERRORS = new Set(['TypeError', 'NetworkError', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function isTransportError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (typeof code === 'string' && TRANSPORT_ERRORS.has(code)) || (name === 'TypeError' && /fetch|network|socket|terminated/i.test(errorMessage(error)));
}

/**
 * Runs one `graph.stream` through a turn's mapper, yielding profile events as chunks arrive.
 * A run error fails the turn with its category; an abort cancels it; a stream that ends while a
 * node is still running fails it as `stream_interrupted`; an `interrupt()` suspends it.
 */
export function mapStream(source: LangGraphChunkSource, mapper: LangGraphChunkMapper, signal?: AbortSignal): AsyncGenerator<RuntimeEventEnvelope> {
  return new MappedStream(() => langGraphChunks(source), {
    begin: (out) => mapper.begin(out),
    map: (chunk, out) => mapper.map(chunk, out),
    fail: (error, out) => {
      if (signal?.aborted === true || isAbort(error)) mapper.cancel(out, 'aborted');
      else if (isTransportError(error)) mapper.fail(out, streamInterrupted(errorMessage(error)));
      else mapper.error(out, error);
    },
    // After a failure the turn has ended, and `finish` adds nothing to an ended turn.
    end: (out) => mapper.finish(out),
  });
}

/** Options of the LangGraph mapping: output preview budget and spill, the event clock, the id prefix. */
export interface LangGraphMappingOptions extends Pick<LangGraphMapperOptions, 'previewBudget' | 'spill'> {
  /** The event clock (a fixed one records byte-stable fixtures). */
  clock?: (sequence: number) => number | Date | string;
  idPrefix?: string;
}

/**
 * The LangGraph mapping: the chunks of `graph.stream(input, { streamMode: ['messages', 'updates',
 * 'custom'] })` to Lime profile events, sequences starting after `context.sequence ?? 0`.
 */
export function toRuntimeEvents(source: LangGraphChunkSource, context: AdapterContext, options: LangGraphMappingOptions = {}): AsyncIterable<RuntimeEventEnvelope> {
  const { factory, ids } = scopeFromContext(context, { runtimeId: LANGGRAPH_RUNTIME_ID, prefix: 'lg' }, options);
  const mapper = new LangGraphChunkMapper({ factory, ids, turnId: context.turnId ?? ids.turn(), previewBudget: options.previewBudget, spill: options.spill });
  return mapStream(source, mapper);
}
