import { forwardRef, useContext, type ComponentPropsWithoutRef, type ForwardedRef } from 'react';
import { RuntimeContext } from '../hooks/RuntimeContext';
import type { FactState } from '../store/records';
import { FACT_LABELS } from '../ui/factLabels';
import type { Labels } from '../ui/labels';
import { TooltipFallback, useTooltip } from '../ui/TooltipScope';
import { useDisplayText } from './displayPolicy';
import { IconAlert, IconBlocked, IconDisputed, IconFailed, IconSpinner, IconStale, IconUnavailable, IconUnknown, type KitIcon } from './icons';

/** A distinct icon per state, so the state never rests on colour alone (and no two look alike). */
const ICON: Record<FactState, KitIcon> = {
  unknown: IconUnknown,
  unavailable: IconUnavailable,
  blocked: IconBlocked,
  stale: IconStale,
  loading: IconSpinner,
  'needs-input': IconAlert,
  failed: IconFailed,
  disputed: IconDisputed,
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
  // Its own words only (not the whole labels table: the badge alone stays a few KB).
  const provided = useContext(RuntimeContext)?.labels;
  const label = (key: keyof typeof FACT_LABELS) => labels?.[key] ?? provided?.[key] ?? FACT_LABELS[key];
  // A reason is often the runtime's own words (a diagnostic's message): shown through the display policy.
  const show = useDisplayText();
  const why = reason !== undefined ? show(reason) : label(`fact.why.${fact}`);
  const word = text !== undefined ? show(text) : label(`fact.${fact}`);
  return (
    // The root's shared scope (RuntimeProvider renders it), not one per badge.
    <TooltipFallback>
      <Badge ref={ref} fact={fact} word={word} why={why} className={className} rest={rest} />
    </TooltipFallback>
  );
});

function Badge({ ref, fact, word, why, className, rest }: { ref: ForwardedRef<HTMLSpanElement>; fact: FactState; word: string; why: string; className?: string; rest: Omit<FactBadgeProps, 'fact' | 'text' | 'reason' | 'labels' | 'className'> }) {
  const tip = useTooltip(why);
  const Icon = ICON[fact];
  return (
    <>
      <span
        ref={(element) => {
          tip.triggerRef(element);
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        className={['aui-fact-badge', className].filter(Boolean).join(' ')}
        data-fact={fact}
        // A badge is one image-like unit for assistive tech: its words and its reason in one name.
        role="img"
        aria-label={`${word}: ${why}`}
        {...rest}
        onPointerEnter={(event) => {
          rest.onPointerEnter?.(event);
          tip.onPointerEnter();
        }}
        onPointerLeave={(event) => {
          rest.onPointerLeave?.(event);
          tip.onPointerLeave();
        }}
      >
        <span className="aui-fact-badge__glyph" aria-hidden="true">
          <Icon spin={fact === 'loading'} />
        </span>
        <span className="aui-fact-badge__text" aria-hidden="true">{word}</span>
      </span>
      {tip.tooltip}
    </>
  );
}
