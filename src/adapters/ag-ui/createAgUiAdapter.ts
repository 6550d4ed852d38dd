import type { AbstractAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import type { RuntimeEventEnvelope } from '../../protocol/events';
import type { RespondActionInput, RuntimeProviderAdapter } from '../../protocol/providerAdapter';
import { adapterSessionFor } from '../core/adapterSession';
import { TurnSlot } from '../core/turnSlot';
import { PushQueue } from './eventStream';
import { AgUiEventMapper } from './mapEvents';
import { AG_UI_RUNTIME_ID, mapAgUiStream, type AgUiMappingOptions } from './toRuntimeEvents';

/**
 * Options of `createAgUiAdapter`: the AG-UI agent to run, and where its events land (session,
 * thread, the sequence to continue after).
 */
export interface AgUiAdapterOptions extends AgUiMappingOptions {
  /** The AG-UI agent: an `HttpAgent` pointed at an AG-UI endpoint, or any `AbstractAgent`. */
  agent: AbstractAgent;
  sessionId?: string;
  threadId?: string;
  runtimeId?: string;
  /** The last sequence already used in this session. */
  sequence?: number;
  /**
   * AG-UI has no standard approval message. An app that built one (a frontend tool, a CUSTOM
   * event its agent understands) answers it here; the promise settles when the agent has
   * accepted the decision, and only then does the adapter report `action.resolved`.
   */
  respondAction?: (input: RespondActionInput, agent: AbstractAgent) => Promise<void>;
  /** Called with every event the adapter emits (a server persists or broadcasts them). */
  onEvent?: (event: RuntimeEventEnvelope) => void;
}

/**
 * A `RuntimeProviderAdapter` over an AG-UI agent, plus access to spilled outputs and the events
 * emitted so far.
 */
export interface AgUiAdapter extends RuntimeProviderAdapter {
  /** Loads a tool output the adapter kept as a ref (pass it as AgentWorkbench's `loadRef`). */
  loadRef(ref: string): Promise<string>;
  /** Every event emitted so far, in order. */
  events(): readonly RuntimeEventEnvelope[];
}

interface ActiveTurn {
  turnId: string;
  aborted: boolean;
}

/**
 * A `RuntimeProviderAdapter` over an AG-UI agent: each turn adds the prompt as a user message and
 * runs the agent (`runAgent`, which applies AG-UI's own chunk expansion and event verification);
 * its events map to profile events. `cancelTurn` aborts the run; `readThread` returns what the
 * adapter recorded; `respondAction` answers only through the app's own handler.
 * @example
 * const agent = new HttpAgent({ url: 'https://agent.example/awp', threadId: 'thread-1' });
 * const adapter = createAgUiAdapter({ agent, sessionId: 'sess-1' });
 * for await (const event of adapter.startTurn({ prompt: 'Hi', mode: 'start' })) store.getState().ingest([event]);
 */
export function createAgUiAdapter(options: AgUiAdapterOptions): AgUiAdapter {
  const { agent } = options;
  const session = adapterSessionFor(options, { runtimeId: AG_UI_RUNTIME_ID, prefix: 'agui', sessionId: 'ag-ui-session', threadId: agent.threadId, outputScheme: 'ag-ui-output' });
  const { sessionId, threadId } = session;
  const { factory, ids, refs, record } = session;
  const spill = options.spill ?? refs.spill;
  const turns = new TurnSlot<ActiveTurn>();
  let lastTurnId: string | undefined;

  return {
    startTurn(input) {
      const turnId = ids.turn();
      lastTurnId = turnId;
      const mapper = new AgUiEventMapper({ factory, ids, turnId, previewBudget: options.previewBudget, spill });
      const turn: ActiveTurn = { turnId, aborted: false };
      return turns.start(
        turn,
        (async function* () {
          yield record(factory.event('turn.submitted', { turnId }, { text: input.prompt }));
          agent.addMessage({ id: `${turnId}:user`, role: 'user', content: input.prompt });
          const events = new PushQueue<BaseEvent>();
          // The run id is the turn id, so the agent's logs and the kit's turn name the same thing.
          agent.runAgent({ runId: turnId }, { onEvent: ({ event }) => events.push(event) }).then(
            () => events.close(),
            (error: unknown) => events.fail(error),
          );
          for await (const event of mapAgUiStream(events, mapper, () => turn.aborted)) yield record(event);
          // The turn is over: the read model `readThread` serves is current up to here.
          yield record(factory.event('snapshot.updated', { turnId }, { snapshotRef: `ag-ui-thread://${sessionId}/${threadId}` }));
        })(),
      );
    },

    cancelTurn: (input) =>
      turns.cancel(input, (turn) => {
        turn.aborted = true;
        agent.abortRun();
      }),

    async respondAction(input) {
      if (options.respondAction === undefined) {
        throw new Error('AG-UI has no standard approval: pass createAgUiAdapter({ respondAction }) to answer your agent’s own approval mechanism');
      }
      await options.respondAction(input, agent);
      const turnId = turns.current?.turnId ?? lastTurnId;
      return record(factory.event('action.resolved', { ...(turnId !== undefined && { turnId }), actionId: input.actionId }, { decision: input.decision }));
    },

    readThread: (input) => session.readThread(input),
    loadRef: (ref) => refs.load(ref),

    events: () => session.recorder.events(),
  };
}
