// A function of a string, remembered for the strings it was last asked about and bounded, so that
// ever-new strings cannot grow it: a redactor's key classes and redacted texts, a display policy's text.

/** Options of `boundedMemo`. */
export interface BoundedMemoOptions {
  /** Strings remembered at most. */
  size: number;
  /** A longer string is computed each time and never kept (a slice of a long text kept as a key keeps the whole text alive). Default: no limit. */
  longest?: number;
  /** Past `size`, forget every string at once (`all`, the cheapest) or the oldest one (`oldest`). Default `all`. */
  forget?: 'all' | 'oldest';
}

/** `compute`, remembered per string (a value it gives must not be `undefined`). */
export function boundedMemo<V>(compute: (key: string) => V, { size, longest = Infinity, forget = 'all' }: BoundedMemoOptions): (key: string) => V {
  const memory = new Map<string, V>();
  return (key) => {
    if (key.length > longest) return compute(key);
    let value = memory.get(key);
    if (value === undefined) {
      value = compute(key);
      if (memory.size >= size) {
        if (forget === 'all') memory.clear();
        else memory.delete(memory.keys().next().value as string);
      }
      memory.set(key, value);
    }
    return value;
  };
}
