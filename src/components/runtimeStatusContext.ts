import { createContext, useContext } from 'react';
import type { RuntimeStatusFacts } from '../store/selectors/runtimeStatus';
import type { Labels } from '../ui/labels';
import type { ShellLabelKey } from '../ui/shellLabels';
import type { Translate } from './useTranslate';

// What RuntimeStatus.Root gives its parts: a module of its own, as its lazily loaded part
// (RuntimeStatusProblem.tsx) reads it too.

/** The runtime's status facts, the shell's labels (and the overrides they came from), and whether the stream is live. */
export interface StatusContextValue {
  facts: RuntimeStatusFacts;
  t: Translate<ShellLabelKey>;
  live: boolean;
  labels?: Labels;
}

/** RuntimeStatus.Root's value for its parts. */
export const StatusContext = createContext<StatusContextValue | null>(null);

/** The status a part renders; throws outside `RuntimeStatus.Root`. */
export function useStatus(): StatusContextValue {
  const value = useContext(StatusContext);
  if (!value) throw new Error('AgentUI: RuntimeStatus parts go inside <RuntimeStatus.Root>.');
  return value;
}
