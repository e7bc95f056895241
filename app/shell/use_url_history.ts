import { useEffect, useLayoutEffect, useRef } from 'react';

/** Changes closer together than this share one history entry, so a drag is one step back. */
export const HISTORY_DEBOUNCE_MS = 700;

/**
 * Keeps the address bar in step with the state: a change after a pause adds a history entry,
 * a burst of changes rewrites the current one; back and forward call `onPop` with the query.
 */
export function useUrlHistory(search: string, onPop: (search: string) => void): void {
  const lastChange = useRef<number | null>(null);

  useLayoutEffect(() => {
    // An empty query must be written as the path: an empty URL would keep the old query.
    const url = search === '' ? window.location.pathname : search;
    if (lastChange.current === null) {
      // The first write corrects the opening link (migrated, cleaned): no step of its own, and
      // the user's first change after it is a step.
      if (search !== window.location.search) window.history.replaceState(null, '', url);
      lastChange.current = Number.NEGATIVE_INFINITY;
      return;
    }
    if (search === window.location.search) return;
    const now = performance.now();
    if (now - lastChange.current > HISTORY_DEBOUNCE_MS) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    lastChange.current = now;
  }, [search]);

  useEffect(() => {
    const listener = () => {
      lastChange.current = Number.NEGATIVE_INFINITY;
      onPop(window.location.search);
    };
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, [onPop]);
}
