import { useEffect, useState } from 'react';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from '../stream/openBacklog';

/** Each store is filled once: StrictMode runs effects twice, and a second fill would re-apply every line as a duplicate. */
const fills = new WeakMap<RuntimeStore, Promise<unknown>>();

/**
 * Opens a recorded session into `store` as an app opens one (`openBacklog` over the JSONL text, in
 * slices that yield to the page; malformed lines become diagnostics at their line) and says when
 * it is all applied. Once per store, however often the effect runs. `repair`, the read model the
 * runtime served when the recorded stream broke, is applied after it if the session ended stale,
 * so a cut-and-repaired recording ends repaired as it did live.
 */
export function useBacklogOnce(store: RuntimeStore, text: string, enabled: boolean, repair?: unknown): boolean {
  const [loaded, setLoaded] = useState(!enabled);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let running = fills.get(store);
    const fill = async () => {
      await openBacklog(store, text);
      if (repair !== undefined && store.getState().session.stale) store.getState().applyReadModel(repair);
    };
    if (!running) fills.set(store, (running = fill()));
    void running.then(() => current && setLoaded(true));
    return () => void (current = false);
  }, [store, text, enabled, repair]);
  return loaded;
}
