import type { RuntimeStore } from '../store/createRuntimeStore';
import { selectLatestTurn } from '../store/selectors/turnStatus';
import { connectRuntimeStream, type StreamConnection, type StreamConnectionOptions } from './connectRuntimeStream';
import { iterableSource } from './iterableSource';
import type { ExportEvidenceInput, RuntimeProviderAdapter, TurnMode } from './types';

export type WriteResult = { ok: true } | { ok: false; reason: 'ignored' | 'unavailable' | 'failed'; error?: string };

export interface RuntimeActions {
  /** Starts a turn, or queues / steers while one runs; the turn's events stream into the store. */
  send(prompt: string, options?: { mode?: TurnMode }): Promise<WriteResult>;
  interrupt(): Promise<WriteResult>;
  /** Marks the action `responding` (a UI overlay), sends the answer, and lets the runtime's fact resolve it. */
  respondAction(actionId: string, decision: string, payload?: Record<string, unknown>): Promise<WriteResult>;
  /** Loads history before `cursor` and prepends it. */
  loadOlder(cursor?: string | number): Promise<WriteResult>;
  exportEvidence(scope?: ExportEvidenceInput): Promise<WriteResult>;
  /** Closes the turn streams this object opened. */
  dispose(): void;
}

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
export function createRuntimeActions(store: RuntimeStore, adapter: RuntimeProviderAdapter | undefined, options: RuntimeActionsOptions = {}): RuntimeActions {
  const turnStreams = new Set<StreamConnection>();
  const ids = () => ({ sessionId: store.getState().session.sessionId ?? options.sessionId, threadId: options.threadId ?? store.getState().threads.ids[0] });

  function failed(what: string, error: unknown): WriteResult {
    const message = messageOf(error);
    store.getState().recordDiagnostic({ code: 'write_failed', severity: 'error', message: `${what} failed: ${message}` });
    return { ok: false, reason: 'failed', error: message };
  }

  function ingestReply(event: unknown): void {
    if (event && typeof event === 'object') store.getState().ingest([event]);
  }

  return {
    async send(prompt, { mode = 'start' } = {}) {
      if (!adapter) return { ok: false, reason: 'unavailable' };
      try {
        const stream = adapter.startTurn({ ...ids(), prompt, mode });
        const connection = connectRuntimeStream(store, iterableSource(stream), { ...options.connection, adapter });
        turnStreams.add(connection);
        connection.subscribe(() => {
          const status = connection.getState().status;
          if (status === 'ended' || status === 'error') {
            connection.flush();
            turnStreams.delete(connection);
          }
        });
        return { ok: true };
      } catch (error) {
        return failed('send', error);
      }
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
      if (!store.getState().markResponding(actionId, decision)) return { ok: false, reason: 'ignored' };
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
        const report = store.getState().hydrate(await adapter.readThread({ ...ids(), before: cursor ?? 'oldest-loaded' }), { older: true });
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

    dispose() {
      for (const connection of turnStreams) connection.close();
      turnStreams.clear();
    },
  };
}
