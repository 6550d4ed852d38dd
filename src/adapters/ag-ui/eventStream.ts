import type { BaseEvent } from '@ag-ui/core';

/** The part of an rxjs `Observable` the adapter needs (AG-UI agents return rxjs observables). */
export interface ObservableLike<T> {
  subscribe(observer: { next(value: T): void; error(error: unknown): void; complete(): void }): { unsubscribe(): void };
}

/** AG-UI events as a stream: an `AsyncIterable`, or an rxjs-style `Observable` (`agent.run(input)`). */
export type AgUiEventSource = AsyncIterable<BaseEvent> | ObservableLike<BaseEvent>;

/** A push queue read as an async iterable: producers push, one consumer awaits. */
export class PushQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private done = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;
  /** Called when the consumer stops reading early. */
  onReturn: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  close(): void {
    this.done = true;
    this.wake?.();
  }

  fail(error: unknown): void {
    this.failure = { error };
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    let finished = false;
    try {
      for (;;) {
        while (this.items.length > 0) yield this.items.shift()!;
        if (this.done) {
          finished = true;
          if (this.failure !== undefined) throw this.failure.error;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      if (!finished) this.onReturn?.();
    }
  }
}

const isObservable = (source: AgUiEventSource): source is ObservableLike<BaseEvent> =>
  typeof (source as Partial<ObservableLike<BaseEvent>>).subscribe === 'function' && !(Symbol.asyncIterator in source);

/** Iterates AG-UI events from either source; leaving early unsubscribes from an observable. */
export function agUiEvents(source: AgUiEventSource): AsyncIterable<BaseEvent> {
  if (!isObservable(source)) return source;
  const queue = new PushQueue<BaseEvent>();
  const subscription = source.subscribe({ next: (event) => queue.push(event), error: (error) => queue.fail(error), complete: () => queue.close() });
  queue.onReturn = () => subscription.unsubscribe();
  return queue;
}
