import { iterate, type FrameworkStream } from '../core/adapterSource';

/** The stream modes the adapter maps; `graph.stream(input, { streamMode: LANGGRAPH_STREAM_MODES })`. */
export const LANGGRAPH_STREAM_MODES = ['messages', 'updates', 'custom'] as const;

/**
 * One chunk of `graph.stream` with an array `streamMode`: `[mode, payload]`, or, with
 * `subgraphs: true`, `[namespace, mode, payload]` (the namespace names the subgraph it came from).
 */
export type LangGraphStreamChunk = [string, unknown] | [string[], string, unknown];

/**
 * What the LangGraph adapter reads: the stream `graph.stream(...)` resolves to, or any iterable of
 * its chunks (typed `unknown`: each graph types its chunks from its own state; the mapper reads them).
 */
export type LangGraphChunkSource = FrameworkStream<unknown>;

export interface ModeChunk {
  mode: string;
  payload: unknown;
  /** The subgraph path (empty for the root graph). */
  namespace: readonly string[];
}

const ROOT: readonly string[] = [];

/** Reads a chunk tuple as mode, payload and namespace; anything else is not a multi-mode chunk. */
export function readChunk(chunk: unknown): ModeChunk | undefined {
  if (!Array.isArray(chunk)) return undefined;
  if (chunk.length === 2 && typeof chunk[0] === 'string') return { mode: chunk[0], payload: chunk[1], namespace: ROOT };
  if (chunk.length === 3 && Array.isArray(chunk[0]) && typeof chunk[1] === 'string') {
    return { mode: chunk[1], payload: chunk[2], namespace: chunk[0].filter((part): part is string => typeof part === 'string') };
  }
  return undefined;
}

/** `graph.stream` resolves to an IterableReadableStream: read it (and cancel it on early exit) like any stream. */
export function langGraphChunks(source: LangGraphChunkSource): AsyncIterable<unknown> {
  return iterate(source);
}
