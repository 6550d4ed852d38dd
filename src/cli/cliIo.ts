/** What the CLI reads and writes through: the process's files and streams, or a test's memory. */
export interface CliIo {
  /** The input in chunks: a path, or `-` for standard input. Iterating fails with the reason it cannot be read. */
  input(path: string): AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
  out(text: string): void;
  err(text: string): void;
  /** True once standard output is gone (`agentui validate … | head`): stop reading, exit quietly. */
  outputClosed?(): boolean;
  /**
   * A promise while the output holds more than its reader has taken (a slow `| less`): reading
   * waits for it, so memory stays bounded by the output buffer, not by the input. Undefined when
   * the output can take more.
   */
  outputBacklog?(): Promise<void> | undefined;
  /**
   * Writes what is held and settles: resolves once the output took it or failed. The CLI calls it
   * before it chooses its exit code, so a write that fails at the end is still reported.
   */
  flush?(): Promise<void>;
  /** Why standard output could not be written (`ENOSPC` on a full disk), once a write failed; a reader that closed the pipe early is not a failure. */
  outputError?(): string | undefined;
}
