import { redactSecrets } from '../protocol/redactSecrets';
import type { Diagnostic, DiagnosticSeverity, SessionFacts, TimelineEntry, TimelineKind } from './records';
import { TableVersion, TableWriter, tableOf, type Table } from './table';
import { IdList } from './idList';
import { placeBefore } from './placeBefore';
import { keepShape } from './keepShape';
import {
  createProjectionData,
  TABLE_NAMES,
  type ProjectionData,
  type ProjectionScalars,
  type TableName,
} from './state';

type RecordOf<K extends TableName> = ProjectionData[K] extends Table<infer T> ? T : never;

/** Lists up to this long are trimmed to their length when published (see `commit`). */
const TRIMMED_LIST_LENGTH = 256;

/**
 * A shallow copy of a record, one copying function per table: a spread at one site for every
 * table sees a dozen record shapes and V8 then copies through its generic (slow) path; at a site
 * of its own, a table's few shapes copy through the fast one.
 */
const COPY_RECORD: { readonly [K in TableName]: (record: RecordOf<K>) => RecordOf<K> } = {
  threads: (record) => ({ ...record }),
  turns: (record) => ({ ...record }),
  messages: (record) => ({ ...record }),
  subagentMessages: (record) => ({ ...record }),
  parts: (record) => ({ ...record }),
  toolCalls: (record) => ({ ...record }),
  actions: (record) => ({ ...record }),
  artifacts: (record) => ({ ...record }),
  evidence: (record) => ({ ...record }),
  tasks: (record) => ({ ...record }),
  subagents: (record) => ({ ...record }),
  diagnostics: (record) => ({ ...record }),
  timeline: (record) => ({ ...record }),
};

/** Diagnostics of one code kept as records before only their count grows (see `diagnose`). */
export const DEFAULT_KEEP_DIAGNOSTICS_PER_CODE = 100;

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

/** Keys of a record whose value is a list of ids (turnIds, partIds, messageIds ...). */
export type ListField<R> = { [F in keyof R]-?: R[F] extends readonly string[] ? F : never }[keyof R];

/** Keys of a record whose value is an `IdList` (a turn's messageIds and toolCallIds). */
export type IdListField<R> = { [F in keyof R]-?: R[F] extends IdList ? F : never }[keyof R];

/**
 * The write side of a batch, and the only way to write the projection. Reducers read and write
 * records through it; nothing published is ever changed in place: a changed record is a new
 * object, a changed list is a new list, a changed table is a new `Table`. Objects made in this
 * batch (no subscriber has seen them) may change in place, so streaming deltas in one batch cost
 * one copy, not one copy per delta. `begin` starts a batch, `commit` ends it with the state to hand
 * zustand in one `set`; a store keeps one draft for all its batches.
 */
export class ProjectionDraft {
  /**
   * The tables this batch writes: an object of one fixed shape (a lookup per read, on the hot path;
   * one that gained a property per table written took a new shape in each batch).
   */
  #writers: TableWriters = { ...NO_WRITERS };
  /** A writer per table kept from batch to batch (see `begin`). */
  readonly #pool: TableWriters = { ...NO_WRITERS };
  /**
   * The state after this batch, begun as a copy of the state before it: its scalars are written
   * here, its changed tables join it on commit. A copy of the state has the state's shape, batch
   * after batch (a patch of the changed keys took a new shape each time: see `begin`). The session
   * and the diagnostic counts are copied once per batch before they are changed in place.
   */
  #next!: ProjectionData;
  #ownSession = false;
  #ownDiagnosticCounts = false;
  /**
   * Lists copied in this batch: nobody outside has seen them yet (records made in this batch are
   * marked by their table writer: see `TableWriter.isOwn`). A Set, not a WeakSet: weak entries
   * cost the garbage collector.
   */
  readonly #ownLists = new Set<object>();
  /** Lists copied for appending in this batch, trimmed to their length on commit. */
  readonly #grownLists: { record: Record<string, readonly string[]>; field: string }[] = [];
  // Set by `begin`, which the constructor calls.
  #data!: ProjectionData;
  #diagnosticSeq!: number;
  #timelineSeq!: number;

  /** Diagnostics of one code kept as records; past it they are counted only (`diagnosticCounts`). */
  readonly #keepPerCode: number;

  constructor(data: ProjectionData, keepDiagnosticsPerCode = DEFAULT_KEEP_DIAGNOSTICS_PER_CODE) {
    this.#keepPerCode = keepDiagnosticsPerCode;
    this.begin(data);
  }

  /**
   * Starts the next batch on `data` (the state now). A store keeps one draft and its table writers
   * for its life rather than new ones per batch: V8 keeps an object shape only while some object
   * has it, so a full GC between batches dropped the draft's and writers' shapes, and with them
   * every optimized function of the ingest path (deoptimized, then compiled again: W3 ingested at
   * 1.3-1.6× its parse time after a GC, 1.0-1.2× since).
   */
  begin(data: ProjectionData): void {
    this.#data = data;
    this.#diagnosticSeq = data.diagnostics.byId.size;
    this.#timelineSeq = data.timeline.byId.size;
    this.#next = { ...data };
    this.#ownSession = false;
    this.#ownDiagnosticCounts = false;
    this.#writers = { ...NO_WRITERS };
    this.#ownLists.clear();
    this.#grownLists.length = 0;
  }

  #writer<K extends TableName>(name: K): TableWriter<RecordOf<K>> {
    let writer = this.#writers[name];
    if (!writer) {
      const base = asVersion(this.#data[name] as Table<unknown>);
      writer = this.#pool[name];
      if (writer) writer.begin(base);
      else this.#pool[name] = writer = new TableWriter(base);
      this.#writers[name] = writer;
    }
    return writer as TableWriter<RecordOf<K>>;
  }

  get<K extends TableName>(name: K, id: string): RecordOf<K> | undefined {
    const writer = this.#writers[name];
    return (writer ? writer.get(id) : this.#data[name].byId.get(id)) as RecordOf<K> | undefined;
  }

  /** Stores a record (a new object for a changed record), appending its id when it is new. */
  put<K extends TableName>(name: K, id: string, record: RecordOf<K>): RecordOf<K> {
    this.#writer(name).set(id, record);
    return record;
  }

  /** Stores a record made in this batch as its own (`own`, `update`, `edit` may change it in place). */
  putOwn<K extends TableName>(name: K, id: string, record: RecordOf<K>): RecordOf<K> {
    return this.#putFresh(name, id, record);
  }

  /** Stores a copy this batch owns (`update`, `edit` and `editList` may change it in place). */
  #putFresh<K extends TableName>(name: K, id: string, record: RecordOf<K>): RecordOf<K> {
    this.#writer(name).setOwn(id, record);
    return record;
  }

  /** True when `record` is the one this batch made for `id` (`putOwn`, `own`, `update`, `edit`). */
  #isOwn<K extends TableName>(name: K, id: string, record: RecordOf<K>): boolean {
    const writer = this.#writers[name];
    return writer !== undefined && writer.isOwn(id, record);
  }

  /** Applies a patch to a record: in place when the record was made in this batch, else as a new record. */
  update<K extends TableName>(name: K, id: string, record: RecordOf<K>, patch: Partial<RecordOf<K>>): RecordOf<K> {
    if (this.#isOwn(name, id, record)) {
      Object.assign(record as object, patch);
      return record;
    }
    return this.#putFresh(name, id, { ...(record as object), ...patch } as RecordOf<K>);
  }

  /**
   * `record` (the one the table holds now) as this batch's own copy, to change in place: the same
   * object when this batch made it, else a copy stored in its place. No patch object, no re-read.
   */
  own<K extends TableName>(name: K, id: string, record: RecordOf<K>): RecordOf<K> {
    if (this.#isOwn(name, id, record)) return record;
    return this.#putFresh(name, id, (COPY_RECORD[name] as (record: RecordOf<K>) => RecordOf<K>)(record));
  }

  /** The record as this batch's own copy (made once per batch), to change in place. */
  edit<K extends TableName>(name: K, id: string): RecordOf<K> | undefined {
    const record = this.get(name, id);
    if (record === undefined) return undefined;
    if (this.#isOwn(name, id, record)) return record;
    return this.#putFresh(name, id, (COPY_RECORD[name] as (record: RecordOf<K>) => RecordOf<K>)(record));
  }

  /**
   * A list field of a record as this batch's own copy, to push, splice or unshift in place. The
   * published list is never touched: the record and the list are copied once per batch.
   */
  editList<K extends TableName, F extends ListField<RecordOf<K>>>(name: K, id: string, field: F): string[] {
    const record = this.edit(name, id) as object | undefined;
    return record === undefined ? [] : this.#ownList(record, field as string);
  }

  /** Appends a value to a record's list field (see `editList`). */
  appendTo<K extends TableName, F extends ListField<RecordOf<K>>>(name: K, id: string, field: F, value: string): void {
    this.editList(name, id, field).push(value);
  }

  /**
   * `own`, then appends a value to a list field of that copy: one look-up of the record, on the
   * paths that create a part, a message or a tool call. An `IdList` gets one new version per batch,
   * sharing its ids with the published one (no copy of a turn's thousands of ids); an array is
   * copied once per batch. Returns the batch's own copy.
   */
  ownAndAppend<K extends TableName, F extends ListField<RecordOf<K>> | IdListField<RecordOf<K>>>(name: K, id: string, record: RecordOf<K>, field: F, value: string): RecordOf<K> {
    const own = this.own(name, id, record);
    const fields = own as Record<string, unknown>;
    const list = fields[field as string];
    if (!(list instanceof IdList)) this.#ownList(own as object, field as string).push(value);
    else if (this.#ownLists.has(list)) list.appendInPlace(value);
    else this.#ownLists.add((fields[field as string] = list.append(value)));
    return own;
  }

  /** The list in `field` of an owned record, copied once per batch for appending. */
  #ownList(record: object, key: string): string[] {
    const fields = record as Record<string, readonly string[]>;
    const list = fields[key]!;
    if (this.#ownLists.has(list as object)) return list as string[];
    const copy = list.slice();
    this.#ownLists.add(copy);
    fields[key] = copy;
    this.#grownLists.push({ record: fields, field: key });
    return copy;
  }

  /** Removes a record (rare: reconciliation dropping superseded parts). */
  remove<K extends TableName>(name: K, id: string): void {
    if (this.get(name, id) !== undefined) this.#writer(name).delete(id);
  }

  /** Moves the most recently appended `count` ids of a table to its front (prepending older history). */
  moveNewestToFront(name: TableName, count: number): void {
    if (count <= 0) return;
    const ids = this.tableIds(name);
    this.#writer(name).reorder([...ids.slice(ids.length - count), ...ids.slice(0, ids.length - count)]);
  }

  /** Moves ids of a table to just before their anchors (a read model listing a message ahead of known ones; rare, O(n)). */
  placeBefore(name: TableName, moves: ReadonlyMap<string, string>): void {
    if (moves.size > 0) this.#writer(name).reorder(placeBefore(this.tableIds(name), moves));
  }

  /** The current id order of a table (read-only; O(n): not for hot paths). */
  tableIds(name: TableName): readonly string[] {
    const writer = this.#writers[name];
    return writer ? writer.ids() : this.#data[name].ids;
  }

  scalar<K extends keyof ProjectionScalars>(name: K): ProjectionScalars[K] {
    return this.#next[name];
  }

  /** A mutable copy of the session facts for this batch (made once, committed with the batch). */
  editSession(): SessionFacts {
    if (!this.#ownSession) {
      this.#next.session = { ...this.#next.session };
      this.#ownSession = true;
    }
    return this.#next.session;
  }

  setScalar<K extends keyof ProjectionScalars>(name: K, value: ProjectionScalars[K]): void {
    (this.#next as ProjectionScalars)[name] = value;
    // A value set in this batch is the batch's own (`editSession` changes it in place).
    if (name === 'session') this.#ownSession = true;
    else if (name === 'diagnosticCounts') this.#ownDiagnosticCounts = true;
  }

  /**
   * Records a diagnostic, and counts it under its code. Past the first `keepDiagnosticsPerCode` of
   * a code only the count grows: a stream of 100k unknown events keeps a hundred records (each with
   * its redacted event), not 100k. Returns the record, or undefined when only counted.
   */
  diagnose(input: DiagnosticInput): Diagnostic | undefined {
    const counts = this.#diagnosticCounts();
    const seen = counts.get(input.code) ?? 0;
    counts.set(input.code, seen + 1);
    if (seen >= this.#keepPerCode) return undefined;
    this.#diagnosticSeq += 1;
    const diagnostic: Diagnostic = {
      id: `diag-${this.#diagnosticSeq}`,
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

  /** The batch's own copy of the counts per diagnostic code (made once, committed with the batch). */
  #diagnosticCounts(): Map<string, number> {
    if (!this.#ownDiagnosticCounts) {
      this.#next.diagnosticCounts = new Map(this.#next.diagnosticCounts);
      this.#ownDiagnosticCounts = true;
    }
    return this.#next.diagnosticCounts as Map<string, number>;
  }

  /** Appends an entry to the process archive for a fact seen for the first time. */
  record(kind: TimelineKind, refId: string, event: { type: string; turnId?: string; timestamp?: string }, label?: string): void {
    this.#timelineSeq += 1;
    const entryId = `tl-${this.#timelineSeq}`;
    const { type, turnId, timestamp: at } = event;
    // The common entry (a turn, a time and a label) is one literal: fields added afterwards go to a
    // separate property store (~16 bytes more per entry in Chrome). A conditional spread would
    // allocate an object per field (this runs per fact), so the rest are set one by one.
    let entry: TimelineEntry;
    if (turnId !== undefined && at !== undefined && label !== undefined) entry = { entryId, kind, refId, type, turnId, at, label };
    else {
      entry = { entryId, kind, refId, type };
      if (turnId !== undefined) entry.turnId = turnId;
      if (at !== undefined) entry.at = at;
      if (label !== undefined) entry.label = label;
    }
    // A new id (the sequence is the table's size): appended without a look-up or an index entry.
    this.#writer('timeline').appendNew(entry.entryId, entry);
  }

  /**
   * The state for zustand after this batch: a new `Table` for each table it changed (the others keep
   * their object), the scalars as the batch left them. Ends the batch.
   */
  commit(): ProjectionData {
    // A list grown by push keeps spare capacity (V8 grows by half plus 16): a short list is copied
    // to its length once per batch, so a long session of many messages does not keep 16 spare slots
    // in each. A long one (a message of hundreds of parts; the lists that grow by thousands are
    // `IdList`s) keeps its slack rather than a second copy per batch.
    for (const { record, field } of this.#grownLists) {
      const list = record[field]!;
      if (list.length <= TRIMMED_LIST_LENGTH) record[field] = list.slice();
    }
    this.#grownLists.length = 0;
    const state = this.#next as Record<TableName, Table<unknown>>;
    for (const name of TABLE_NAMES) {
      const writer = this.#writers[name];
      if (writer === undefined) continue;
      if (writer.touched) state[name] = writer.publish();
      writer.end();
    }
    // Nothing of the state before this batch stays held by the draft (a store reset in between
    // would otherwise keep the old session in memory until the next batch).
    this.#data = RELEASED_DATA;
    this.#next = RELEASED_DATA;
    this.#writers = { ...NO_WRITERS };
    this.#ownLists.clear();
    return state as unknown as ProjectionData;
  }
}

type TableWriters = Record<TableName, TableWriter<unknown> | undefined>;

/** A writer slot per table, none taken; a draft's table of writers is a copy (one shape for all). */
const NO_WRITERS = Object.fromEntries(TABLE_NAMES.map((name) => [name, undefined])) as TableWriters;

/** What a draft holds between batches (see `commit`): an empty state, never written (`begin` starts afresh). */
const RELEASED_DATA = createProjectionData();

/** Tables are `TableVersion`s; a plain table (a hand-built state) is converted once. */
function asVersion<T>(table: Table<T>): TableVersion<T> {
  if (table instanceof TableVersion) return table;
  return tableOf(table.ids.flatMap((id) => {
    const value = table.byId.get(id);
    return value === undefined ? [] : [[id, value] as const];
  })) as TableVersion<T>;
}

// One idle draft (see `keepShape`).
keepShape(new ProjectionDraft(RELEASED_DATA));
