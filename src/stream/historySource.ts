import type { RuntimeStore } from '../store/createRuntimeStore';
import type { BacklogInput, BacklogProgress } from './openBacklog';
import type { RuntimeEventSource } from './types';

/** How far the history behind a live stream has been applied. */
export interface HistoryProgress extends BacklogProgress {
  /** True once every value of the history is applied (the live source starts then). */
  done: boolean;
  /** Why the history could not be read (the live source still starts). */
  error?: string;
}

/**
 * A live source that starts after its history is applied: the history goes through `openBacklog`
 * (time-sliced, malformed lines as diagnostics, no gap settled: the live stream continues the
 * order), then the live source starts. Closing aborts the history where it is. The backlog reader
 * is a chunk of its own, loaded when a history is read (the read is asynchronous already): a live
 * stream without one never loads it.
 */
export function withHistory(store: RuntimeStore, live: RuntimeEventSource, history: BacklogInput, onProgress?: (progress: HistoryProgress) => void): RuntimeEventSource {
  const controller = new AbortController();
  let loaded: Promise<void> | undefined;
  let last: BacklogProgress = { applied: 0, bytes: 0 };
  const progress = (p: BacklogProgress) => {
    last = p;
    onProgress?.({ ...p, done: false });
  };
  const load = (): Promise<void> =>
    (loaded ??= import('./openBacklog').then(({ openBacklog }) => openBacklog(store, history, { signal: controller.signal, settle: false, onProgress: progress })).then(
      ({ applied, total, bytes, totalBytes }) => onProgress?.({ applied, total, bytes, totalBytes, done: true }),
      (error: unknown) => {
        if (controller.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        store.getState().recordDiagnostic({ code: 'history_unreadable', severity: 'error', message: `the history could not be read: ${message}` });
        onProgress?.({ ...last, done: true, error: message });
      },
    ));
  const source: RuntimeEventSource = {
    start(handlers) {
      handlers.status?.('connecting');
      load().then(
        () => {
          if (!controller.signal.aborted) live.start(handlers);
        },
        () => undefined,
      );
    },
    close() {
      controller.abort();
      live.close();
    },
    cursor: () => live.cursor(),
  };
  // The connection resumes only through a source that can (its presence is the capability).
  if (live.resumeFrom) source.resumeFrom = (cursor) => live.resumeFrom!(cursor);
  return source;
}
