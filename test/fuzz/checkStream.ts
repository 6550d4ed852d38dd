// Runs one fuzzed stream through a store and checks the invariants of issues 10 and 13: no throw,
// no hang, no Object.prototype pollution, apply-twice equals apply-once, replaying the unmutated
// stream after repair equals the uncut summary, no terminal state ever regresses, and (once commits
// are immutable) `prev` never shares a mutated table with `state`.
import { createRuntimeStore, type RuntimeStore } from '../../src/store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../../src/store/selectors/summarize';
import { TABLE_NAMES, type ProjectionData } from '../../src/store/state';
import type { FuzzOp, Json } from './mutateStream';
import { changedTerminalFields, terminalFields } from './terminalFields';
import { sameJson } from './sameJson';

export interface Violation {
  invariant: string;
  detail: string;
}

export interface CheckOptions {
  window: number;
  /** Summary of the clean stream (the uncut facts). */
  clean: RuntimeSummary;
  /** The clean stream and the read model it ends in (cursor at its last sequence). */
  cleanEvents: readonly Json[];
  repairSnapshot: unknown;
  /** Check that a commit leaves the previous state's tables untouched (needs immutable commits). */
  checkPrev: boolean;
  /** Per-stream time budget in ms. */
  budgetMs: number;
  /** The session the store is created for; without it the store follows the first session it sees. */
  sessionId?: string;
}

/** The invariants read every diagnostic (a conflict names the fact it kept): none is only counted. */
const KEEP_ALL = Number.POSITIVE_INFINITY;

const PROTOTYPE_SHAPE = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const ARRAY_SHAPE = Object.getOwnPropertyNames(Array.prototype).sort().join(',');

function polluted(): string | undefined {
  if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_SHAPE) return 'Object.prototype gained or lost a property';
  if (Object.getOwnPropertyNames(Array.prototype).sort().join(',') !== ARRAY_SHAPE) return 'Array.prototype gained or lost a property';
  if ((({}) as Json).polluted !== undefined || (({}) as Json).status !== undefined) return 'a plain object inherits a polluted key';
  return undefined;
}

/** The facts of a summary: what the UI renders, without the counters and the diagnostics list. */
export function factsOf(summary: RuntimeSummary): Omit<RuntimeSummary, 'counts' | 'diagnostics'> {
  const { counts: _counts, diagnostics: _diagnostics, ...facts } = summary;
  return facts;
}

/** Terminal states seen so far, keyed `kind:id`, read from the tables (cheap enough to run per batch): none may later change. */
function terminalStates(state: ProjectionData): Map<string, string> {
  const out = new Map<string, string>();
  for (const turn of state.turns.byId.values()) if (turn.lifecycle === 'completed' || turn.lifecycle === 'failed' || turn.lifecycle === 'cancelled') out.set(`turn:${turn.turnId}`, turn.lifecycle);
  // By table key: a call is one per (turn, toolCallId), so a reused id is another call.
  for (const [key, tool] of state.toolCalls.byId) if (tool.status === 'succeeded' || tool.status === 'failed') out.set(`tool:${key}`, tool.status);
  for (const action of state.actions.byId.values()) if (action.status !== 'pending') out.set(`action:${action.actionId}`, action.status);
  // (A message's `final` is not terminal: a turn's implicit message re-opens when its next model step starts, issue 10 bug 1.)
  return out;
}

function tableSnapshot(state: ProjectionData): Map<string, { ids: string[]; entries: [string, unknown][] }> {
  const out = new Map<string, { ids: string[]; entries: [string, unknown][] }>();
  for (const name of TABLE_NAMES) out.set(name, { ids: state[name].ids.slice(), entries: [...state[name].byId] });
  return out;
}

function prevUntouched(prev: ProjectionData, before: ReturnType<typeof tableSnapshot>): string | undefined {
  for (const name of TABLE_NAMES) {
    const held = before.get(name)!;
    const table = prev[name];
    if (table.ids.length !== held.ids.length || table.ids.some((id, i) => id !== held.ids[i])) return `prev.${name}.ids changed by the next commit`;
    if (table.byId.size !== held.entries.length || held.entries.some(([id, record]) => table.byId.get(id) !== record)) return `prev.${name}.byId changed by the next commit`;
  }
  return undefined;
}

function run(store: RuntimeStore, op: FuzzOp): void {
  if (op.kind === 'ingest') store.getState().ingest(op.events);
  else store.getState().applyReadModel(op.doc);
}

const counted = (summary: RuntimeSummary) => {
  const { received: _r, duplicates: _d, ...rest } = summary.counts;
  return rest;
};

/** Returns the violations found (empty when every invariant holds) and how long the stream took. */
export function checkStream(ops: readonly FuzzOp[], options: CheckOptions): { violations: Violation[]; ms: number; boundElsewhere?: boolean } {
  const violations: Violation[] = [];
  const fail = (invariant: string, detail: string) => violations.push({ invariant, detail: detail.slice(0, 400) });
  let applyMs = 0;
  try {
    // Apply twice: the same events again (no snapshot between: a cursorless snapshot rightly lets
    // a re-send apply) change no fact, add no diagnostic and no count but duplicates.
    const plain = createRuntimeStore({ reorderWindow: options.window, keepDiagnosticsPerCode: KEEP_ALL, ...(options.sessionId !== undefined && { sessionId: options.sessionId }) });
    // The hang budget is for one application of the stream (this pass), not the whole check.
    const applyStarted = performance.now();
    for (const op of ops) if (op.kind === 'ingest') plain.getState().ingest(op.events);
    plain.getState().settle();
    const once = summarize(plain.getState());
    applyMs = performance.now() - applyStarted;
    for (const op of ops) if (op.kind === 'ingest') plain.getState().ingest(op.events);
    plain.getState().settle();
    const twice = summarize(plain.getState());
    if (!sameJson(factsOf(twice), factsOf(once))) fail('apply-twice', firstDifference(factsOf(once), factsOf(twice)));
    if (twice.diagnostics.length !== once.diagnostics.length) {
      fail('apply-twice', `diagnostics ${once.diagnostics.length} -> ${twice.diagnostics.length}: ${twice.diagnostics.slice(once.diagnostics.length).map((d) => d.code).join(',')}`);
    }
    if (!sameJson(counted(twice), counted(once))) fail('apply-twice', `counts ${JSON.stringify(counted(once))} -> ${JSON.stringify(counted(twice))}`);

    // The stream with its snapshots: no terminal state ever goes back, and (with immutable commits)
    // a commit never changes the state it replaces.
    const store = createRuntimeStore({ reorderWindow: options.window, keepDiagnosticsPerCode: KEEP_ALL, ...(options.sessionId !== undefined && { sessionId: options.sessionId }) });
    let terminal = new Map<string, string>();
    let step = 0;
    for (const op of ops) {
      // The projection is restorable (issue 22): set back to the state before an op, the op gives the same state again.
      if (step++ % 7 === 3) {
        const before = store.getState();
        run(store, op);
        // A summary is plain data built from the records (no record is shared), so it is held as it was.
        const once = summarize(store.getState());
        store.setState(before, true);
        run(store, op);
        const again = summarize(store.getState());
        if (!sameJson(again, once)) fail('restore-replays', firstDifference(once, again));
        store.setState(before, true);
      }
      const prev = store.getState();
      const before = options.checkPrev ? tableSnapshot(prev) : undefined;
      const heldFields = op.kind === 'hydrate' ? terminalFields(prev) : undefined;
      run(store, op);
      // A read model never changes a field a terminal entity holds (issue 22: one monotonic merge).
      const current = op.kind === 'hydrate' && typeof op.doc === 'object' && op.doc !== null && 'cursor' in op.doc;
      // Events a snapshot let through (waiting behind a gap it repaired) are the event door's facts, not the merge's.
      const drained = store.getState().counts.applied !== prev.counts.applied;
      if (heldFields && !drained) for (const change of changedTerminalFields(heldFields, terminalFields(store.getState()), current).slice(0, 1)) fail('terminal-field-changed', change);
      if (before) {
        const shared = prevUntouched(prev, before);
        if (shared) fail('prev-immutable', shared);
      }
      const now = terminalStates(store.getState());
      for (const [key, status] of terminal) {
        const next = now.get(key);
        if (next !== status) fail('terminal-regressed', `${key} went from ${status} to ${next ?? 'open/absent'} after a ${op.kind}`);
      }
      terminal = now;
    }
    store.getState().settle();
    // A store that bound itself to another session (its first event was foreign) rightly refuses this session's repair.
    if (store.getState().session.sessionId !== options.clean.sessionId) return { violations, ms: applyMs, boundElsewhere: true };

    // Repair: the runtime's read model, then the unmutated stream; the clean stream's facts must all be there.
    store.getState().applyReadModel(options.repairSnapshot);
    store.getState().ingest(options.cleanEvents as unknown[]);
    store.getState().settle();
    const repaired = factsOf(summarize(store.getState()));
    const diagnostics = [...store.getState().diagnostics.byId.values()];
    const conflicts = diagnostics.filter((d) => d.code === 'snapshot_conflict').map((d) => d.message);
    const omittedPending = diagnostics.some((d) => d.code === 'snapshot_omits_pending_action');
    const clean = factsOf(options.clean);
    for (const key of ['turns', 'messages', 'tools', 'actions', 'artifacts', 'evidence', 'tasks', 'subagents'] as const) {
      const idKey = { turns: 'turnId', messages: 'messageId', tools: 'toolCallId', actions: 'actionId', artifacts: 'artifactId', evidence: 'evidenceId', tasks: 'taskId', subagents: 'subagentId' }[key];
      const byId = new Map<unknown, Json[]>();
      for (const item of repaired[key] as unknown as Json[]) byId.set(item[idKey], [...(byId.get(item[idKey]) ?? []), item]);
      for (const item of clean[key] as unknown as Json[]) {
        const candidates = byId.get(item[idKey]) ?? [];
        // A tool event a mutation moved to another turn (a wrong turnId) is that turn's own call,
        // beside the real one (summaries list calls without their turn): either may match.
        let got = (key === 'tools' ? candidates.find((c) => c.status === item.status && c.name === item.name) : undefined) ?? candidates[0];
        // Attempts are never dropped: one a mutated stream invented stays beside the real ones.
        if (key === 'tasks' && got) {
          const runIds = new Set((item.attempts as Json[]).map((a) => a.runId));
          got = { ...got, attempts: (got.attempts as Json[]).filter((a) => runIds.has(a.runId)) };
        }
        // A pending action only the mutated stream stated is never erased by a snapshot (reported
        // snapshot_omits_pending_action): its turn rightly needs input.
        if (key === 'turns' && omittedPending && got?.status === 'needs-input') continue;
        // A field the uncut stream leaves unknown, the snapshot says nothing about: a mutated copy's value may stay.
        const stated = (entity: Json | undefined) =>
          entity && Object.fromEntries(Object.entries(entity).filter(([field]) => item[field] !== undefined && item[field] !== null && item[field] !== 'unknown'));
        if (sameJson(stated(got), stated(item))) continue;
        // A terminal fact the mutated stream stated first is kept against the snapshot, as a conflict.
        if (conflicts.some((message) => message.includes(` ${String(item[idKey])} `))) continue;
        fail('repair-equals-uncut', `${key} ${String(item[idKey])}: ${JSON.stringify(got)?.slice(0, 200)} != ${JSON.stringify(item).slice(0, 200)}`);
      }
    }
    // The session status is the latest turn's: comparable when the mutations added no turn of their own.
    const sameTurns = sameJson(repaired.turns.map((t) => t.turnId), clean.turns.map((t) => t.turnId));
    if (sameTurns && !(omittedPending && repaired.status === 'needs-input') && repaired.status !== clean.status) fail('repair-equals-uncut', `status ${repaired.status} != ${clean.status}`);
  } catch (error) {
    fail('no-throw', error instanceof Error ? `${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n')}` : String(error));
  }
  const pollution = polluted();
  if (pollution) fail('no-pollution', pollution);
  if (applyMs > options.budgetMs) fail('no-hang', `${Math.round(applyMs)} ms for one application`);
  return { violations, ms: applyMs };
}

function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (sameJson(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const inner = firstDifference((a as Json)[key], (b as Json)[key], `${path}.${key}`);
      if (inner) return inner;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 160)} -> ${JSON.stringify(b)?.slice(0, 160)}`;
}
