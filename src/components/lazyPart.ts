import { useEffect, useSyncExternalStore } from 'react';

// A part of the kit loaded as a chunk of its own (the artifact card and its dialog): a page pays for
// it when it first shows one. Client renders show a light placeholder until it arrives; a server
// render or a hydration waits for it (a Suspense boundary must be above), so what they render is whole.

/** A lazily loaded module: `load()` starts (once), `useModule(server)` renders with it. */
export interface LazyPart<M> {
  load(): Promise<M>;
  /** The module, or undefined until it arrives; throws its promise (suspends) on the server and while hydrating. */
  useModule(server: boolean): M | undefined;
}

/** A lazily loaded module from its dynamic `import()`. */
export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => loaded;
  return {
    load,
    useModule(server) {
      const module = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        if (!module) void load().catch(() => undefined);
      }, [module]);
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
