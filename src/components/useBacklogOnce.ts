import { useEffect, useState } from 'react';
import type { RuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from '../stream/openBacklog';

/** Each store is filled once: StrictMode runs effects twice, and a second fill would re-apply every line as a duplicate. */
const fills = new WeakMap<RuntimeStore, Promise<unknown>>();

/**
 * Opens a recorded session into `store` as an app opens one (`openBacklog` over the JSONL text, in
 * slices that yield to the page; malformed lines become diagnostics at their line) and says when
 * it is all applied. Once per store, however often the effect runs.
 */
export function useBacklogOnce(store: RuntimeStore, text: string, enabled: boolean): boolean {
  const [loaded, setLoaded] = useState(!enabled);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let running = fills.get(store);
    if (!running) fills.set(store, (running = openBacklog(store, text)));
    void running.then(() => current && setLoaded(true));
    return () => void (current = false);
  }, [store, text, enabled]);
  return loaded;
}
