// A module of the stream layer that is a chunk of its own (the writes, the rarer transports): loaded
// once on demand, and readable at once after it arrived, so what uses it behaves as a static import
// would from then on.

/** A module loaded on demand: `load()` starts it (once; a failed load is tried again), `loaded()` is it once it arrived. */
export interface LazyModule<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

/** A lazily loaded module from its dynamic `import()`. */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (arrived) => (module = arrived),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
