import type { RuntimeEventSource } from '../../stream/types';
import { iterableSource } from '../../stream/iterableSource';
import type { AdapterContext, ToRuntimeEvents } from '../../protocol/providerAdapter';

/** A framework's stream: an AsyncIterable, or a web ReadableStream (not async-iterable in every browser). */
export type FrameworkStream<T> = AsyncIterable<T> | ReadableStream<T>;

/** Iterates a ReadableStream or an AsyncIterable alike; returning early releases the stream's lock. */
export async function* iterate<T>(stream: FrameworkStream<T>): AsyncGenerator<T> {
  if (!(typeof ReadableStream !== 'undefined' && stream instanceof ReadableStream)) {
    yield* stream as AsyncIterable<T>;
    return;
  }
  const reader = stream.getReader();
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // Cancelling (rather than releasing) tells the producer nobody reads any more.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * A `RuntimeEventSource` over any framework stream: the adapter's `toRuntimeEvents` maps it to
 * profile events, and the kit's stream layer (`connectRuntimeStream`, `useRuntimeStream`)
 * consumes it like any transport, cursor included.
 */
export function adapterSource<Source>(source: Source, toRuntimeEvents: ToRuntimeEvents<Source>, context: AdapterContext): RuntimeEventSource {
  return iterableSource(toRuntimeEvents(source, context));
}
