import { useEffect, useSyncExternalStore } from 'react';

// A part of the kit loaded as a chunk of its own (the artifact card and its dialog, the side lanes,
// tool and request rows...): a page pays for it when it first shows one, or when the page is idle.
// Client renders show a light placeholder until it arrives; a server render or a hydration waits for
// it (a Suspense boundary must be above), so what they render is whole.

/** A lazily loaded module: `load()` starts (once), `useModule(server)` renders with it. */
export interface LazyPart<M> {
  load(): Promise<M>;
  /**
   * The module, or undefined until it arrives (its load starts when the component mounts); throws
   * its promise (suspends) on the server and while hydrating.
   */
  useModule(server: boolean, options?: UseModuleOptions): M | undefined;
}

/** How `useModule` waits for its module. */
export interface UseModuleOptions {
  /**
   * A failed load is thrown as the render's error (the surface's error boundary shows it) instead
   * of leaving the placeholder. Default false.
   */
  rethrow?: boolean;
  /** Start the load when the component mounts (default true); false leaves it to another use or to an idle preload. */
  load?: boolean;
}

/** What a part's subscribers render from: the module once loaded, the last load's error while failed. */
interface PartState<M> {
  module?: M;
  error?: unknown;
}

/** A lazily loaded module from its dynamic `import()`. */
export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let state: PartState<M> = {};
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const publish = (next: PartState<M>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const load = () => {
    if (loading) return loading;
    // A retry after a failure: subscribers show their placeholder again while it runs.
    if (state.error !== undefined) publish({});
    return (loading = importer().then(
      (module) => {
        publish({ module });
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        publish({ error: error ?? new Error('the chunk could not be loaded') });
        throw error;
      },
    ));
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => state;
  return {
    load,
    useModule(server, { rethrow = false, load: start = true } = {}) {
      const { module, error } = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        if (!module && start) void load().catch(() => undefined);
      }, [module, start]);
      if (rethrow && error !== undefined) throw error instanceof Error ? error : new Error(String(error));
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- Suspense's protocol (React 18 and 19)
      if (server && !module) throw load();
      return module;
    },
  };
}

/** True on the server and while hydrating what it rendered (React's server snapshot), false after. */
export function useServerRender(): boolean {
  return useSyncExternalStore(subscribeNever, onClient, onServer);
}
const subscribeNever = () => () => {};
const onClient = () => false;
const onServer = () => true;

/** How long an idle preload may wait for the page to be idle before it starts anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Starts loading `parts` once the page is idle after this component mounted (a browser's idle
 * callback, a timer where there is none), so a part is usually there before it is first shown; at
 * once when `needed` turns true (the session has events: its rows are coming, and a page busy
 * applying them has no idle time until it is done). A failed load is left to the part's first use,
 * which tries again.
 */
export function useIdlePreload(parts: readonly LazyPart<unknown>[], needed = false): void {
  useEffect(() => {
    const run = () => {
      for (const part of parts) void part.load().catch(() => undefined);
    };
    if (needed) return run();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, 1);
    return () => clearTimeout(id);
    // The list is a module constant: preloaded once per mount (and once more, at once, when needed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed]);
}
