import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { TurnSlot } from './turnSlot';

/**
 * What a turn that suspends for answers needs beside its `TurnSlot` entry: the abort signal a
 * cancel raises, a sleep an answer (or the cancel) wakes, and the `respondAction` promises that
 * settle only on the runtime's `action.resolved`, never on the answer being sent.
 */
export class ActiveTurn {
  readonly controller = new AbortController();
  private wakeUp: (() => void) | undefined;
  private readonly waiters = new Map<string, { resolve(event: RuntimeEventEnvelope): void; reject(error: Error): void }>();

  constructor(readonly turnId: string) {}

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** Waits until an answer or a cancel wakes the turn. */
  sleep(): Promise<void> {
    return new Promise((resolve) => (this.wakeUp = resolve));
  }

  /**
   * Suspends while `waiting()` holds (an answer is still missing) and the turn is not cancelled;
   * true when every answer came, false when a cancel ended the wait.
   */
  async untilAnswered(waiting: () => boolean): Promise<boolean> {
    while (!this.aborted && waiting()) await this.sleep();
    return !this.aborted;
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Aborts the turn and wakes it if it sleeps: the `TurnSlot.cancel` abort. */
  abort(): void {
    this.controller.abort();
    this.wake();
  }

  /** Settles when the runtime reports `action.resolved` for the action. */
  resolution(actionId: string): Promise<RuntimeEventEnvelope> {
    return new Promise((resolve, reject) => this.waiters.set(actionId, { resolve, reject }));
  }

  /** Every event the turn emits passes here: an `action.resolved` answers the `respondAction` waiting on it. */
  observe(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
    if (event.type === 'action.resolved' && typeof event.actionId === 'string') {
      this.waiters.get(event.actionId)?.resolve(event);
      this.waiters.delete(event.actionId);
    }
    return event;
  }

  /** The turn's events ended: answers the runtime never acted on fail (the `TurnSlot.start` end hook). */
  finish(): void {
    for (const waiter of this.waiters.values()) waiter.reject(new Error(`turn ${this.turnId} ended before the runtime acted on the answer`));
    this.waiters.clear();
  }
}

/**
 * Runs a suspendable turn in the adapter's one slot: its events, then the snapshot point after
 * which `readThread` serves a current read model; each event passes `turn.observe`, and answers
 * the runtime never acted on fail when the events end, however they end.
 */
export function startActiveTurn<T extends ActiveTurn>(
  slot: TurnSlot<T>,
  turn: T,
  events: AsyncIterable<RuntimeEventEnvelope>,
  snapshotPoint: () => RuntimeEventEnvelope,
): AsyncIterable<RuntimeEventEnvelope> {
  return slot.start(
    turn,
    (async function* () {
      yield* events;
      yield turn.observe(snapshotPoint());
    })(),
    () => turn.finish(),
  );
}
