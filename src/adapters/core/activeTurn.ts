import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { AddToolOutputInput } from '../../protocol/providerAdapter';

/** What the app gave for a tool it ran itself: its output, or the text of its failure. */
export type ToolOutcome = { output: unknown; errorText?: undefined } | { errorText: string; output?: undefined };
import type { TurnQueue } from './turnQueue';

/**
 * What a turn that suspends for answers needs beside its `TurnQueue` entry: the abort signal a
 * cancel raises, a sleep an answer (or the cancel) wakes, and the `respondAction` promises that
 * settle only on the runtime's `action.resolved`, never on the answer being sent.
 */
export class ActiveTurn {
  readonly controller = new AbortController();
  /** Outputs the app gave for tools it runs itself (client-side or frontend tools), by tool call id. */
  readonly outputs = new Map<string, ToolOutcome>();
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

  /** Aborts the turn and wakes it if it sleeps: the `TurnQueue.cancel` abort. */
  abort(): void {
    this.controller.abort();
    this.wake();
  }

  /** Settles when the runtime reports `action.resolved` for the action. */
  resolution(actionId: string): Promise<RuntimeEventEnvelope> {
    return new Promise((resolve, reject) => this.waiters.set(`action:${actionId}`, { resolve, reject }));
  }

  /** Settles when the turn reports the tool's result or failure (an output the app added, taken by the runtime). */
  toolOutcome(toolCallId: string): Promise<RuntimeEventEnvelope> {
    return new Promise((resolve, reject) => this.waiters.set(`tool:${toolCallId}`, { resolve, reject }));
  }

  /**
   * Every event the turn emits passes here: an `action.resolved` answers the `respondAction`
   * waiting on it, a tool's result or failure the `addToolOutput` waiting on it.
   */
  observe(event: RuntimeEventEnvelope): RuntimeEventEnvelope {
    const key =
      event.type === 'action.resolved' && typeof event.actionId === 'string'
        ? `action:${event.actionId}`
        : (event.type === 'tool.result' || event.type === 'tool.failed') && typeof event.toolCallId === 'string'
          ? `tool:${event.toolCallId}`
          : undefined;
    if (key !== undefined) {
      this.waiters.get(key)?.resolve(event);
      this.waiters.delete(key);
    }
    return event;
  }

  /**
   * `addToolOutput`: keeps the app's output for an awaited tool call and wakes the turn; settles
   * with the tool's fact once the turn reported it. Refused when the call is not `awaited` or
   * already has an output.
   */
  addOutput(input: AddToolOutputInput, awaited: boolean): Promise<RuntimeEventEnvelope> {
    if (!awaited || this.outputs.has(input.toolCallId)) return Promise.reject(new Error(`tool call ${input.toolCallId} is not waiting for an output`));
    const outcome = this.toolOutcome(input.toolCallId);
    this.outputs.set(input.toolCallId, input.errorText !== undefined ? { errorText: input.errorText } : { output: input.output });
    this.wake();
    return outcome;
  }

  /** Runs the app's `onToolCall` (as `useChat` does) for awaited calls without an output: its return is the output, a throw the failure. */
  async runClientTools<C extends { toolCallId: string }>(calls: readonly C[], onToolCall: ((call: C) => unknown) | undefined): Promise<void> {
    if (onToolCall === undefined) return;
    for (const call of calls) {
      if (this.outputs.has(call.toolCallId)) continue;
      try {
        const output = await onToolCall(call);
        if (output !== undefined) this.outputs.set(call.toolCallId, { output });
      } catch (error) {
        this.outputs.set(call.toolCallId, { errorText: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** The turn's events ended: answers the runtime never acted on fail (the `TurnQueue.submit` end hook). */
  finish(): void {
    for (const waiter of this.waiters.values()) waiter.reject(new Error(`turn ${this.turnId} ended before the runtime acted on the answer`));
    this.waiters.clear();
  }
}

/**
 * Runs a suspendable turn in the adapter's turn queue (now, or after the turns before it): its
 * events, then the snapshot point after which `readThread` serves a current read model; each event
 * passes `turn.observe`, and answers the runtime never acted on fail when the events end, however
 * they end. `events` is called only when the turn's time comes.
 */
export function startActiveTurn<T extends ActiveTurn>(
  queue: TurnQueue<T>,
  turn: T,
  prompt: string,
  events: () => AsyncIterable<RuntimeEventEnvelope>,
  snapshotPoint: () => RuntimeEventEnvelope,
): AsyncIterable<RuntimeEventEnvelope> {
  return queue.submit(
    turn,
    prompt,
    async function* () {
      yield* events();
      yield turn.observe(snapshotPoint());
    },
    () => turn.finish(),
  );
}
