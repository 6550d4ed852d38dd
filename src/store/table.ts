/**
 * A normalized table: records by id plus their order of first appearance.
 *
 * Why mutable backing: copying a map or an id list per event makes ingest O(n) per event. The
 * `byId` map and `ids` list are mutated in place, while each changed record is replaced by a new
 * object and each touched table gets a new wrapper (with a bumped `version`) once per batch. A
 * selector over a record or a table wrapper therefore still sees a new reference exactly when
 * its data changed.
 */
export interface Table<T> {
  readonly byId: ReadonlyMap<string, T>;
  readonly ids: readonly string[];
  readonly version: number;
}

export interface MutableTable<T> {
  byId: Map<string, T>;
  ids: string[];
  version: number;
}

export function createTable<T>(): MutableTable<T> {
  return { byId: new Map(), ids: [], version: 0 };
}

/** The records of a table in order of first appearance. */
export function tableRows<T>(table: Table<T>): T[] {
  const rows: T[] = [];
  for (const id of table.ids) {
    const row = table.byId.get(id);
    if (row !== undefined) rows.push(row);
  }
  return rows;
}
