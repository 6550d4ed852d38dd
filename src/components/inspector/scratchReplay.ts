// Time travel without touching the live store: the log replayed into a scratch store up to a
// position. Forward moves apply only what is new; a move back starts a fresh store.
import { createRuntimeStore, type RuntimeState, type RuntimeStore, type RuntimeStoreOptions } from '../../store/createRuntimeStore';
import type { StoreOperation } from './operationLog';

/** Applies `entries[from, to)` to `store`: the events of one ingest call together, as the live store took them. */
export function applyOperations(store: RuntimeStore, entries: readonly StoreOperation[], from: number, to: number): void {
  const state = store.getState();
  for (let i = from; i < to; ) {
    const entry = entries[i]!;
    if (entry.kind === 'event') {
      const events: unknown[] = [];
      const lines: (number | undefined)[] = [];
      for (; i < to && entries[i]!.kind === 'event' && entries[i]!.batch === entry.batch; i++) {
        const item = entries[i] as Extract<StoreOperation, { kind: 'event' }>;
        events.push(item.event);
        lines.push(item.line);
      }
      state.ingest(events, lines.some((l) => l !== undefined) ? { lines } : undefined);
      continue;
    }
    if (entry.kind === 'snapshot') state.applyReadModel(entry.snapshot, { older: entry.older });
    else if (entry.kind === 'settle') state.settle(entry.sessionId);
    else if (entry.kind === 'stale') state.markStale(entry.reason);
    else if (entry.kind === 'fresh') state.clearStale(entry.reason);
    else if (entry.kind === 'diagnostic') state.recordDiagnostic(entry.diagnostic);
    else state.reset();
    i += 1;
  }
}

/** A scratch store that follows the log to any position. */
export class ScratchReplay {
  private current: RuntimeStore;
  private position = 0;

  constructor(
    private readonly entries: readonly StoreOperation[],
    private readonly options: RuntimeStoreOptions = {},
  ) {
    this.current = createRuntimeStore(options);
  }

  /** The scratch store after the first `position` operations (a new store when moving back). */
  moveTo(position: number): RuntimeStore {
    const target = Math.max(0, Math.min(position, this.entries.length));
    if (target < this.position) {
      this.current = createRuntimeStore(this.options);
      this.position = 0;
    }
    applyOperations(this.current, this.entries, this.position, target);
    this.position = target;
    return this.current;
  }

  /** The scratch store's state now. */
  state(): RuntimeState {
    return this.current.getState();
  }
}
