import { useMemo, type ReactNode } from 'react';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import type { RuntimeStore } from '../../src/store/createRuntimeStore';
import { StoryProvider } from './StoryProvider';
import { storeWith } from './storyEvents';

/** One state of a state matrix: its own store built from `events`, a caption naming the state. */
export function Cell({ caption, events, store, adapter, children }: { caption: string; events?: unknown[]; store?: RuntimeStore; adapter?: RuntimeProviderAdapter; children: ReactNode }) {
  const own = useMemo(() => store ?? storeWith(events ?? []), [store, events]);
  return (
    <div className="story-cell" data-state-name={caption}>
      <span className="story-caption">{caption}</span>
      <StoryProvider store={own} adapter={adapter}>
        {children}
      </StoryProvider>
    </div>
  );
}

export function Matrix({ children, label }: { children: ReactNode; label: string }) {
  return (
    <main className="story-matrix" aria-label={label}>
      {children}
    </main>
  );
}
