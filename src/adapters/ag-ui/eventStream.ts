import type { BaseEvent } from '@ag-ui/core';
import { PushQueue } from '../core/pushQueue';

export { PushQueue };

/** The part of an rxjs `Observable` the adapter needs (AG-UI agents return rxjs observables). */
export interface ObservableLike<T> {
  subscribe(observer: { next(value: T): void; error(error: unknown): void; complete(): void }): { unsubscribe(): void };
}

/** AG-UI events as a stream: an `AsyncIterable`, or an rxjs-style `Observable` (`agent.run(input)`). */
export type AgUiEventSource = AsyncIterable<BaseEvent> | ObservableLike<BaseEvent>;

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
