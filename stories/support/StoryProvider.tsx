import type { ReactNode } from 'react';
import { RuntimeProvider } from '../../src/hooks/RuntimeProvider';
import type { RuntimeStore } from '../../src/store/createRuntimeStore';
import type { RuntimeProviderAdapter } from '../../src/stream/types';
import { useStoryGlobals } from './StoryGlobals';

/** A RuntimeProvider with the toolbar's labels. */
export function StoryProvider({ store, adapter, children }: { store: RuntimeStore; adapter?: RuntimeProviderAdapter; children: ReactNode }) {
  const { labels } = useStoryGlobals();
  return (
    <RuntimeProvider store={store} adapter={adapter} labels={labels}>
      {children}
    </RuntimeProvider>
  );
}
