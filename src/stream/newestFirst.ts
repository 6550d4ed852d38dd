// Shows a backlog's newest turns before the history before them is applied: the closed tail
// (`findNewestTurns`) is projected on a scratch store and its records presented on the real one
// while the whole backlog is applied there in order, underneath.
import type { RuntimeState, RuntimeStore } from '../store/createRuntimeStore';
import { gates } from '../store/notificationGate';
import { presentState } from '../store/presentState';

/**
 * `tail` projected on a scratch store made like `store` (undefined for a store `createRuntimeStore` did not make) and settled: the records `presentNewestTurns` shows. Not on
 * the store itself and a reset after: a store's tables share their storage with the versions after
 * them, so records read before a reset are not kept by it. `threadFacts`, the history's events
 * that state the thread's own facts, go first, placed just before the tail (undefined when the
 * tail's first sequence leaves no room for them).
 */
export function projectNewestTurns(store: RuntimeStore, tail: readonly unknown[], threadFacts: readonly unknown[] = []): RuntimeState | undefined {
  // Made with the store's own options (its preview budget shapes the records, its session binds).
  const scratch = gates.get(store)?.sibling() as RuntimeStore | undefined;
  if (!scratch) return undefined;
  const before = placedJustBefore(threadFacts, tail);
  if (!before) return undefined;
  scratch.getState().ingest(before.length > 0 ? [...before, ...tail] : tail);
  // A store first seeing a stream mid-way holds its events a reorder window long, in case lower
  // sequences are still coming: none are (the tail's history is before it), so apply them all now.
  scratch.getState().settle();
  return scratch.getState();
}

/**
 * True when `projected` shows its threads as the whole backlog does: the whole's first thread first
 * (the default one of reads and of a prompt sent), and every thread with a turn of its own (an
 * event that names a thread and a turn need not make one: a cost, a task's progress, a subagent's
 * text; a thread whose turns are all in the history would be shown without them).
 */
export function threadsAsWhole(projected: RuntimeState, firstThreadId: string | undefined): boolean {
  const { threads } = projected;
  if (firstThreadId !== undefined && threads.ids.length > 0 && threads.ids[0] !== firstThreadId) return false;
  for (const thread of threads.byId.values()) if (thread.turnIds.length === 0) return false;
  return true;
}

/**
 * The history's events that state the thread's own facts (`NewestTurns.threadFacts`), placed in the
 * order just before the tail, as the tail's history places them (their own sequences would leave a
 * gap before the tail that holds it back); undefined when there is no room below the tail's first.
 */
function placedJustBefore(threadFacts: readonly unknown[], tail: readonly unknown[]): unknown[] | undefined {
  if (threadFacts.length === 0) return [];
  const first = tail.find((value): value is { sequence: number } => typeof (value as { sequence?: unknown } | undefined)?.sequence === 'number');
  if (!first) return threadFacts.slice();
  const from = first.sequence - threadFacts.length;
  if (from < 0) return undefined;
  return threadFacts.map((event, n) => ({ ...(event as object), sequence: from + n }));
}

/**
 * Presents the history `store` has applied so far with `historyPending` set (none yet while the
 * backlog is read and its newest turns found), ending the presentation before it (`previous`,
 * ended while notifications are held, so unheard): the thread says history is loading, never that
 * the session has no messages, and the status header that the session's stage is not known yet
 * (`historyPrefix`). Returns the end.
 */
export function presentHistorySoFar(store: RuntimeStore, previous?: () => void): () => void {
  previous?.();
  // The session's current figures come later in the backlog: the routing, costs and queue applied so far are not them.
  return presentState(store, { ...store.getState(), routing: null, costLimits: {}, queueUnknown: true, historyPending: true, historyPrefix: true });
}

/**
 * Presents the records of `newest` (`projectNewestTurns` of the closed tail of a backlog the empty
 * `store` is about to apply) on `store`: the entity tables (threads, turns, messages, parts, tools,
 * actions, artifacts, evidence, tasks, subagents) and the session's last facts, with
 * `historyPending` set. Session-wide figures stay as the empty store has them, not known yet: a
 * tail's costs or diagnostics are not the session's (its own `stream_starts_mid_way` least of all).
 * The queue is `unknown` rather than empty. Returns the end of the presentation.
 */
export function presentNewestTurns(store: RuntimeStore, newest: RuntimeState): () => void {
  const presented: RuntimeState = {
    ...store.getState(),
    threads: newest.threads,
    turns: newest.turns,
    messages: newest.messages,
    subagentMessages: newest.subagentMessages,
    parts: newest.parts,
    toolCalls: newest.toolCalls,
    actions: newest.actions,
    artifacts: newest.artifacts,
    evidence: newest.evidence,
    tasks: newest.tasks,
    subagents: newest.subagents,
    blockedTurns: newest.blockedTurns,
    session: newest.session,
    counts: newest.counts,
    queueUnknown: true,
    historyPending: true,
    // The newest turns, not history applied so far (the presentation before this one's mark).
    historyPrefix: undefined,
  };
  return presentState(store, presented);
}
