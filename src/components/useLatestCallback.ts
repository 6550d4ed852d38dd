import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A stable function that calls the latest `callback` given, or undefined while none is: memoised
 * rows see whether a handler exists without re-rendering each time an app passes an inline one.
 */
export function useLatestCallback<Args extends unknown[]>(callback: ((...args: Args) => void) | undefined): ((...args: Args) => void) | undefined {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  const stable = useCallback((...args: Args) => latest.current?.(...args), []);
  return callback ? stable : undefined;
}
