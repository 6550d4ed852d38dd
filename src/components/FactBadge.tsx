import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Tooltip } from 'radix-ui';
import type { FactState } from '../store/records';
import type { Labels } from '../ui/labels';
import { TooltipFallback } from '../ui/TooltipScope';
import { useLabels } from './useLabels';

/** A distinct glyph per state, so the state never rests on colour alone (and no two look alike). */
const GLYPH: Record<FactState, string> = {
  unknown: '?',
  unavailable: '–',
  blocked: '⊘',
  stale: '↻',
  loading: '…',
  'needs-input': '!',
  failed: '✕',
  disputed: '≠',
};

/** Props of `FactBadge`; any other prop goes to its root element where it has one. */
export interface FactBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** The state to show: `unknown`, `unavailable`, `blocked`, `stale`, `loading`, `needs-input`, `failed` or `disputed`. */
  fact: FactState;
  /** What the state is about, as shown ("Status unknown", "Model unavailable"); the state's word alone when omitted. */
  text?: string;
  /** Why the fact is in this state (usually a diagnostic's message); the tooltip says it. */
  reason?: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/**
 * The one badge for missing or degraded facts: a glyph and words, and a tooltip that says why.
 * Not a tab stop (it does nothing): its accessible name carries the reason the tooltip shows.
 */
export const FactBadge = forwardRef<HTMLSpanElement, FactBadgeProps>(function FactBadge({ fact, text, reason, labels, className, ...rest }, ref) {
  const t = useLabels(labels);
  // A reason is often the runtime's own words (a diagnostic's message): shown through the display policy.
  const why = reason !== undefined ? (t.text?.(reason) ?? reason) : t(`fact.why.${fact}`);
  const word = text !== undefined ? (t.text?.(text) ?? text) : t(`fact.${fact}`);
  return (
    // The root's shared provider (RuntimeProvider renders it), not one per badge.
    <TooltipFallback>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <span
            ref={ref}
            className={['aui-fact-badge', className].filter(Boolean).join(' ')}
            data-fact={fact}
            // A badge is one image-like unit for assistive tech: its words and its reason in one name.
            role="img"
            aria-label={`${word}: ${why}`}
            {...rest}
          >
            <span className="aui-fact-badge__glyph" aria-hidden="true">
              {GLYPH[fact]}
            </span>
            <span className="aui-fact-badge__text" aria-hidden="true">{word}</span>
          </span>
        </Tooltip.Trigger>
        {/* Portalled, so a scrolling lane or a clipped row never cuts it; its colours are its own. */}
        <Tooltip.Portal>
          <Tooltip.Content className="aui-tooltip" sideOffset={4}>
            {why}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </TooltipFallback>
  );
});
