import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { CancelTurnInput } from '../../protocol/providerAdapter';

/** The events that end a turn: the one `cancelTurn` answers with. */
export const TERMINAL_TURN_EVENTS: ReadonlySet<string> = new Set(['turn.completed', 'turn.failed', 'turn.cancelled']);

interface Running<T> {
  turn: T;
  ended: Promise<RuntimeEventEnvelope | undefined>;
}

/**
 * The turn an adapter is running (one at a time): what `cancelTurn` and `respondAction` find,
 * freed when the turn's events end, and the terminal event it ended with, which is the runtime's
 * answer to a cancel (never one the adapter makes up).
 */
export class TurnSlot<T extends { turnId: string }> {
  private running: Running<T> | undefined;

  get current(): T | undefined {
    return this.running?.turn;
  }

  /** Makes `turn` the running turn at once and returns its events; `onEnd` runs when they end, however they end. */
  start(turn: T, events: AsyncIterable<RuntimeEventEnvelope>, onEnd?: () => void): AsyncIterable<RuntimeEventEnvelope> {
    let ended!: (terminal: RuntimeEventEnvelope | undefined) => void;
    const entry: Running<T> = { turn, ended: new Promise((resolve) => (ended = resolve)) };
    this.running = entry;
    const slot = this;
    return (async function* () {
      let terminal: RuntimeEventEnvelope | undefined;
      try {
        for await (const event of events) {
          if (TERMINAL_TURN_EVENTS.has(event.type)) terminal = event;
          yield event;
        }
      } finally {
        onEnd?.();
        if (slot.running === entry) slot.running = undefined;
        ended(terminal);
      }
    })();
  }

  /** `cancelTurn`: aborts the running turn (the one named, when named) and answers with how it ended. */
  async cancel(input: CancelTurnInput, abort: (turn: T) => void): Promise<RuntimeEventEnvelope> {
    const running = this.running;
    if (running === undefined || (input.turnId !== undefined && input.turnId !== running.turn.turnId)) {
      throw new Error(`no running turn${input.turnId !== undefined ? ` ${input.turnId}` : ''} to cancel`);
    }
    abort(running.turn);
    const terminal = await running.ended;
    if (terminal === undefined) throw new Error(`turn ${running.turn.turnId} ended without a terminal event`);
    return terminal;
  }
}
