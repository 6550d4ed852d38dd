import { createContext, useContext, type ReactNode } from 'react';
import { Tooltip } from 'radix-ui';

/** True below a `TooltipScope`: a tooltip there joins the shared provider instead of opening its own. */
const SharedTooltips = createContext(false);

/**
 * One Radix tooltip provider for every tooltip below it: one open delay, and moving from one badge
 * to the next shows its tooltip at once. `RuntimeProvider` renders one, so an app never needs to;
 * wrap badges rendered outside any `RuntimeProvider` in it to share one there too.
 * @example
 * <TooltipScope><FactBadge fact="unknown" /><FactBadge fact="stale" /></TooltipScope>
 */
export function TooltipScope({ children }: { children?: ReactNode }): ReactNode {
  return (
    <SharedTooltips.Provider value={true}>
      <Tooltip.Provider delayDuration={200} skipDelayDuration={300}>
        {children}
      </Tooltip.Provider>
    </SharedTooltips.Provider>
  );
}

/** The shared provider when there is one above; a provider of its own only for a tooltip rendered alone. */
// The return type is written out: inferred, it names React's internals by an empty import path in
// the published declarations.
export function TooltipFallback({ children }: { children: ReactNode }): ReactNode {
  return useContext(SharedTooltips) ? children : <TooltipScope>{children}</TooltipScope>;
}
