/** Capped exponential backoff with jitter for reconnects and repairs (defaults per caller). */
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** 0..1: the share of each delay that is randomized, so clients do not reconnect in lockstep. */
  jitter?: number;
  random?: () => number;
}

/** Capped exponential backoff with jitter: attempt 1 waits about `initialMs`, then grows to `maxMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { initialMs = 250, maxMs = 10_000, factor = 2, jitter = 0.3, random = Math.random } = options;
  const base = Math.min(maxMs, initialMs * factor ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - jitter + jitter * random()));
}
