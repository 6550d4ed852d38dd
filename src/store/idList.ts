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
 * Read it with `length`, `at` (`at(-1)`: the last) or `toArray()` (a plain array, made once per
 * version: to iterate, `includes`, `map` ...). `JSON.stringify` writes it as an array.
 */
export class IdList {
  /** An empty list (every version appended from it gets its own backing array). */
  static readonly EMPTY: IdList = new IdList([], 0);

  /** A list of these ids (copied). */
  static of(ids: readonly string[]): IdList {
    const items = ids.slice();
    return items.length === 0 ? IdList.EMPTY : new IdList(items, items.length);
  }

  #items: string[];
  #array: readonly string[] | undefined;

  private constructor(
    items: string[],
    /** How many ids this version holds (the backing array may hold more: later versions'). */
    readonly length: number,
  ) {
    this.#items = items;
    this.#array = undefined;
  }

  /** The id at `index` (negative counts from the end, as `Array.prototype.at`). */
  at(index: number): string | undefined {
    return this.toArray().at(index);
  }

  /** The ids as a plain array, the same array on every call for this version. */
  toArray(): readonly string[] {
    this.#array ??= this.#items.slice(0, this.length);
    return this.#array;
  }

  toJSON(): readonly string[] {
    return this.toArray();
  }

  /** A new version: this list plus `id` (this version is unchanged). */
  append(id: string): IdList {
    // An empty version shares nothing: `EMPTY`'s backing array would otherwise hold a session's ids.
    const next = new IdList(this.length === 0 ? [] : this.#items, this.length);
    next.appendInPlace(id);
    return next;
  }

  /**
   * Appends to this very version: only for a version its maker has not handed out yet (one `append`
   * made for the draft's batch). Other versions sharing the backing array do not see it: they read
   * below their own lengths.
   */
  appendInPlace(id: string): void {
    if (this.#items.length !== this.length) this.#items = this.#items.slice(0, this.length);
    this.#items.push(id);
    (this as { length: number }).length++;
    this.#array = undefined;
  }
}
