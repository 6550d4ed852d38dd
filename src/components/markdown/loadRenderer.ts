// The markdown parser is a chunk of its own: a page pays for it when it shows its first message,
// not before. Components subscribe to its arrival and upgrade their plain text to markup then.
import { lazyPart } from '../lazyPart';

/** The markdown renderer module, loaded on first use (or by `preloadKit`). */
export const markdownRenderer = lazyPart(() => import('./renderMarkdown'));

/** Loads the markdown renderer now (see `preloadKit`, which an app calls). */
export function preloadMarkdown(): Promise<void> {
  return markdownRenderer.load().then(() => undefined);
}
