import { useEffect, useState } from 'react';
import { cutWhole } from '../protocol/cutWhole';

/** Loads a ref's content through the app's loader; the kit never fetches refs on its own. */
export type RefLoader = (ref: string) => Promise<string>;

export type RefContent = { state: 'idle' | 'loading' | 'unavailable' } | { state: 'ready'; text: string; cut: boolean } | { state: 'failed'; error: string };

export function useRefContent(ref: string | undefined, loader: RefLoader | undefined, budget: number, enabled = true): RefContent {
  const [content, setContent] = useState<RefContent>({ state: 'idle' });
  useEffect(() => {
    if (!enabled || ref === undefined) return setContent({ state: 'idle' });
    if (!loader) return setContent({ state: 'unavailable' });
    let live = true;
    setContent({ state: 'loading' });
    loader(ref).then(
      (text) => live && setContent({ state: 'ready', text: cutWhole(text, budget), cut: text.length > budget }),
      (error: unknown) => live && setContent({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [ref, loader, budget, enabled]);
  return content;
}
