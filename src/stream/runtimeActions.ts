import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { selectLatestTurn } from '../store/selectors/turnStatus';
import { connectRuntimeStream, type StreamConnection, type StreamConnectionOptions } from './connectRuntimeStream';
import { iterableSource } from './iterableSource';
import type { ExportEvidenceInput, RuntimeProviderAdapter, TurnMode } from './types';

/**
 * What a controlled write resolved to: `ok`, or why not: `ignored` (nothing to do, e.g. a second
 * click), `unavailable` (the adapter does not provide it), `failed` (the adapter answered an error;
 * facts are kept).
 */
export type WriteResult = { ok: true } | { ok: false; reason: 'ignored' | 'unavailable' | 'failed'; error?: string };

/**
 * The last prompt sent, until the runtime accepts it: `sending` while nothing of its turn has
 * arrived, `sent` once the turn stream delivered an event (or ended cleanly), `failed` when the
 * adapter answered an error first. A failed send keeps the prompt and mode, so the composer can
 * keep the text, show the error and offer `retrySend()`.
 */
export type SendState =
  | { status: 'idle' }
  | { status: 'sending' | 'sent'; prompt: string; mode: TurnMode }
  | { status: 'failed'; prompt: string; mode: TurnMode; error: string };

/**
 * The controlled writes of SPEC section 8 (send, cancel, respond, load older history, export
 * evidence), each through the adapter; none changes a fact before the runtime reports it.
 */
export interface RuntimeActions {
  /**
   * Starts a turn, or queues / steers while one runs; the turn's events stream into the store.
   * Resolves once the runtime accepted the prompt (its turn stream delivered an event or ended
   * cleanly) with `{ ok: true }`, or with `{ ok: false, reason: 'failed', error }` when the adapter
   * failed first: the prompt was not taken, and `sendState` keeps it for a retry.
   */
  send(prompt: string, options?: { mode?: TurnMode }): Promise<WriteResult>;
  /** The last send's state (a vanilla zustand store): read it with `useStore(actions.sendState)`. */
  sendState: StoreApi<SendState>;
  /** Sends the failed prompt again, in the same mode. `ignored` when the last send did not fail. */
  retrySend(): Promise<WriteResult>;
  interrupt(): Promise<WriteResult>;
  /** Marks the action `responding` (a UI overlay), sends the answer, and lets the runtime's fact resolve it. */
  respondAction(actionId: string, decision: string, payload?: Record<string, unknown>): Promise<WriteResult>;
  /** Loads history before `cursor` and prepends it. */
  loadOlder(cursor?: string | number): Promise<WriteResult>;
  exportEvidence(scope?: ExportEvidenceInput): Promise<WriteResult>;
  /**
   * Recovery (issue 24): runs a failed tool call again through the adapter's `retryToolCall`;
   * `unavailable` when the adapter has none. The call's new facts come from the runtime's events.
   */
  retryToolCall(toolCallId: string): Promise<WriteResult>;
  /** Closes the turn streams this object opened. */
  dispose(): void;
}

/** Options of `createRuntimeActions`: the session/thread writes go to and how turn streams are applied. */
export interface RuntimeActionsOptions {
  sessionId?: string;
  threadId?: string;
  /** How turn streams from `send` are applied (see connectRuntimeStream). */
  connection?: Omit<StreamConnectionOptions, 'adapter'>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The controlled writes of SPEC section 8, all through the provider adapter. A failed write keeps
 * the facts, records a `write_failed` diagnostic and returns the error so the UI can offer a retry.
 */
export function createRuntimeActions(
  store: RuntimeStore,
  adapter: RuntimeProviderAdapter | undefined,
  optionsOrGetter: RuntimeActionsOptions | (() => RuntimeActionsOptions) = {},
): RuntimeActions {
  // A getter is read at each write (the React provider passes the latest props this way).
  const current = typeof optionsOrGetter === 'function' ? optionsOrGetter : () => optionsOrGetter;
  const turnStreams = new Set<StreamConnection>();
  const sendState = createStore<SendState>()(() => ({ status: 'idle' }));
  const ids = () => ({ sessionId: store.getState().session.sessionId ?? current().sessionId, threadId: current().threadId ?? store.getState().threads.ids[0] });

  function failed(what: string, error: unknown): WriteResult {
    const message = messageOf(error);
    store.getState().recordDiagnostic({ code: 'write_failed', severity: 'error', message: `${what} failed: ${message}` });
    return { ok: false, reason: 'failed', error: message };
  }

  function ingestReply(event: unknown): void {
    if (event && typeof event === 'object') store.getState().ingest([event]);
  }

  const actions: RuntimeActions = {
    async send(prompt, { mode = 'start' } = {}) {
      if (!adapter) return { ok: false, reason: 'unavailable' };
      sendState.setState({ status: 'sending', prompt, mode }, true);
      const settled = (result: WriteResult): WriteResult => {
        // A later send owns the state now.
        if (sendState.getState().status === 'sending' && (sendState.getState() as { prompt: string }).prompt === prompt) {
          sendState.setState(result.ok ? { status: 'sent', prompt, mode } : { status: 'failed', prompt, mode, error: result.error ?? result.reason }, true);
        }
        return result;
      };
      try {
        const stream = adapter.startTurn({ ...ids(), prompt, mode });
        const connection = connectRuntimeStream(store, iterableSource(stream), { ...current().connection, adapter });
        turnStreams.add(connection);
        return await new Promise<WriteResult>((resolve) => {
          const check = () => {
            const state = connection.getState();
            if (state.status === 'ended' || state.status === 'error' || state.status === 'closed') {
              connection.flush();
              turnStreams.delete(connection);
            }
            if (state.storeUpdates > 0 || state.status === 'ended' || state.status === 'closed') resolve(settled({ ok: true }));
            else if (state.status === 'error') resolve(settled(failed('send', new Error(state.error ?? 'the turn stream failed'))));
          };
          connection.subscribe(check);
          check();
        });
      } catch (error) {
        return settled(failed('send', error));
      }
    },

    sendState,

    async retrySend() {
      const last = sendState.getState();
      if (last.status !== 'failed') return { ok: false, reason: 'ignored' };
      return actions.send(last.prompt, { mode: last.mode });
    },

    async interrupt() {
      if (!adapter) return { ok: false, reason: 'unavailable' };
      try {
        ingestReply(await adapter.cancelTurn({ ...ids(), turnId: selectLatestTurn(store.getState())?.turnId }));
        return { ok: true };
      } catch (error) {
        return failed('interrupt', error);
      }
    },

    async respondAction(actionId, decision, payload) {
      if (!adapter) return { ok: false, reason: 'unavailable' };
      // A second click while the first answer is in flight sends nothing.
      if (!store.getState().markResponding(actionId, decision, payload)) return { ok: false, reason: 'ignored' };
      try {
        ingestReply(await adapter.respondAction({ ...ids(), actionId, decision, ...(payload !== undefined && { payload }) }));
        return { ok: true };
      } catch (error) {
        store.getState().failResponding(actionId, messageOf(error));
        return failed(`answering ${actionId}`, error);
      }
    },

    async loadOlder(cursor) {
      if (!adapter) return { ok: false, reason: 'unavailable' };
      try {
        const report = store.getState().applyReadModel(await adapter.readThread({ ...ids(), before: cursor ?? 'oldest-loaded' }), { older: true });
        return report.applied ? { ok: true } : failed('loading older history', new Error(`readThread returned a ${report.kind} document`));
      } catch (error) {
        return failed('loading older history', error);
      }
    },

    async exportEvidence(scope) {
      if (!adapter?.exportEvidence) return { ok: false, reason: 'unavailable' };
      try {
        ingestReply(await adapter.exportEvidence({ ...ids(), ...scope }));
        return { ok: true };
      } catch (error) {
        return failed('exporting evidence', error);
      }
    },

    // --- Recovery writes (issue 24): offered by the UI only where a fact and the adapter support them.
    async retryToolCall(toolCallId) {
      if (!adapter?.retryToolCall) return { ok: false, reason: 'unavailable' };
      try {
        const tool = store.getState().toolCalls.byId.get(toolCallId);
        ingestReply(await adapter.retryToolCall({ ...ids(), turnId: tool?.turnId, toolCallId: tool?.toolCallId ?? toolCallId }));
        return { ok: true };
      } catch (error) {
        return failed(`retrying ${toolCallId}`, error);
      }
    },

    dispose() {
      for (const connection of turnStreams) connection.close();
      turnStreams.clear();
    },
  };
  return actions;
}
