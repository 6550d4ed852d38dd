import type { RuntimeEventEnvelope } from '../../protocol/events';

const TERMINAL = new Set(['turn.completed', 'turn.failed', 'turn.cancelled']);

/**
 * The turn an adapter is running: the abort signal a cancel raises, the approval answers whose
 * `respondAction` promises wait for the runtime's `action.resolved`, and the terminal event
 * `cancelTurn` answers with. A turn that waits for answers sleeps until one arrives (or a cancel).
 */
export class ActiveTurn {
  readonly controller = new AbortController();
  readonly ended: Promise<RuntimeEventEnvelope | undefined>;
  private terminal: RuntimeEventEnvelope | undefined;
  private settle!: (event: RuntimeEventEnvelope | undefined) => void;
  private wakeUp: (() => void) | undefined;
  private readonly waiters = new Map<string, { resolve(event: RuntimeEventEnvelope): void; reject(error: Error): void }>();

  constructor(readonly turnId: string) {
    this.ended = new Promise((resolve) => (this.settle = resolve));
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** Waits until an answer or a cancel wakes the turn. */
  sleep(): Promise<void> {
    return new Promise((resolve) => (this.wakeUp = resolve));
  }

  wake(): void {
    this.wakeUp?.();
  }

  /** Settles when the runtime reports `action.resolved` for the action: the card resolves on that fact only. */
  resolution(actionId: string): Promise<RuntimeEventEnvelope> {
    return new Promise((resolve, reject) => this.waiters.set(actionId, { resolve, reject }));
  }

  /** Every event the turn emits passes here: it answers waiting `respondAction`s and keeps the terminal event. */
  observe(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
    if (TERMINAL.has(event.type)) this.terminal = event;
    if (event.type === 'action.resolved' && typeof event.actionId === 'string') {
      this.waiters.get(event.actionId)?.resolve(event);
      this.waiters.delete(event.actionId);
    }
    return event;
  }

  /** The turn's stream is over: answers the runtime never acted on fail, and `ended` settles. */
  finish(): void {
    for (const waiter of this.waiters.values()) waiter.reject(new Error(`turn ${this.turnId} ended before the runtime acted on the answer`));
    this.waiters.clear();
    this.settle(this.terminal);
  }
}

/** The one turn an adapter runs at a time: what `cancelTurn` and `respondAction` address. */
export class TurnSlot<Turn extends ActiveTurn = ActiveTurn> {
  private active: Turn | undefined;

  current(): Turn | undefined {
    return this.active;
  }

  /**
   * `startTurn`'s stream: the turn's events, then the closing event (the snapshot point `readThread`
   * serves), both passed through `record`; the turn holds the slot until its stream ends.
   */
  run(turn: Turn, events: AsyncIterable<RuntimeEventEnvelope>, closing: () => RuntimeEventEnvelope): AsyncGenerator<RuntimeEventEnvelope> {
    // The slot is taken at once: an answer or a cancel may come before the stream is first read.
    this.active = turn;
    const release = () => {
      if (this.active === turn) this.active = undefined;
      turn.finish();
    };
    return (async function* () {
      try {
        yield* events;
        yield closing();
      } finally {
        release();
      }
    })();
  }

  /** `cancelTurn`: aborts the running turn (the one named, when named) and answers with its terminal event. */
  async cancel(turnId?: string): Promise<RuntimeEventEnvelope> {
    const turn = this.active;
    if (turn === undefined || (turnId !== undefined && turnId !== turn.turnId)) {
      throw new Error(`no running turn${turnId !== undefined ? ` ${turnId}` : ''} to cancel`);
    }
    turn.controller.abort();
    turn.wake();
    const terminal = await turn.ended;
    if (terminal === undefined) throw new Error(`turn ${turn.turnId} ended without a terminal event`);
    return terminal;
  }
}
