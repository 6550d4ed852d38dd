import type { JsonObject } from '../../protocol/events';

/** A typed failure (SPEC section 4, rule 8): what broke, whether a retry can help, what to do. */
export interface LangGraphFailure extends JsonObject {
  failureCategory: string;
  message: string;
  recoveryHint: string;
  retryable?: boolean;
}

const errorName = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : undefined;

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { lc_error_code?: unknown }).lc_error_code === 'string'
    ? (error as { lc_error_code: string }).lc_error_code
    : undefined;

/** The error's own message, without the troubleshooting URL LangGraph appends to coded errors. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return message.split('\n\nTroubleshooting URL:')[0]!.trim();
}

/** An abort (cancelTurn, or the caller's signal) ends the turn as cancelled, not failed. */
export function isAbort(error: unknown): boolean {
  const name = errorName(error);
  return name === 'AbortError' || (error instanceof Error && error.message === 'Abort');
}

/**
 * What a LangGraph run error means, from the facts the error carries (its class name and
 * `lc_error_code`), never from its prose. `node` is the node that was running when the run
 * broke, when the stream named exactly one.
 */
export function classifyGraphError(error: unknown, node?: string): LangGraphFailure {
  const message = errorMessage(error);
  const name = errorName(error);
  const code = errorCode(error);
  if (name === 'GraphRecursionError' || code === 'GRAPH_RECURSION_LIMIT') {
    return {
      failureCategory: 'recursion_limit',
      message,
      retryable: false,
      recoveryHint: 'The graph reached its recursion limit without finishing: raise recursionLimit or check the condition that ends its loop.',
    };
  }
  if (code === 'MISSING_CHECKPOINTER') {
    return {
      failureCategory: 'configuration',
      message,
      retryable: false,
      recoveryHint: 'Compile the graph with a checkpointer (MemorySaver or a persistent one) so it can suspend and resume.',
    };
  }
  if (name === 'InvalidUpdateError' || name === 'GraphValueError' || name === 'EmptyInputError' || name === 'UnreachableNodeError' || name === 'StateGraphInputError') {
    return {
      failureCategory: 'graph_error',
      message,
      retryable: false,
      recoveryHint: `The graph definition rejected the run${code !== undefined ? ` (${code})` : ''}: fix the graph or its input; sending again gives the same error.`,
    };
  }
  if (name === 'NodeTimeoutError') {
    return { failureCategory: 'timeout', message, retryable: true, recoveryHint: 'A node ran past its timeout: send the message again, or raise the node timeout.' };
  }
  const where = node === undefined ? 'a node' : `node "${node}"`;
  return {
    failureCategory: 'node_error',
    message,
    recoveryHint: `The graph stopped in ${where}: send the message again; the checkpoint keeps the steps that completed.`,
  };
}

/** A stream that ended (or broke) while the graph was still working: the turn did not complete. */
export function streamInterrupted(detail: string): LangGraphFailure {
  return {
    failureCategory: 'stream_interrupted',
    message: `The LangGraph stream broke: ${detail}`,
    recoveryHint: 'Reload the thread: the checkpoint has what the graph finished; send the message again for the rest.',
  };
}
