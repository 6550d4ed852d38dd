import { keepShape } from './keepShape';

/**
 * A normalized table: records by id plus their order of first appearance.
 *
 * Every published table is immutable: a batch that changes a table publishes a new `Table` whose
 * `byId` and `ids` are new objects, and the previous `Table` (what `subscribe`'s `prev` holds)
 * keeps answering exactly as it did. Untouched tables keep their object, so a selector sees a new
 * reference exactly when its data changed.
 *
 * Why not copy a Map per batch: that is O(n) per batch, too slow for a 100k-entry timeline. The
 * records live in fixed-size chunks (a batch copies only the chunks it writes, plus the short
 * chunk directory), and the id → position index is shared by every version of the table, because
 * it is append-only: a version only looks at positions below its own length, and a position never
 * changes owner. `ids` is materialized on first read and shared by every version with the same
 * ids: a batch that only changes records keeps the `ids` array, so `s => s.messages.ids` changes
 * exactly when a message is added, removed or moved.
 */
export interface Table<T> {
  readonly byId: ReadonlyMap<string, T>;
  readonly ids: readonly string[];
  readonly version: number;
}

const CHUNK_BITS = 6;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;

/** Shared by every version of one table lineage; only ever appended to. */
interface Spine {
  readonly index: Map<string, number>;
  readonly order: string[];
  /**
   * How many of `order`'s positions `index` holds: an id appended as new (`appendNew`, the
   * timeline's generated ids) is indexed at the first look-up by id, not when written. The
   * timeline gains an entry per tool call and is read by id only when its lane shows.
   */
  indexed: number;
  /**
   * The id last looked up, and its position (undefined: not in the spine): a runtime's events come
   * in runs about one record (a tool call's args deltas, a message's parts, every event of a turn;
   * a new record is looked up several times before it is added), and comparing one short string
   * is cheaper than a look-up in a map of thousands. A position never changes owner within a
   * spine; adding the id updates it.
   */
  lastId: string | undefined;
  lastPosition: number | undefined;
}

const newSpine = (order: string[] = []): Spine => ({ index: new Map(), order, indexed: 0, lastId: undefined, lastPosition: undefined });

/** The position of `id` in the spine (any version's: callers check it against their length). */
function positionOf(spine: Spine, id: string): number | undefined {
  if (id === spine.lastId) return spine.lastPosition;
  // The id after the last one: a walk in table order (a turn's messages and their parts, settled
  // when it ends) needs no look-up. An id holds one position in a spine, so this is its own.
  const next = spine.lastPosition === undefined ? -1 : spine.lastPosition + 1;
  if (next > 0 && next < spine.order.length && spine.order[next] === id) {
    spine.lastId = id;
    spine.lastPosition = next;
    return next;
  }
  if (spine.indexed < spine.order.length) {
    for (let position = spine.indexed; position < spine.order.length; position++) spine.index.set(spine.order[position]!, position);
    spine.indexed = spine.order.length;
  }
  const position = spine.index.get(id);
  spine.lastId = id;
  spine.lastPosition = position;
  return position;
}

type Chunk<T> = (T | undefined)[];

class TableMap<T> implements ReadonlyMap<string, T> {
  constructor(
    private readonly spine: Spine,
    private readonly chunks: readonly Chunk<T>[],
    private readonly length: number,
    readonly size: number,
  ) {}

  get(id: string): T | undefined {
    const position = positionOf(this.spine, id);
    if (position === undefined || position >= this.length) return undefined;
    return this.chunks[position >> CHUNK_BITS]![position & MASK];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *entries(): MapIterator<[string, T]> {
    for (let position = 0; position < this.length; position++) {
      const value = this.chunks[position >> CHUNK_BITS]![position & MASK];
      if (value !== undefined) yield [this.spine.order[position]!, value];
    }
  }

  *keys(): MapIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): MapIterator<T> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }

  forEach(callback: (value: T, key: string, map: ReadonlyMap<string, T>) => void, thisArg?: unknown): void {
    for (const [id, value] of this.entries()) callback.call(thisArg, value, id, this);
  }

  /** The ids in order of first appearance (removed ids skipped). */
  orderedIds(): string[] {
    const ids: string[] = [];
    for (let position = 0; position < this.length; position++) {
      if (this.chunks[position >> CHUNK_BITS]![position & MASK] !== undefined) ids.push(this.spine.order[position]!);
    }
    return ids;
  }
}

/** The ids of every version with the same ids, materialized once. */
interface IdsBox {
  ids?: readonly string[];
}

/** One immutable version of a table. */
export class TableVersion<T> implements Table<T> {
  readonly byId: TableMap<T>;

  constructor(
    readonly spine: Spine,
    readonly chunks: readonly Chunk<T>[],
    readonly length: number,
    readonly size: number,
    readonly version: number,
    readonly idsBox: IdsBox = {},
  ) {
    this.byId = new TableMap(spine, chunks, length, size);
  }

  get ids(): readonly string[] {
    this.idsBox.ids ??= Object.freeze(this.byId.orderedIds());
    return this.idsBox.ids;
  }

  /** Plain data for JSON and test output: the records in order. */
  toJSON(): { ids: readonly string[]; byId: Record<string, T> } {
    return { ids: this.ids, byId: Object.fromEntries(this.byId.entries()) };
  }
}

export function createTable<T>(): Table<T> {
  return new TableVersion<T>(newSpine(), [], 0, 0, 0);
}

/** What a writer holds between batches (see `TableWriter.end`): empty, never written. */
const RELEASED = createTable<never>() as TableVersion<never>;

/** A table built from records in order (rebuilds, tests). */
export function tableOf<T>(entries: Iterable<readonly [string, T]>): Table<T> {
  const writer = new TableWriter(createTable<T>() as TableVersion<T>);
  for (const [id, value] of entries) writer.set(id, value);
  return writer.publish();
}

/**
 * The write side of one table for one batch: copies a chunk the first time the batch writes it,
 * then writes in place; `publish` freezes the result into a new `TableVersion`. A draft keeps its
 * writers from batch to batch (`begin` starts the next one).
 */
export class TableWriter<T> {
  // Set by `begin`, which the constructor calls.
  #base!: TableVersion<T>;
  #spine!: Spine;
  #chunks!: Chunk<T>[];
  /** Chunks this batch copied (and may write in place), by chunk index. */
  #freshChunks: boolean[] = [];
  #copiedDirectory = false;
  #length!: number;
  #size!: number;
  #changed = false;
  /** Ids were added, removed or moved (not only records changed). */
  #structural = false;
  /**
   * Per position, the batch whose own record sits there (`setOwn`): a draft asks whether a record
   * is one this batch made, per event, and a Set entry per record (added, looked up, cleared and
   * grown again each batch) cost more than this. Kept from batch to batch; only `batch` moves.
   */
  #ownedIn = new Int32Array(CHUNK);
  /** This batch's number in `ownedIn`: each `begin` and each fork (positions change) starts a new one. */
  #batch = 0;

  constructor(base: TableVersion<T>) {
    this.begin(base);
  }

  /** Starts a batch on `base`: nothing copied, nothing changed yet. */
  begin(base: TableVersion<T>): void {
    this.#batch += 1;
    this.#base = base;
    this.#spine = base.spine;
    this.#length = base.length;
    this.#size = base.size;
    this.#chunks = base.chunks as Chunk<T>[];
    this.#freshChunks = [];
    this.#copiedDirectory = false;
    this.#changed = false;
    this.#structural = false;
    // A version that is not the spine's newest (an older state set back) forks its own spine.
    if (this.#spine.order.length !== this.#length) this.#fork(this.#spine.order.slice(0, this.#length));
  }

  /**
   * Ends the batch: the writer lets go of the table it wrote (a draft keeps its writers, and one
   * holding the table a store had before `reset` would keep that session in memory).
   */
  end(): void {
    this.begin(RELEASED as TableVersion<T>);
  }

  get(id: string): T | undefined {
    const position = positionOf(this.#spine, id);
    if (position === undefined || position >= this.#length) return undefined;
    return this.#chunks[position >> CHUNK_BITS]![position & MASK];
  }

  set(id: string, value: T): void {
    this.#place(id, value);
  }

  /** `set`, the record marked as this batch's own (see `isOwn`). */
  setOwn(id: string, value: T): void {
    const position = this.#place(id, value);
    if (position >= this.#ownedIn.length) {
      const grown = new Int32Array(Math.max(position + 1, this.#ownedIn.length * 2));
      grown.set(this.#ownedIn);
      this.#ownedIn = grown;
    }
    this.#ownedIn[position] = this.#batch;
  }

  /** True when `value` is the record `setOwn` stored under `id` in this batch. */
  isOwn(id: string, value: T): boolean {
    const position = positionOf(this.#spine, id);
    if (position === undefined || position >= this.#length || this.#ownedIn[position] !== this.#batch) return false;
    return this.#chunks[position >> CHUNK_BITS]![position & MASK] === value;
  }

  /** Stores `value` under `id` (appending the id when new); returns its position. */
  #place(id: string, value: T): number {
    let position = positionOf(this.#spine, id);
    if (position === undefined || position >= this.#length) {
      position = this.#length;
      // Ids appended without an index entry before this one stay for the catch-up (a look-up
      // answered by the last-id check did not run it).
      const indexedAll = this.#spine.indexed === this.#spine.order.length;
      this.#spine.index.set(id, position);
      this.#spine.order.push(id);
      if (indexedAll) this.#spine.indexed = this.#spine.order.length;
      this.#spine.lastId = id;
      this.#spine.lastPosition = position;
      this.#length += 1;
    }
    const chunk = this.#writableChunk(position >> CHUNK_BITS);
    if (chunk[position & MASK] === undefined) {
      this.#size += 1;
      this.#structural = true;
    }
    chunk[position & MASK] = value;
    this.#changed = true;
    return position;
  }

  /**
   * Appends a record under an id the table does not hold (one made for it, as the timeline's are),
   * without looking it up; it is indexed at the first look-up by id (see `Spine.indexed`).
   */
  appendNew(id: string, value: T): void {
    const position = this.#length;
    if (this.#spine.lastId === id) this.#spine.lastId = undefined;
    this.#spine.order.push(id);
    this.#length += 1;
    this.#writableChunk(position >> CHUNK_BITS)[position & MASK] = value;
    this.#size += 1;
    this.#structural = true;
    this.#changed = true;
  }

  delete(id: string): boolean {
    const position = positionOf(this.#spine, id);
    if (position === undefined || position >= this.#length) return false;
    const chunk = this.#writableChunk(position >> CHUNK_BITS);
    if (chunk[position & MASK] === undefined) return false;
    // The position stays reserved for this id: a re-added id takes its old place.
    chunk[position & MASK] = undefined;
    this.#size -= 1;
    this.#changed = true;
    this.#structural = true;
    return true;
  }

  ids(): readonly string[] {
    return new TableMap(this.#spine, this.#chunks, this.#length, this.#size).orderedIds();
  }

  /** Rebuilds the table in a new order (rare: prepending older history). O(n). */
  reorder(ids: readonly string[]): void {
    const values = ids.map((id) => this.get(id));
    this.#fork([]);
    this.#chunks = [];
    this.#freshChunks = [];
    this.#copiedDirectory = true;
    this.#length = 0;
    this.#size = 0;
    ids.forEach((id, i) => {
      const value = values[i];
      if (value !== undefined) this.set(id, value);
    });
    this.#changed = true;
    this.#structural = true;
  }

  get touched(): boolean {
    return this.#changed;
  }

  publish(): TableVersion<T> {
    if (!this.#changed) return this.#base;
    return new TableVersion(this.#spine, this.#chunks, this.#length, this.#size, this.#base.version + 1, this.#structural ? {} : this.#base.idsBox);
  }

  /** A spine of its own holding `order` (indexed at the first look-up). */
  #fork(order: string[]): void {
    this.#spine = newSpine(order);
    this.#batch += 1;
  }

  #writableChunk(chunkIndex: number): Chunk<T> {
    if (this.#freshChunks[chunkIndex] === true) return this.#chunks[chunkIndex]!;
    if (!this.#copiedDirectory) {
      this.#chunks = this.#chunks.slice();
      this.#copiedDirectory = true;
    }
    const previous = this.#chunks[chunkIndex];
    const chunk: Chunk<T> = previous ? previous.slice() : [];
    this.#chunks[chunkIndex] = chunk;
    this.#freshChunks[chunkIndex] = true;
    return chunk;
  }
}

/** The records of a table in order of first appearance. */
export function tableRows<T>(table: Table<T>): T[] {
  return [...table.byId.values()];
}

// One idle writer (see `keepShape`); `RELEASED` keeps `TableVersion`'s and `TableMap`'s shapes.
keepShape(new TableWriter(RELEASED));
