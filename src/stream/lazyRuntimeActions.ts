import { createStore } from 'zustand/vanilla';
import type { RuntimeStore } from '../store/createRuntimeStore';
import type { RuntimeActions, RuntimeActionsOptions, SendState, WriteResult } from './runtimeActions';
import type { RuntimeProviderAdapter } from './types';
import { lazyModule } from './lazyModule';

// The controlled writes (send, answers, retries, history, export) are a chunk of their own: a page
// shows its first screen before anyone can write, and the chunk arrives in idle time, with the first
// write, or with `preloadKit` (0.5 KB gzip less on the first screen).

/** The writes' module: loaded on the first write, in idle time (the composer) or by `preloadKit`. */
export const runtimeActionsModule = lazyModule(() => import('./runtimeActions'));

type Write = Exclude<keyof RuntimeActions, 'sendState' | 'dispose'>;

/**
 * `createRuntimeActions(store, adapter, options)` whose code loads with the first write: until
 * then `sendState` is idle and a write waits for the module; once it is loaded, each call is the
 * loaded actions' own, made at once.
 */
export function lazyRuntimeActions(store: RuntimeStore, adapter: RuntimeProviderAdapter | undefined, options: () => RuntimeActionsOptions): RuntimeActions {
  const sendState = createStore<SendState>()(() => ({ status: 'idle' }));
  let actions: RuntimeActions | undefined;
  let disposed = false;
  const created = (): RuntimeActions | undefined => {
    const loaded = runtimeActionsModule.loaded();
    if (!actions && loaded) {
      actions = loaded.createRuntimeActions(store, adapter, options, sendState);
      // Disposed before its code arrived: a write after that behaves as the disposed actions' would.
      if (disposed) actions.dispose();
    }
    return actions;
  };
  const write = (name: Write) => (...args: unknown[]): Promise<WriteResult> => {
    const call = (ready: RuntimeActions) => (ready[name] as (...args: unknown[]) => Promise<WriteResult>)(...args);
    const ready = created();
    if (ready) return call(ready);
    // A write answers, never throws: a chunk that cannot load is a failed write, reported as one.
    return runtimeActionsModule.load().then(
      () => call(created()!),
      (error: unknown): WriteResult => {
        const message = error instanceof Error ? error.message : String(error);
        store.getState().recordDiagnostic({ code: 'write_failed', severity: 'error', message: `${name} failed: ${message}` });
        return { ok: false, reason: 'failed', error: message };
      },
    );
  };
  return {
    send: write('send'),
    sendState,
    retrySend: write('retrySend'),
    interrupt: write('interrupt'),
    respondAction: write('respondAction'),
    addToolOutput: write('addToolOutput'),
    loadOlder: write('loadOlder'),
    exportEvidence: write('exportEvidence'),
    retryToolCall: write('retryToolCall'),
    dispose() {
      disposed = true;
      actions?.dispose();
    },
  };
}
