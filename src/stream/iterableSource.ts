import { cursorTracker } from './streamCursor';
import type { RuntimeEventSource, SourceHandlers } from './types';

/**
 * Events from an AsyncIterable, such as `RuntimeProviderAdapter.startTurn`. Items that arrive
 * in the same microtask burst are delivered together; close() stops the iterator.
 */
export function iterableSource(iterable: AsyncIterable<unknown>): RuntimeEventSource {
  let closed = false;
  let iterator: AsyncIterator<unknown> | undefined;
  let handlers: SourceHandlers | undefined;
  const cursor = cursorTracker();

  async function run(): Promise<void> {
    handlers?.status?.('open');
    iterator = iterable[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await iterator.next();
        if (closed) return;
        if (next.done) break;
        cursor.note([next.value]);
        handlers?.events([next.value]);
      }
      handlers?.status?.('ended');
    } catch (error) {
      if (closed) return;
      const message = error instanceof Error ? error.message : String(error);
      handlers?.diagnostic?.({ code: 'stream_failed', severity: 'error', message: `the turn stream failed: ${message}` });
      handlers?.status?.('error', { error: message });
    }
  }

  return {
    start(h) {
      handlers = h;
      void run();
    },
    close() {
      closed = true;
      void iterator?.return?.()?.catch?.(() => undefined);
      handlers = undefined;
    },
    cursor: () => cursor.get(),
  };
}
