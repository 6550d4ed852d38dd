import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { selectLatestTurn } from '../store/selectors/turnStatus';
import { connectRuntimeStream, type StreamConnection, type StreamConnectionOptions } from './connectRuntimeStream';
import { feeds, type StoreFeed } from './storeFeed';
import type { ExportEvidenceInput, RuntimeEventSource, RuntimeProviderAdapter, TurnMode } from './types';

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
  /**
   * Gives the output of a tool the app runs itself (a client-side or frontend tool the runtime
   * waits on), or `errorText` when it failed; the runtime's tool fact answers it. `unavailable`
   * when the adapter runs every tool itself.
   */
  addToolOutput(toolCallId: string, output: unknown, options?: { errorText?: string }): Promise<WriteResult>;
  /** Loads history before `cursor` and prepends it. */
  loadOlder(cursor?: string | number): Promise<WriteResult>;
  exportEvidence(scope?: ExportEvidenceInput): Promise<WriteResult>;
  /**
   * Recovery (issue 24): runs a failed tool call again through the adapter's `retryToolCall`;
   * `unavailable` when the adapter has none. The call's new facts come from the runtime's events.
   */
  retryToolCall(toolCallId: string): Promise<WriteResult>;
  /** Stops reading the turn streams this object opened, and closes the feed it opened, if any. */
  dispose(): void;
}

/** Options of `createRuntimeActions`: the session/thread writes go to and how turn streams are applied. */
export interface RuntimeActionsOptions {
  sessionId?: string;
  threadId?: string;
  /**
   * How answers to writes are applied when the store has no live connection and these actions
   * open its feed (see connectRuntimeStream); with a live connection, its own options apply.
   */
  connection?: Omit<StreamConnectionOptions, 'adapter'>;
}

/**
 * The feed writes to `store` go through: its newest accepting connection, if any. Here, not in
 * storeFeed: the writes load later than the first screen, which registers the feeds.
 */
function feedOf(store: RuntimeStore): StoreFeed | undefined {
  const list = feeds.get(store);
  if (!list) return undefined;
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.accepting()) return list[i];
  return undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The source of a feed that only writes fill (no live stream): it is open, and never ends by itself. */
const writesOnlySource = (): RuntimeEventSource => ({
  start: (handlers) => handlers.status?.('open'),
  close: () => undefined,
  cursor: () => undefined,
});

/**
 * The controlled writes of SPEC section 8, all through the provider adapter. A failed write keeps
 * the facts, records a `write_failed` diagnostic and returns the error so the UI can offer a retry.
 *
 * What a write is answered with (a turn's stream, the event a reply carries) goes into the store's
 * one feed, never straight into the store: the live connection's buffer (`useRuntimeStream`,
 * `connectRuntimeStream`) when there is one, so its order, dedupe and gap deadline apply and a fact
 * that also comes on the live stream is applied once; otherwise a feed these actions open for the
 * store (closed by `dispose`).
 *
 * `sendState` is the store the last send's state is kept in: one is created unless given (the
 * provider's lazily loaded actions give theirs, which the composer reads before they load).
 */
export function createRuntimeActions(
  store: RuntimeStore,
  adapter: RuntimeProviderAdapter | undefined,
  optionsOrGetter: RuntimeActionsOptions | (() => RuntimeActionsOptions) = {},
  sendState: StoreApi<SendState> = createStore<SendState>()(() => ({ status: 'idle' })),
): RuntimeActions {
  // A getter is read at each write (the React provider passes the latest props this way).
  const current = typeof optionsOrGetter === 'function' ? optionsOrGetter : () => optionsOrGetter;
  /** Turn streams being read, to stop on dispose. */
  const turnStreams = new Set<AsyncIterator<unknown>>();
  /** The feed these actions opened, when the store had no live connection. */
  let ownFeed: StreamConnection | undefined;
  let disposed = false;
  const ids = () => ({ sessionId: store.getState().session.sessionId ?? current().sessionId, threadId: current().threadId ?? store.getState().threads.ids[0] });

  function failed(what: string, error: unknown): WriteResult {
    const message = messageOf(error);
    store.getState().recordDiagnostic({ code: 'write_failed', severity: 'error', message: `${what} failed: ${message}` });
    return { ok: false, reason: 'failed', error: message };
  }

  /** The store's live connection, or a feed of our own while it has none. */
  function feed(): StoreFeed {
    const live = feedOf(store);
    if (live) return live;
    ownFeed?.close();
    ownFeed = connectRuntimeStream(store, writesOnlySource(), { ...current().connection, adapter });
    return feedOf(store)!;
  }

  /** Each turn stream and each reply is its own door into the feed. */
  let doors = 0;

  /** A write starts: its answer may reach the live stream before the write's own reply does. */
  function expectAnswer(): void {
    feed().expectWrites();
  }

  /** A reply the caller awaits: applied before the write resolves, through the feed. */
  function deliverReply(event: unknown): void {
    if (event && typeof event === 'object') feed().deliverWrite([event], { door: `reply-${++doors}`, now: true });
  }

  /**
   * Reads a turn's stream into the feed. Resolves once the runtime accepted the prompt: its first
   * event is applied (or the stream ended cleanly); rejects when the stream failed before that.
   * A failure after it is a diagnostic: the turn's facts so far stay.
   */
  async function readTurn(events: AsyncIterable<unknown>, accepted: () => void): Promise<void> {
    const iterator = events[Symbol.asyncIterator]();
    turnStreams.add(iterator);
    const door = `turn-${++doors}`;
    let delivered = false;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done || disposed) break;
        feed().deliverWrite([next.value], { door, now: !delivered });
        if (!delivered) accepted();
        delivered = true;
      }
    } catch (error) {
      if (!delivered) throw error;
      if (!disposed) store.getState().recordDiagnostic({ code: 'stream_failed', severity: 'error', message: `the turn stream failed: ${messageOf(error)}` });
    } finally {
      turnStreams.delete(iterator);
    }
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
        return await new Promise<WriteResult>((resolve, reject) => {
          let accepted = false;
          const accept = () => {
            if (!accepted) resolve(settled({ ok: true }));
            accepted = true;
          };
          expectAnswer();
          readTurn(adapter.startTurn({ ...ids(), prompt, mode }), accept).then(accept, reject);
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
        expectAnswer();
        deliverReply(await adapter.cancelTurn({ ...ids(), turnId: selectLatestTurn(store.getState())?.turnId }));
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
        expectAnswer();
        deliverReply(await adapter.respondAction({ ...ids(), actionId, decision, ...(payload !== undefined && { payload }) }));
        return { ok: true };
      } catch (error) {
        store.getState().failResponding(actionId, messageOf(error));
        return failed(`answering ${actionId}`, error);
      }
    },

    async addToolOutput(toolCallId, output, { errorText } = {}) {
      if (!adapter?.addToolOutput) return { ok: false, reason: 'unavailable' };
      try {
        expectAnswer();
        deliverReply(await adapter.addToolOutput({ ...ids(), toolCallId, ...(errorText !== undefined ? { errorText } : { output }) }));
        return { ok: true };
      } catch (error) {
        return failed(`the output of tool call ${toolCallId}`, error);
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
        expectAnswer();
        deliverReply(await adapter.exportEvidence({ ...ids(), ...scope }));
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
        expectAnswer();
        deliverReply(await adapter.retryToolCall({ ...ids(), turnId: tool?.turnId, toolCallId: tool?.toolCallId ?? toolCallId }));
        return { ok: true };
      } catch (error) {
        return failed(`retrying ${toolCallId}`, error);
      }
    },

    dispose() {
      disposed = true;
      for (const iterator of turnStreams) void iterator.return?.()?.catch?.(() => undefined);
      turnStreams.clear();
      ownFeed?.close();
      ownFeed = undefined;
    },
  };
  return actions;
}
