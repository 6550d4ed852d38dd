// What one operation changed in the store, read from two immutable commits: the store keeps a
// changed record as a new object and an untouched table as the same object, so the difference is
// found by identity, table by table, and named field by field.
import { TABLE_NAMES, type ProjectionData, type TableName } from '../../store/state';

/** One field of a record or scalar fact that changed, with its value before and after. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A record added or changed in a table, or a scalar fact (session, counts, queue ...) that changed. */
export type StoreChange =
  | { kind: 'added'; table: TableName; id: string }
  | { kind: 'changed'; table: TableName; id: string; fields: FieldChange[] }
  | { kind: 'scalar'; name: string; fields: FieldChange[] };

const SCALARS = ['session', 'counts', 'queue', 'queueUnknown', 'routing', 'costLimits', 'permissions'] as const;

function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) || !isRecord(after)) return Object.is(before, after) ? [] : [{ field: '', before, after }];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => !Object.is(before[key], after[key])).map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The records and scalar facts that differ between two commits, tables in the store's order. */
export function storeChanges(before: ProjectionData, after: ProjectionData): StoreChange[] {
  const changes: StoreChange[] = [];
  for (const table of TABLE_NAMES) {
    if (before[table] === after[table]) continue;
    const was = before[table].byId as ReadonlyMap<string, unknown>;
    for (const [id, record] of after[table].byId as ReadonlyMap<string, unknown>) {
      const previous = was.get(id);
      if (previous === undefined) changes.push({ kind: 'added', table, id });
      else if (previous !== record) changes.push({ kind: 'changed', table, id, fields: fieldChanges(previous, record) });
    }
  }
  for (const name of SCALARS) {
    if (Object.is(before[name], after[name])) continue;
    const fields = fieldChanges(before[name], after[name]);
    if (fields.length > 0) changes.push({ kind: 'scalar', name, fields });
  }
  return changes;
}
