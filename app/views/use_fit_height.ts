// A view fitted to the window (presentation mode): the height it may take for its panel to end
// at the window's foot.
import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';

/** Room left under a fitted view, px on the screen: the panel's border and a little air. */
const FIT_MARGIN_PX = 12;

/**
 * With `fit`, the height the view in `body` may take for the panel to end at the window's foot,
 * in the view's own CSS px (a CSS zoom around it, presentation mode's, divided out); measured
 * again as the window or the panel changes. Undefined without `fit`.
 */
export function useFitHeight(
  fit: boolean,
  body: RefObject<HTMLDivElement | null>,
  panel: RefObject<HTMLElement | null>,
): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!fit) return;
    const measure = () => {
      const [b, p] = [body.current, panel.current];
      if (!b || !p || b.offsetWidth === 0) return;
      const rect = b.getBoundingClientRect();
      const zoom = rect.width / b.offsetWidth;
      const below = p.getBoundingClientRect().bottom - rect.bottom;
      const room = window.innerHeight - (rect.top + window.scrollY) - below - FIT_MARGIN_PX;
      const next = Math.floor(room / zoom);
      setHeight((h) => (h !== undefined && Math.abs(h - next) <= 1 ? h : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (panel.current) observer.observe(panel.current);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [fit, body, panel]);
  return fit ? height : undefined;
}
