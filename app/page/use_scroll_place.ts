import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Where the window stands when the page changes between the start page and what it opens (an
 * experiment, a tour, every machine): what is opened shows from its top, not at the start page's
 * scroll (2,700 px down a page that looked blank), and back to the start page returns to where it
 * was left. The returned function keeps the start page's place as it opens something. Called after
 * useUrlHistory, so the history entry being left is written before the window moves.
 */
export function useScrollPlace(onStart: boolean): () => void {
  const popped = useRef(false);
  const startY = useRef(0);
  const wasStart = useRef(onStart);
  useEffect(() => {
    const listener = () => {
      popped.current = true;
    };
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, []);
  useLayoutEffect(() => {
    const back = popped.current;
    popped.current = false;
    if (wasStart.current === onStart) return;
    wasStart.current = onStart;
    window.scrollTo(0, onStart && back ? startY.current : 0);
  });
  return useCallback(() => {
    startY.current = window.scrollY;
  }, []);
}
