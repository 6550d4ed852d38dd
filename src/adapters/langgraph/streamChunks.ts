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

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a chunk as mode, payload and namespace: a multi-mode tuple, or what a single mode yields
 * bare: `graph.stream(input)` with a StateGraph's default `updates` mode gives `{ node: update }`
 * objects, `streamMode: 'messages'` gives `[message, metadata]` pairs. Anything else is unreadable.
 */
export function readChunk(chunk: unknown): ModeChunk | undefined {
  if (isPlainObject(chunk)) return { mode: 'updates', payload: chunk, namespace: ROOT };
  if (!Array.isArray(chunk)) return undefined;
  if (chunk.length === 2 && isPlainObject(chunk[0]) && isPlainObject(chunk[1])) return { mode: 'messages', payload: chunk, namespace: ROOT };
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
