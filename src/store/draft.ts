import { redactSecrets } from '../protocol/redactSecrets';
import type { Diagnostic, DiagnosticSeverity, SessionFacts, TimelineEntry, TimelineKind } from './records';
import type { MutableTable } from './table';
import {
  TABLE_NAMES,
  type MutableProjectionTables,
  type ProjectionData,
  type ProjectionScalars,
  type TableName,
} from './state';

type RecordOf<K extends TableName> = MutableProjectionTables[K] extends MutableTable<infer T> ? T : never;

export interface DiagnosticInput {
  code: string;
  severity?: DiagnosticSeverity;
  message: string;
  eventId?: string;
  type?: string;
  field?: string;
  line?: number;
  raw?: unknown;
}

/**
 * The write side of one batch. Reducers read and write records through it; it remembers which
 * tables and scalars changed so `commit` can hand zustand one partial state per batch.
 */
export class ProjectionDraft {
  private readonly touchedTables = new Set<TableName>();
  private readonly scalarPatch: Partial<ProjectionScalars> = {};
  /** Records created in this batch: nobody outside has seen them yet, so they may change in place. */
  private readonly fresh = new WeakSet<object>();
  private diagnosticSeq: number;
  private timelineSeq: number;

  constructor(private readonly data: ProjectionData) {
    this.diagnosticSeq = data.diagnostics.ids.length;
    this.timelineSeq = data.timeline.ids.length;
  }

  get<K extends TableName>(name: K, id: string): RecordOf<K> | undefined {
    return (this.data[name] as unknown as MutableTable<RecordOf<K>>).byId.get(id);
  }

  /** Stores a record (a new object for a changed record), appending its id when it is new. */
  put<K extends TableName>(name: K, id: string, record: RecordOf<K>): RecordOf<K> {
    const table = this.data[name] as unknown as MutableTable<RecordOf<K>>;
    if (!table.byId.has(id)) table.ids.push(id);
    table.byId.set(id, record);
    this.touchedTables.add(name);
    return record;
  }

  /**
   * Applies a patch to a record: in place when the record was made in this batch (no subscriber
   * has seen it), else as a new record. Streaming deltas in one batch then cost one copy, not one
   * copy per delta.
   */
  update<K extends TableName>(name: K, id: string, record: RecordOf<K>, patch: Partial<RecordOf<K>>): RecordOf<K> {
    if (this.fresh.has(record as object)) {
      Object.assign(record as object, patch);
      this.touchedTables.add(name);
      return record;
    }
    const next = { ...(record as object), ...patch } as RecordOf<K>;
    this.fresh.add(next as object);
    return this.put(name, id, next);
  }

  /** Removes an id from a table's order (rare: reconciliation dropping superseded parts). */
  remove<K extends TableName>(name: K, id: string): void {
    const table = this.data[name] as unknown as MutableTable<RecordOf<K>>;
    if (!table.byId.delete(id)) return;
    const index = table.ids.indexOf(id);
    if (index >= 0) table.ids.splice(index, 1);
    this.touchedTables.add(name);
  }

  /** Moves the most recently appended `count` ids of a table to its front (prepending older history). */
  moveNewestToFront(name: TableName, count: number): void {
    if (count <= 0) return;
    const ids = (this.data[name] as unknown as MutableTable<unknown>).ids;
    ids.unshift(...ids.splice(ids.length - count, count));
    this.touchedTables.add(name);
  }

  /** The current id order of a table (read-only use). */
  tableIds(name: TableName): readonly string[] {
    return this.data[name].ids;
  }

  /** Marks a table changed when a record's shared list was appended to in place. */
  touch(name: TableName): void {
    this.touchedTables.add(name);
  }

  scalar<K extends keyof ProjectionScalars>(name: K): ProjectionScalars[K] {
    return (name in this.scalarPatch ? this.scalarPatch[name] : this.data[name]) as ProjectionScalars[K];
  }

  /** A mutable copy of the session facts for this batch (made once, committed with the batch). */
  editSession(): SessionFacts {
    if (!('session' in this.scalarPatch)) this.scalarPatch.session = { ...this.data.session };
    return this.scalarPatch.session as SessionFacts;
  }

  setScalar<K extends keyof ProjectionScalars>(name: K, value: ProjectionScalars[K]): void {
    this.scalarPatch[name] = value;
  }

  diagnose(input: DiagnosticInput): Diagnostic {
    this.diagnosticSeq += 1;
    const diagnostic: Diagnostic = {
      id: `diag-${this.diagnosticSeq}`,
      code: input.code,
      severity: input.severity ?? 'warning',
      message: input.message,
      ...(input.eventId !== undefined && { eventId: input.eventId }),
      ...(input.type !== undefined && { type: input.type }),
      ...(input.field !== undefined && { field: input.field }),
      ...(input.line !== undefined && { line: input.line }),
      ...(input.raw !== undefined && { raw: redactSecrets(input.raw) }),
    };
    this.put('diagnostics', diagnostic.id, diagnostic);
    return diagnostic;
  }

  /** Appends an entry to the process archive for a fact seen for the first time. */
  record(kind: TimelineKind, refId: string, event: { type: string; turnId?: string; timestamp?: string }, label?: string): void {
    this.timelineSeq += 1;
    const entry: TimelineEntry = {
      entryId: `tl-${this.timelineSeq}`,
      kind,
      refId,
      type: event.type,
      ...(event.turnId !== undefined && { turnId: event.turnId }),
      ...(event.timestamp !== undefined && { at: event.timestamp }),
      ...(label !== undefined && { label }),
    };
    this.put('timeline', entry.entryId, entry);
  }

  /** The partial state for zustand: a new wrapper per touched table, changed scalars as they are. */
  commit(): Partial<ProjectionData> {
    const patch: Record<string, unknown> = { ...this.scalarPatch };
    for (const name of TABLE_NAMES) {
      if (!this.touchedTables.has(name)) continue;
      const table = this.data[name];
      patch[name] = { byId: table.byId, ids: table.ids, version: table.version + 1 };
    }
    this.touchedTables.clear();
    return patch as Partial<ProjectionData>;
  }
}

