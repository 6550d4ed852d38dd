/**
 * An immutable, ordered list of ids that grows in O(1): a turn's messages and tool calls.
 *
 * Why not an array: a turn of a long agent run gains a message or a tool call in nearly every batch,
 * and a copied array per batch made ingest O(turn length) per batch (W2's one turn of 2,000 model
 * steps spent 6-8% of its ingest copying its two lists). Every version of a list shares one backing
 * array, as the tables share their id order: a version only reads the positions below its own
 * length, and a position is written once. A version that is the longest of its lineage appends in
 * place; any other (an older state built on again: a rewind, a merge) copies its prefix first.
 *
 * Read it with `length`, `at`, `last`, `includes`, iteration, or `toArray()` (a plain array, made
 * once per version). `JSON.stringify` writes it as an array.
 */
export class IdList implements Iterable<string> {
  /** An empty list (every version appended from it gets its own backing array). */
  static readonly EMPTY: IdList = new IdList([], 0);

  /** A list of these ids (copied). */
  static of(ids: Iterable<string>): IdList {
    const items = [...ids];
    return items.length === 0 ? IdList.EMPTY : new IdList(items, items.length);
  }

  #items: string[];
  #length: number;
  #array: readonly string[] | undefined;

  private constructor(items: string[], length: number) {
    this.#items = items;
    this.#length = length;
    this.#array = undefined;
  }

  get length(): number {
    return this.#length;
  }

  /** The id at `index` (negative counts from the end, as `Array.prototype.at`). */
  at(index: number): string | undefined {
    const at = index < 0 ? this.#length + index : index;
    return at >= 0 && at < this.#length ? this.#items[at] : undefined;
  }

  /** The last id, if any. */
  last(): string | undefined {
    return this.#length === 0 ? undefined : this.#items[this.#length - 1];
  }

  includes(id: string): boolean {
    return this.indexOf(id) >= 0;
  }

  indexOf(id: string): number {
    const items = this.#items;
    for (let i = 0; i < this.#length; i++) if (items[i] === id) return i;
    return -1;
  }

  /** The ids as a plain array, the same array on every call for this version. */
  toArray(): readonly string[] {
    this.#array ??= this.#items.length === this.#length ? this.#items.slice() : this.#items.slice(0, this.#length);
    return this.#array;
  }

  toJSON(): readonly string[] {
    return this.toArray();
  }

  *[Symbol.iterator](): Iterator<string> {
    const items = this.#items;
    for (let i = 0; i < this.#length; i++) yield items[i]!;
  }

  /**
   * A new version: this list plus `id`. Not for use on a version anyone else holds while they may
   * read it as the same list (see `appendInPlace`).
   */
  append(id: string): IdList {
    const next = this.derive();
    next.appendInPlace(id);
    return next;
  }

  /** A new version with this version's ids, to append to in place while nobody else holds it. */
  derive(): IdList {
    // An empty version shares nothing: `EMPTY`'s backing array would otherwise hold a session's ids.
    return new IdList(this.#length === 0 ? [] : this.#items, this.#length);
  }

  /**
   * Appends to this very version: only for a version its maker has not handed out yet (the draft's
   * own copy in a batch). Other versions sharing the backing array do not see it: they read below
   * their own lengths.
   */
  appendInPlace(id: string): void {
    if (this.#items.length !== this.#length) this.#items = this.#items.slice(0, this.#length);
    this.#items.push(id);
    this.#length++;
    this.#array = undefined;
  }
}
