import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Tooltip } from 'radix-ui';
import type { FactState } from '../store/records';
import type { Labels } from './labels';
import { useLabels } from './useLabels';

/** A glyph per state, so the state never rests on color alone. */
const GLYPH: Record<FactState, string> = {
  unknown: '?',
  unavailable: '∅',
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
  /** Why the fact is in this state (usually a diagnostic's message); the tooltip says it. */
  reason?: string;
  /** Overrides for this component's strings by key; the provider's `labels` and the English defaults apply otherwise. */
  labels?: Labels;
}

/** The one badge for missing or degraded facts: a glyph and a word, and a tooltip that says why. */
export const FactBadge = forwardRef<HTMLSpanElement, FactBadgeProps>(function FactBadge({ fact, reason, labels, className, ...rest }, ref) {
  const t = useLabels(labels);
  const why = reason ?? t(`fact.why.${fact}`);
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <span
            ref={ref}
            className={['aui-fact-badge', className].filter(Boolean).join(' ')}
            data-fact={fact}
            // A badge is one image-like unit for assistive tech: its word and its reason in one name.
            role="img"
            tabIndex={0}
            aria-label={`${t(`fact.${fact}`)}: ${why}`}
            {...rest}
          >
            <span className="aui-fact-badge__glyph" aria-hidden="true">
              {GLYPH[fact]}
            </span>
            <span className="aui-fact-badge__text" aria-hidden="true">{t(`fact.${fact}`)}</span>
          </span>
        </Tooltip.Trigger>
        {/* Not portalled: rendered inside the kit's root it inherits the theme's tokens. */}
        <Tooltip.Content className="aui-tooltip" sideOffset={4}>
          {why}
        </Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
});
