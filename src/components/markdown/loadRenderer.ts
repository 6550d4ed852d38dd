// The markdown parser is a chunk of its own: a page pays for it when it shows its first message,
// not before. Components subscribe to its arrival and upgrade their plain text to markup then.
type RendererModule = typeof import('./renderMarkdown');

let loaded: RendererModule | undefined;
let loading: Promise<RendererModule> | undefined;
const listeners = new Set<() => void>();

/** Starts loading the renderer (once) and resolves with it; a failed load is tried again by the next call. */
export function loadMarkdownRenderer(): Promise<RendererModule> {
  loading ??= import('./renderMarkdown').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The renderer if it has arrived. */
export function loadedRenderer(): RendererModule | undefined {
  return loaded;
}

/** Calls `listener` when the renderer arrives. */
export function subscribeRenderer(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Loads the markdown renderer now (see `preloadKit`, which an app calls). */
export function preloadMarkdown(): Promise<void> {
  return loadMarkdownRenderer().then(() => undefined);
}
