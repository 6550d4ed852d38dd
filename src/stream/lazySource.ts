import type { LazyModule } from './lazyModule';
import type { RuntimeEventSource, SourceHandlers } from './types';

// The rarer sources (a WebSocket, an async iterable, a history read before the live stream) are
// chunks of their own: the README's app streams SSE and never loads them. Their connections are
// asynchronous already; once the chunk has arrived a source starts at once, as a static one did.

/**
 * The source `make` builds from `module`, started when the module has arrived; closed (and its
 * load's result ignored) whether or not it has. `resumable` says whether the source `make` builds
 * can `resumeFrom` a cursor: the connection reads that capability before the module is there.
 */
export function lazySource<M>(module: LazyModule<M>, make: (loaded: M) => RuntimeEventSource, resumable: boolean): RuntimeEventSource {
  let inner: RuntimeEventSource | undefined;
  let closed = false;
  let starts = 0;
  const ready = (): RuntimeEventSource | undefined => {
    const loaded = module.loaded();
    if (!inner && loaded) inner = make(loaded);
    return inner;
  };
  const source: RuntimeEventSource = {
    start(handlers: SourceHandlers) {
      closed = false;
      const now = ready();
      if (now) return now.start(handlers);
      // Only the latest start goes on once the chunk arrives (a close and a restart meanwhile).
      const start = ++starts;
      module.load().then(
        () => {
          if (!closed && start === starts) ready()!.start(handlers);
        },
        (error: unknown) => {
          if (!closed && start === starts) handlers.status?.('error', { error: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    close() {
      closed = true;
      inner?.close();
    },
    cursor: () => inner?.cursor(),
  };
  if (resumable) source.resumeFrom = (cursor) => ready()?.resumeFrom?.(cursor);
  return source;
}
