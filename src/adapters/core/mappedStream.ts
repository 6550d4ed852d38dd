import type { RuntimeEventEnvelope } from '../../protocol/events';

/** How an adapter turns its framework's stream into profile events (see `MappedStream`). */
export interface StreamMapping<T> {
  /** The stream is about to be opened (at the first `next()`): what starts the turn, into `out`. */
  begin?(out: RuntimeEventEnvelope[]): void;
  /** One item of the framework's stream, mapped into `out`. */
  map(item: T, out: RuntimeEventEnvelope[]): void;
  /** The stream (or `map`) threw: what that means for the turn, into `out`. */
  fail(error: unknown, out: RuntimeEventEnvelope[]): void;
  /** The stream ended (after `fail` too): what closes a turn the stream left open, into `out`. */
  end(out: RuntimeEventEnvelope[]): void;
}

const DONE: IteratorReturnResult<void> = Object.freeze({ value: undefined, done: true });

/** The stream is read (`reading`), its closing events are being read (`ending`), or nothing is left (`done`). */
type State = 'reading' | 'ending' | 'done';

/**
 * The profile events of a framework's stream, one per `next()`, read as an async generator's:
 * `for await` reads them in order, `return()` (a `break`) closes the stream, `throw()` ends the
 * turn with that error, and calls made while one is running wait their turn. Not a generator: an
 * async generator's `yield` awaits its value and resumes the generator, so each event cost two
 * more promise jobs. Here an event already mapped is answered at once, and the stream is read
 * again only when none is left.
 */
export class MappedStream<T> implements AsyncGenerator<RuntimeEventEnvelope, void, undefined> {
  readonly #open: () => AsyncIterable<T>;
  readonly #mapping: StreamMapping<T>;
  #iterator: AsyncIterator<T> | undefined;
  /** Events mapped and not yet read; `#at` is the next one. */
  readonly #out: RuntimeEventEnvelope[] = [];
  #at = 0;
  #state: State = 'reading';
  /** A read of the stream (or its close) is under way: other calls wait in `#waiting`, in order. */
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  /** `open` is called at the first `next()`, as a generator's body first runs then. */
  constructor(open: () => AsyncIterable<T>, mapping: StreamMapping<T>) {
    this.#open = open;
    this.#mapping = mapping;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    if (!this.#busy && this.#at < this.#out.length) return Promise.resolve({ value: this.#out[this.#at++]!, done: false });
    return this.#whenFree(() => this.#read());
  }

  return(): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    return this.#whenFree(() => this.#close());
  }

  throw(error: unknown): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    return this.#whenFree(() => this.#throwIn(error));
  }

  /** Runs `work` now, or after the calls before it when one is under way. */
  #whenFree(work: () => Promise<IteratorResult<RuntimeEventEnvelope, void>>): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    if (!this.#busy) return work();
    return new Promise((resolve, reject) => this.#waiting.push(() => void work().then(resolve, reject)));
  }

  /** The next event, the stream read while none is mapped (see `#nextEvent`). */
  async #read(): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    this.#busy = true;
    try {
      return await this.#nextEvent();
    } finally {
      this.#free();
    }
  }

  /** The next event: a mapped one, else the stream is read until an item maps to one or it ends. */
  async #nextEvent(): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    while (this.#at >= this.#out.length) {
      this.#out.length = 0;
      this.#at = 0;
      if (this.#state !== 'reading') {
        this.#state = 'done';
        return DONE;
      }
      let item: T;
      try {
        if (this.#iterator === undefined) {
          // Its events go out with the first item's, as a generator's body ran to its first `yield`.
          this.#mapping.begin?.(this.#out);
          this.#iterator = this.#open()[Symbol.asyncIterator]();
        }
        const step = await this.#iterator.next();
        if (step.done) {
          this.#end();
          continue;
        }
        item = step.value;
      } catch (error) {
        this.#mapping.fail(error, this.#out);
        this.#end();
        continue;
      }
      try {
        this.#mapping.map(item, this.#out);
      } catch (error) {
        // As a `for await` left by a throw: the stream is closed, then the error is the turn's.
        await this.#closeQuietly();
        this.#mapping.fail(error, this.#out);
        this.#end();
      }
    }
    return { value: this.#out[this.#at++]!, done: false };
  }

  /** Nothing more is read: the stream, while still read, is closed (its own `return`). */
  async #close(): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    this.#busy = true;
    try {
      const reading = this.#state === 'reading';
      this.#state = 'done';
      this.#out.length = 0;
      this.#at = 0;
      if (reading) await this.#iterator?.return?.();
      return DONE;
    } finally {
      this.#free();
    }
  }

  /** An error thrown in by the reader: the stream is closed and the error ends the turn, whose closing events are read next. */
  async #throwIn(error: unknown): Promise<IteratorResult<RuntimeEventEnvelope, void>> {
    if (this.#state !== 'reading' || this.#iterator === undefined) {
      this.#state = 'done';
      this.#out.length = 0;
      this.#at = 0;
      throw error;
    }
    this.#busy = true;
    try {
      // Events mapped and not read stay ahead of the ones the error closes the turn with.
      await this.#closeQuietly();
      this.#mapping.fail(error, this.#out);
      this.#end();
      return await this.#nextEvent();
    } finally {
      this.#free();
    }
  }

  /** The stream ended or failed: the mapping's closing events are the last. */
  #end(): void {
    this.#mapping.end(this.#out);
    this.#state = 'ending';
  }

  /** Closes the stream after it failed us; its own failure to close adds nothing (the first error is the one). */
  async #closeQuietly(): Promise<void> {
    try {
      await this.#iterator?.return?.();
    } catch {
      // The error that ended the read is reported; this one would only hide it.
    }
  }

  /** The call under way is done: waiting calls run, in order, until one reads the stream again. */
  #free(): void {
    this.#busy = false;
    while (!this.#busy && this.#waiting.length > 0) this.#waiting.shift()!();
  }
}
