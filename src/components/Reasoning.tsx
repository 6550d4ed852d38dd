import { useMemo, useState } from 'react';
import { DisclosureContent, DisclosureRoot, DisclosureTrigger } from './Disclosure';
import { useDisplayText } from './displayPolicy';
import { formatDuration } from './format';
import { IconChevron, IconThinking } from './icons';
import type { Labels } from '../ui/labels';
import { useShellLabels } from './useShellLabels';

// A thread's reasoning part: a chunk of its own with its disclosure (lazyRows.tsx), loaded with the
// first reasoning a thread shows or when the page is idle.

/** Props of `Reasoning`: the part's text and timing, and the labels' overrides. */
export interface ReasoningProps {
  text: string;
  done: boolean;
  durationMs?: number;
  labels?: Labels;
}

/**
 * Reasoning is a process part: open while it streams, collapsed once done. Never part of the answer.
 * Done, it says how long it took when the events timed it ("Thought for 4.2 s"), else just "Reasoning".
 */
export function Reasoning({ text, done, durationMs, labels }: ReasoningProps) {
  const t = useShellLabels(labels);
  const show = useDisplayText();
  const shown = useMemo(() => show(text), [show, text]);
  const [userOpen, setUserOpen] = useState<boolean>();
  const open = userOpen ?? !done;
  return (
    <DisclosureRoot open={open} onOpenChange={setUserOpen} className="aui-reasoning" data-state={open ? 'open' : 'closed'} data-done={done || undefined}>
      <DisclosureTrigger className="aui-reasoning__toggle">
        <IconThinking />
        {done && durationMs !== undefined ? t('conversation.thoughtFor', { time: formatDuration(durationMs, t) }) : t('conversation.reasoning')}
        <IconChevron className="aui-chevron" />
      </DisclosureTrigger>
      <DisclosureContent className="aui-reasoning__text">{shown}</DisclosureContent>
    </DisclosureRoot>
  );
}
