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
