import type { JsonObject, RuntimeEventEnvelope } from '../../protocol/events';
import type { ReadThreadInput, RuntimeThreadReadModel } from '../../protocol/providerAdapter';
import { createAdapterScope, type AdapterScope, type AdapterScopeOptions } from './adapterScope';
import type { EnvelopeFactoryOptions } from './envelopeFactory';
import { EventRecorder } from './eventRecorder';
import { OutputRefs } from './outputRefs';
import { TurnQueue, type WaitingInput } from './turnQueue';

// Not exported from `agentui-kit/headless`: the recorder replays events through the server's read
// model builder, which the headless graph keeps out. Adapter entries import it directly.

export interface AdapterSessionOptions extends AdapterScopeOptions {
  /** The scheme of the refs large outputs are kept under (`<scheme>://<sessionId>/<toolCallId>`). */
  outputScheme: string;
  /** Events this session emitted before (a restarted server's log): `readThread` keeps serving them. */
  history?: readonly RuntimeEventEnvelope[];
  /** Called with every event the adapter emits (a server persists or broadcasts them). */
  onEvent?: (event: RuntimeEventEnvelope) => void;
}

/** A `createXxxAdapter`'s state: its scope, what it emitted (for `readThread`) and the outputs it kept. */
export interface AdapterSession extends AdapterScope {
  readonly sessionId: string;
  readonly threadId: string | undefined;
  recorder: EventRecorder;
  refs: OutputRefs;
  /** Records an emitted event, tells `onEvent`, and returns it. */
  record(event: RuntimeEventEnvelope): RuntimeEventEnvelope;
  /** `readThread` from what was recorded (the framework keeps no read model the kit can read). */
  readThread(input: ReadThreadInput): Promise<RuntimeThreadReadModel>;
  /** A turn queue for this conversation, its line reported as this session's `queue.changed` facts. */
  turnQueue<T extends { turnId: string }>(): TurnQueue<T>;
  /**
   * Records a conversation the framework saved (its user and assistant text messages) as this
   * thread's: `thread.updated` (restored) and the `messages.snapshot` that hydrates them.
   */
  restore(messages: readonly JsonObject[]): void;
}

/** The `queue.changed` payload of a line: each waiting prompt with its turn (when queued) and its mode. */
export function queuePayload(line: readonly WaitingInput[]): { queue: JsonObject[] } {
  return { queue: line.map(({ turnId, queueId, prompt, mode }) => ({ ...(turnId !== undefined && { turnId }), queueId, prompt, mode })) };
}

export function createAdapterSession(options: AdapterSessionOptions): AdapterSession {
  const scope = createAdapterScope(options);
  const recorder = new EventRecorder();
  for (const event of options.history ?? []) recorder.record(event);
  const { onEvent } = options;
  const threadId = options.threadId;
  const record = (event: RuntimeEventEnvelope): RuntimeEventEnvelope => {
    recorder.record(event);
    onEvent?.(event);
    return event;
  };
  return {
    ...scope,
    sessionId: options.sessionId,
    threadId,
    recorder,
    refs: new OutputRefs(options.outputScheme, options.sessionId),
    record,
    readThread: async (input) => recorder.readThread(threadId ?? '', input),
    turnQueue: () => new TurnQueue({ queueChanged: (line) => record(scope.factory.event('queue.changed', {}, queuePayload(line))) }),
    restore(messages) {
      if (messages.length === 0) return;
      record(scope.factory.event('thread.updated', {}, { restored: true }));
      record(scope.factory.event('messages.snapshot', {}, { messages: [...messages], restored: true }));
    },
  };
}

/** The options every `createXxxAdapter` takes about where its events go. */
export interface AdapterSessionInput {
  sessionId?: string;
  threadId?: string;
  runtimeId?: string;
  /** The last sequence already used in this session. */
  sequence?: number;
  idPrefix?: string;
  clock?: EnvelopeFactoryOptions['clock'];
  history?: readonly RuntimeEventEnvelope[];
  onEvent?: (event: RuntimeEventEnvelope) => void;
}

/** An adapter's session from its options, the framework's defaults filling what the app left out. */
export function adapterSessionFor(
  options: AdapterSessionInput,
  defaults: { runtimeId: string; prefix: string; sessionId: string; threadId: string; outputScheme: string },
): AdapterSession {
  return createAdapterSession({
    runtimeId: options.runtimeId ?? defaults.runtimeId,
    sessionId: options.sessionId ?? defaults.sessionId,
    threadId: options.threadId ?? defaults.threadId,
    sequence: options.sequence,
    prefix: options.idPrefix ?? defaults.prefix,
    clock: options.clock,
    outputScheme: defaults.outputScheme,
    history: options.history,
    onEvent: options.onEvent,
  });
}
