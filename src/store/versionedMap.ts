// A Map whose every version can be kept: the order keeper's dedupe and ordering tables live in the
// store state through these (issue 22: the projection is restorable). Writes append to a log shared
// by every version of one lineage; a version is the log's length when it was taken. The live map
// reads and writes at Map speed; going back to an older version (setState(prev), a state copied into
// a fresh store) replays that version's prefix of the log into a lineage of its own, once.

const GONE: unique symbol = Symbol('deleted');

/** One lineage: the log of writes (key, value, key, value ...) and the live map they amount to. */
interface Lineage<K, V> {
  readonly log: unknown[];
  readonly index: Map<K, V>;
}

/** An immutable version of a `VersionedMap`: its lineage and the length of the log it covers. */
export interface MapVersion<K, V> {
  readonly lineage: Lineage<K, V>;
  readonly length: number;
}

const newLineage = <K, V>(): Lineage<K, V> => ({ log: [], index: new Map() });

/** Log entries per live key past which the log is compacted into a new lineage (O(1) amortized). */
const COMPACT_FACTOR = 4;
const COMPACT_SLACK = 512;

export class VersionedMap<K, V> {
  #lineage: Lineage<K, V> = newLineage();
  /** The version last taken: taken again without a write in between, it is the same object (per batch, most maps are not written). */
  #taken: MapVersion<K, V> | undefined;

  get size(): number {
    return this.#lineage.index.size;
  }

  get(key: K): V | undefined {
    return this.#lineage.index.get(key);
  }

  has(key: K): boolean {
    return this.#lineage.index.has(key);
  }

  set(key: K, value: V): this {
    this.#lineage.index.set(key, value);
    this.#lineage.log.push(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (!this.#lineage.index.delete(key)) return false;
    this.#lineage.log.push(key, GONE);
    return true;
  }

  /** Empties the map (older versions keep what they held). */
  clear(): void {
    this.#lineage = newLineage();
  }

  /**
   * Keeps only the entries `keep` accepts (given `context`), in a lineage of its own (older versions
   * keep theirs). Forgetting most of a large map one `delete` at a time logged every delete and
   * shrank the table again and again; this writes one table the size of what is kept.
   */
  retain<C>(keep: (value: V, context: C) => boolean, context: C): void {
    this.#lineage = lineageOf(this.#lineage.index, keep as Keep<V, unknown>, context);
  }

  entries(): IterableIterator<[K, V]> {
    return this.#lineage.index.entries();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.#lineage.index.entries();
  }

  keys(): IterableIterator<K> {
    return this.#lineage.index.keys();
  }

  values(): IterableIterator<V> {
    return this.#lineage.index.values();
  }

  /** This map as it is now, to keep (O(1) amortized). */
  version(): MapVersion<K, V> {
    const { log, index } = this.#lineage;
    const taken = this.#taken;
    if (taken !== undefined && taken.lineage === this.#lineage && taken.length === log.length) return taken;
    if (log.length > COMPACT_FACTOR * index.size + COMPACT_SLACK) this.#lineage = lineageOf(index);
    this.#taken = { lineage: this.#lineage, length: this.#lineage.log.length };
    return this.#taken;
  }

  /** Makes this map what `version` held. O(1) when it is this map's own newest version; else one replay of its log. */
  restore(version: MapVersion<K, V>): void {
    if (version.lineage === this.#lineage && version.length === this.#lineage.log.length) return;
    const index = new Map<K, V>();
    const log = version.lineage.log;
    for (let at = 0; at < version.length; at += 2) {
      const value = log[at + 1];
      if (value === GONE) index.delete(log[at] as K);
      else index.set(log[at] as K, value as V);
    }
    this.#lineage = lineageOf(index);
  }
}

type Keep<V, C> = (value: V, context: C) => boolean;

/** What `copyEntry` copies into, and the filter it copies through. */
interface Copying<K, V> {
  lineage: Lineage<K, V>;
  keep: Keep<V, unknown> | undefined;
  context: unknown;
}

/**
 * `forEach`'s callback for `lineageOf`, at module level with its state as `this`: a callback made
 * per call lost its optimized code at every full GC once the call's closure was gone, and each
 * prune after a GC then walked thousands of entries unoptimized (forEach, not for-of: no
 * [key, value] array per entry).
 */
function copyEntry<K, V>(this: Copying<K, V>, value: V, key: K): void {
  if (this.keep !== undefined && !this.keep(value, this.context)) return;
  this.lineage.log.push(key, value);
  this.lineage.index.set(key, value);
}

/** A lineage of its own holding `index` (its log written from the entries, in order), or the entries `keep` accepts. */
function lineageOf<K, V>(index: Map<K, V>, keep?: Keep<V, unknown>, context?: unknown): Lineage<K, V> {
  const copying: Copying<K, V> = { lineage: newLineage<K, V>(), keep, context };
  index.forEach(copyEntry, copying);
  return copying.lineage;
}
