import { useEffect, useLayoutEffect, useRef } from 'react';

/** Changes closer together than this share one history entry, so a drag is one step back. */
export const HISTORY_DEBOUNCE_MS = 700;

/** The last change written to the history: when, and to which experiment. */
export interface HistoryMark {
  at: number;
  experiment: string | null;
}

/**
 * Whether a change at `now` to `experiment` starts a history entry or rewrites the current one,
 * and the mark to keep. A change of experiment always starts one, and the entry it starts is
 * never rewritten by the next edit, so back returns to each experiment as it was opened.
 */
export function historyStep(
  last: HistoryMark,
  experiment: string | null,
  now: number,
): { push: boolean; mark: HistoryMark } {
  const switched = experiment !== last.experiment;
  return {
    push: switched || now - last.at > HISTORY_DEBOUNCE_MS,
    mark: { at: switched ? Number.NEGATIVE_INFINITY : now, experiment },
  };
}

/**
 * Writes the address. A frame sandboxed without allow-same-origin (a lesson on a course page) may
 * not: its origin is opaque and the browser refuses it (SecurityError). The page goes on, the state
 * kept in the page; its links (Copy link) are written from the state, not read from the address.
 */
function writeAddress(push: boolean, url: string): void {
  try {
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  } catch (e) {
    if (!(e instanceof DOMException && e.name === 'SecurityError')) throw e;
  }
}

/**
 * Keeps the address bar in step with the state: a change after a pause, or to another
 * experiment, adds a history entry; a burst of changes rewrites the current one; back and
 * forward call `onPop` with the query.
 */
export function useUrlHistory(
  search: string,
  experiment: string | null,
  onPop: (search: string) => void,
): void {
  const last = useRef<HistoryMark | null>(null);

  useLayoutEffect(() => {
    // An empty query must be written as the path: an empty URL would keep the old query.
    const url = search === '' ? window.location.pathname : search;
    if (last.current === null || search === window.location.search) {
      // The first write corrects the opening link (migrated, cleaned): no step of its own, and
      // the user's first change after it is a step. Back and forward land here too.
      if (search !== window.location.search) writeAddress(false, url);
      last.current = { at: Number.NEGATIVE_INFINITY, experiment };
      return;
    }
    const step = historyStep(last.current, experiment, performance.now());
    writeAddress(step.push, url);
    last.current = step.mark;
  }, [search, experiment]);

  useEffect(() => {
    const listener = () => onPop(window.location.search);
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, [onPop]);
}
