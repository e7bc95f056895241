// Where the page lays itself out differently in its markup, not only in its stylesheet: the
// queries match the @media rules of the stylesheets that share their widths.
import { useSyncExternalStore } from 'react';

/** A phone: one column, the results above the controls (styles.css, `.view`). */
export const PHONE = '(max-width: 760px)';
/** Side by side's two panes stacked one above the other (page/side_by_side.css, `.side-panes`). */
export const SIDES_STACKED = '(max-width: 1000px)';

/** Whether the window matches `query` now, followed as it changes; false without matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
