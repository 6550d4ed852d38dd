import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { CancelTurnInput } from '../../protocol/providerAdapter';

/** The events that end a turn: the one `cancelTurn` answers with. */
export const TERMINAL_TURN_EVENTS: ReadonlySet<string> = new Set(['turn.completed', 'turn.failed', 'turn.cancelled']);

/**
 * A prompt waiting in a conversation's line, as the `queue.changed` fact lists it: a turn queued
 * behind the running one, or a steering message the running turn has not taken yet.
 */
export interface WaitingInput {
  /** The turn a queued prompt will run as (absent for a steering message). */
  turnId?: string;
  queueId: string;
  prompt: string;
  mode: 'queue' | 'steer';
}

/** What a `TurnQueue` needs from its adapter: the `queue.changed` fact for the line as it now is. */
export interface TurnQueueOptions {
  /** Makes and records the queue fact (`queue.changed` with the line) and returns it. */
  queueChanged(line: readonly WaitingInput[]): RuntimeEventEnvelope;
}

interface Running<T> {
  turn: T;
  ended: Promise<RuntimeEventEnvelope | undefined>;
  end(terminal: RuntimeEventEnvelope | undefined): void;
}

interface Waiting<T> {
  turn: T;
  prompt: string;
  /** Called with true when the turn's time comes, false when it was cancelled while it waited. */
  wake(go: boolean): void;
}

/**
 * One conversation's turns, one at a time: the running turn (what `cancelTurn` and
 * `respondAction` find) and the turns waiting behind it, in order. A turn submitted while another
 * runs waits, visibly (`queue.changed`), and its run starts only when every turn before it has
 * ended, so what it sends the model holds their exchanges. Two turns never run at once. The
 * terminal event a turn ended with is the runtime's answer to a cancel (never one made up).
 */
export class TurnQueue<T extends { turnId: string }> {
  private running: Running<T> | undefined;
  private readonly waiting: Waiting<T>[] = [];
  private readonly held: WaitingInput[] = [];

  constructor(private readonly options: TurnQueueOptions) {}

  get current(): T | undefined {
    return this.running?.turn;
  }

  /** Whether a turn runs or waits: a new one would queue. */
  get busy(): boolean {
    return this.running !== undefined || this.waiting.length > 0;
  }

  /** The line as the queue fact lists it: held steering messages first, then the queued turns in order. */
  line(): WaitingInput[] {
    return [...this.held, ...this.waiting.map(({ turn, prompt }) => ({ turnId: turn.turnId, queueId: turn.turnId, prompt, mode: 'queue' as const }))];
  }

  /** Lists a steering message that waits for the running turn to take it; returns the queue fact. */
  hold(input: WaitingInput): RuntimeEventEnvelope {
    this.held.push(input);
    return this.options.queueChanged(this.line());
  }

  /** The running turn took (or turned down) a held message; returns the queue fact, or nothing when it was not held. */
  release(queueId: string): RuntimeEventEnvelope | undefined {
    const index = this.held.findIndex((input) => input.queueId === queueId);
    if (index < 0) return undefined;
    this.held.splice(index, 1);
    return this.options.queueChanged(this.line());
  }

  private claim(turn: T): Running<T> {
    let end!: Running<T>['end'];
    const ended = new Promise<RuntimeEventEnvelope | undefined>((resolve) => (end = resolve));
    this.running = { turn, ended, end };
    return this.running;
  }

  /** The running turn ended: the next waiting turn (if any) runs. */
  private free(entry: Running<T>, terminal: RuntimeEventEnvelope | undefined): void {
    if (this.running === entry) this.running = undefined;
    entry.end(terminal);
    const next = this.waiting.shift();
    if (next !== undefined) {
      this.claim(next.turn);
      next.wake(true);
    }
  }

  /**
   * Runs a turn now, or after the turns before it: its events, preceded (when it waited) by the
   * queue facts of its wait. `run` is called only when the turn's time comes; `onEnd` runs when
   * its events end, however they end. A consumer that stops reading a waiting turn takes it out of
   * the line; one that stops reading a running turn ends it.
   */
  submit(turn: T, prompt: string, run: () => AsyncIterable<RuntimeEventEnvelope>, onEnd?: () => void): AsyncIterable<RuntimeEventEnvelope> {
    const queue = this;
    return (async function* () {
      let entry: Running<T> | undefined;
      const waited = queue.busy;
      if (!waited) entry = queue.claim(turn);
      else {
        let wake!: (go: boolean) => void;
        const ready = new Promise<boolean>((resolve) => (wake = resolve));
        const waiting: Waiting<T> = { turn, prompt, wake };
        queue.waiting.push(waiting);
        try {
          yield queue.options.queueChanged(queue.line());
          // Its time came (the turn before it ended and `free` made it the running one), or a cancel.
          if (await ready) entry = queue.running;
        } finally {
          if (entry === undefined) {
            const index = queue.waiting.indexOf(waiting);
            if (index >= 0) queue.waiting.splice(index, 1);
            // Its time had come, but its consumer left before it ran: the next one runs.
            else if (queue.running?.turn === turn) queue.free(queue.running, undefined);
            onEnd?.();
          }
        }
        if (entry === undefined) return;
      }
      let terminal: RuntimeEventEnvelope | undefined;
      try {
        // The line moved on: said before the turn's own facts.
        if (waited) yield queue.options.queueChanged(queue.line());
        for await (const event of run()) {
          if (TERMINAL_TURN_EVENTS.has(event.type)) terminal = event;
          yield event;
        }
      } finally {
        onEnd?.();
        queue.free(entry, terminal);
      }
    })();
  }

  /**
   * `cancelTurn`: a waiting turn leaves the line (answered with the queue fact); the running one
   * (the one named, when named) is aborted and answered with the terminal event it ended with.
   */
  async cancel(input: CancelTurnInput, abort: (turn: T) => void): Promise<RuntimeEventEnvelope> {
    const index = input.turnId === undefined ? -1 : this.waiting.findIndex((w) => w.turn.turnId === input.turnId);
    if (index >= 0) {
      const [waiting] = this.waiting.splice(index, 1);
      waiting!.wake(false);
      return this.options.queueChanged(this.line());
    }
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
