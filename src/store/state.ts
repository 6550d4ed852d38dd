import type {
  ActionRecord,
  ArtifactRecord,
  CostLimitFacts,
  Diagnostic,
  EvidenceRecord,
  MessagePart,
  MessageRecord,
  PermissionFacts,
  QueuedTurn,
  RoutingFacts,
  SessionFacts,
  SubagentRecord,
  TaskRecord,
  ThreadRecord,
  TimelineEntry,
  ToolCallRecord,
  TurnRecord,
} from './records';
import type { OrderState } from './orderState';
import { createTable, type Table } from './table';

/**
 * Running counts of what the store did with the events it received (in `state.counts`; `ingest`
 * reports one call's).
 */
export interface IngestCounts {
  /** Events handed to `ingest`. */
  received: number;
  /** Events applied to the projection. */
  applied: number;
  /** Events dropped because their `eventId` was already seen (or a snapshot covered them). */
  duplicates: number;
  /** Events that arrived ahead of a missing predecessor and were applied once it came. */
  reordered: number;
  /** Events kept out of the facts because they are malformed or miss correlation. */
  invalid: number;
  /** Events of a type the kit does not know, kept in diagnostics. */
  unknownType: number;
  /** Events that came after their place in the order had passed; the session went stale. */
  late: number;
  /** Events held back behind a sequence gap, waiting for it to fill or for repair. */
  pending: number;
}

/** A UI overlay, never a runtime fact: the user answered and the write is in flight. */
export interface RespondingOverlay {
  since: number;
  decision?: string;
  /** What was sent with the decision, so a retry resends exactly the same answer. */
  payload?: Record<string, unknown>;
  error?: string;
}

/** The tables of the projection, each a normalized `Table`. */
export interface ProjectionTables {
  threads: Table<ThreadRecord>;
  turns: Table<TurnRecord>;
  messages: Table<MessageRecord>;
  /** Subagent transcripts live apart so they can never enter the main conversation. */
  subagentMessages: Table<MessageRecord>;
  parts: Table<MessagePart>;
  toolCalls: Table<ToolCallRecord>;
  actions: Table<ActionRecord>;
  artifacts: Table<ArtifactRecord>;
  evidence: Table<EvidenceRecord>;
  tasks: Table<TaskRecord>;
  subagents: Table<SubagentRecord>;
  diagnostics: Table<Diagnostic>;
  timeline: Table<TimelineEntry>;
}

/** The name of one of the projection's tables (`turns`, `messages`, `toolCalls` ...). */
export type TableName = keyof ProjectionTables;

export interface ProjectionScalars {
  session: SessionFacts;
  queue: readonly QueuedTurn[];
  /** The last queue fact came in a form the kit cannot read: the queue is `unknown`, not empty. */
  queueUnknown: boolean;
  routing: RoutingFacts | null;
  costLimits: CostLimitFacts;
  permissions: PermissionFacts;
  counts: IngestCounts;
  /**
   * The turns a blocking fact stops now (those whose `blocked` is set), so that an event of progress
   * checks for a block to clear without reading its turn when none is blocked.
   */
  blockedTurns: ReadonlySet<string>;
  /**
   * How many diagnostics of each code were raised, the ones only counted included: past the first
   * hundred of a code (`keepDiagnosticsPerCode`), `diagnostics` keeps no more records of it.
   */
  diagnosticCounts: ReadonlyMap<string, number>;
  responding: ReadonlyMap<string, RespondingOverlay>;
  /**
   * True only in a state presented while `openBacklog` opens a backlog into an empty store: history
   * is still loading. Its records are either those of the newest turns, exactly as the whole backlog
   * makes them (shown first), or, when no newest turns can be shown first, the history applied in
   * order so far (records that later events of the backlog carry on). Either way the session-wide
   * figures (costs, routing, permissions, the queue, diagnostics, the timeline) are not known yet,
   * and a request on screen may be answered further on. Never set in a committed state.
   */
  historyPending?: boolean;
  /**
   * With `historyPending`: the records are the history applied in order so far, not the newest
   * turns, so its latest turn is not the session's. The status header says history is loading
   * rather than that turn's stage; routing, costs and the queue are presented as not known yet.
   */
  historyPrefix?: boolean;
  /**
   * The order keeper's state (ids seen, the expected place, events waiting on a gap): part of the
   * state so that `setState(prev)` and a state copied into a fresh store go on exactly from there.
   * Opaque; undefined before the store publishes its first.
   */
  order: OrderState | undefined;
}

/**
 * Everything the store holds, without its actions: the tables and the scalar facts. Selectors take
 * this; never mutate it (each commit is a new object for what changed).
 */
export type ProjectionData = ProjectionTables & ProjectionScalars;

export const TABLE_NAMES: readonly TableName[] = [
  'threads',
  'turns',
  'messages',
  'subagentMessages',
  'parts',
  'toolCalls',
  'actions',
  'artifacts',
  'evidence',
  'tasks',
  'subagents',
  'diagnostics',
  'timeline',
];

export function emptyCounts(): IngestCounts {
  return { received: 0, applied: 0, duplicates: 0, reordered: 0, invalid: 0, unknownType: 0, late: 0, pending: 0 };
}

// The counts helpers below run per batch: written out field by field (no key array per call).

/** True when both count the same. */
export function sameCounts(a: IngestCounts, b: IngestCounts): boolean {
  return (
    a.received === b.received &&
    a.applied === b.applied &&
    a.duplicates === b.duplicates &&
    a.reordered === b.reordered &&
    a.invalid === b.invalid &&
    a.unknownType === b.unknownType &&
    a.late === b.late &&
    a.pending === b.pending
  );
}

/** What was counted from `before` to `after`; `pending` is what waits at `after`. */
export function countsSince(before: IngestCounts, after: IngestCounts): IngestCounts {
  return {
    received: after.received - before.received,
    applied: after.applied - before.applied,
    duplicates: after.duplicates - before.duplicates,
    reordered: after.reordered - before.reordered,
    invalid: after.invalid - before.invalid,
    unknownType: after.unknownType - before.unknownType,
    late: after.late - before.late,
    pending: after.pending,
  };
}

export function createProjectionData(): ProjectionData {
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, createTable()])) as unknown as ProjectionTables;
  return {
    ...tables,
    session: { stale: false, unavailableFacts: [] },
    queue: [],
    queueUnknown: false,
    routing: null,
    costLimits: {},
    permissions: { decisions: [], violations: [] },
    counts: emptyCounts(),
    blockedTurns: new Set(),
    diagnosticCounts: new Map(),
    responding: new Map(),
    order: undefined,
  };
}
