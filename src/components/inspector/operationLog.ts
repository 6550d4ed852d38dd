// The inspector needs what the store was given, in order, to show each event and to replay up to
// any position; the store keeps facts, not its input. The log wraps the store's own actions (the
// calls every stream, hook and adapter makes through `store.getState()`), records each call and
// passes it on unchanged: the facts are the store's alone.
import type { RuntimeStore, RuntimeStoreActions } from '../../store/createRuntimeStore';
import type { DiagnosticInput } from '../../store/draft';
import type { StaleReason } from '../../store/records';

/** One thing the store was given, in the order it took them; `batch` groups the events of one `ingest` call. */
export type StoreOperation =
  | { kind: 'event'; batch: number; event: unknown; line?: number }
  | { kind: 'snapshot'; batch: number; snapshot: unknown; older: boolean }
  | { kind: 'settle'; batch: number; sessionId?: string }
  | { kind: 'stale'; batch: number; reason: StaleReason }
  | { kind: 'fresh'; batch: number; reason: StaleReason }
  | { kind: 'diagnostic'; batch: number; diagnostic: DiagnosticInput }
  | { kind: 'reset'; batch: number };

/** What the store was given since the log attached, growing as it takes more. */
export interface OperationLog {
  /** Every operation so far, in order. Append-only: read `length` and items; never change it. */
  readonly entries: readonly StoreOperation[];
  /** Events the store had received before the log attached (the log cannot replay them). */
  readonly missedBefore: number;
  /** Called after each recorded call (one ingest batch is one call). */
  subscribe(listener: () => void): () => void;
  /** Grows by one per recorded call: a snapshot value for `useSyncExternalStore`. */
  version(): number;
}

type Wrapped = Pick<RuntimeStoreActions, 'ingest' | 'applyReadModel' | 'settle' | 'markStale' | 'clearStale' | 'recordDiagnostic' | 'reset'>;

const logs = new WeakMap<RuntimeStore, OperationLog>();

function attach(store: RuntimeStore): OperationLog {
  const entries: StoreOperation[] = [];
  const listeners = new Set<() => void>();
  let version = 0;
  let batch = 0;
  const original: Wrapped = store.getState();
  const record = (...operations: StoreOperation[]) => {
    entries.push(...operations);
    version += 1;
    for (const listener of listeners) listener();
  };
  const wrapped: Wrapped = {
    ingest(events, options) {
      const report = original.ingest(events, options);
      const id = (batch += 1);
      record(...events.map((event, i): StoreOperation => ({ kind: 'event', batch: id, event, ...(options?.lines?.[i] !== undefined && { line: options.lines[i] }) })));
      return report;
    },
    applyReadModel(snapshot, options) {
      const report = original.applyReadModel(snapshot, options);
      record({ kind: 'snapshot', batch: (batch += 1), snapshot, older: options?.older === true });
      return report;
    },
    settle(sessionId) {
      const report = original.settle(sessionId);
      record({ kind: 'settle', batch: (batch += 1), ...(sessionId !== undefined && { sessionId }) });
      return report;
    },
    markStale(reason) {
      original.markStale(reason);
      record({ kind: 'stale', batch: (batch += 1), reason });
    },
    clearStale(reason) {
      original.clearStale(reason);
      record({ kind: 'fresh', batch: (batch += 1), reason });
    },
    recordDiagnostic(diagnostic) {
      original.recordDiagnostic(diagnostic);
      record({ kind: 'diagnostic', batch: (batch += 1), diagnostic });
    },
    reset() {
      original.reset();
      record({ kind: 'reset', batch: (batch += 1) });
    },
  };
  const missedBefore = store.getState().counts.received;
  store.setState(wrapped);
  return {
    entries,
    missedBefore,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

/**
 * The operation log of a store, attached on first call (one per store, kept for the store's
 * lifetime). Call it right after `createRuntimeStore()` to capture from the first event; the
 * `RuntimeInspector` calls it when it mounts.
 * @example
 * const store = createRuntimeStore();
 * operationLogOf(store); // the inspector will show and replay everything from here
 */
export function operationLogOf(store: RuntimeStore): OperationLog {
  let log = logs.get(store);
  if (!log) logs.set(store, (log = attach(store)));
  return log;
}
