import { useEffect, useState } from 'react';

export interface Deadline {
  at: number;
  /** By this browser's clock: a hint, never a fact (only the runtime's `action.expired` expires). */
  passed: boolean;
}

/** A request's deadline against the given clock, re-evaluated when it passes (no ticking). */
export function useDeadline(expiresAt: string | undefined, active: boolean, now: () => number): Deadline | undefined {
  const at = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  const known = Number.isFinite(at);
  const passed = known && now() >= at;
  const [wakeups, wake] = useState(0);
  useEffect(() => {
    if (!active || !known || passed) return;
    // Timers cap at about 24.8 days; a later deadline is re-armed when this one fires.
    const id = setTimeout(() => wake((n) => n + 1), Math.min(Math.max(at - now(), 0), 2_147_483_647));
    return () => clearTimeout(id);
  }, [at, known, active, passed, now, wakeups]);
  return known ? { at, passed } : undefined;
}
