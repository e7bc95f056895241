// Presentation mode's sizes: how much a presented chart is enlarged at the window's width, and
// the words beside it shrunk to end above the screen's foot.
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * How much the chart is enlarged at this window width. A trace view, its player and words above
 * and below the drawing, is enlarged less, so that the drawing keeps most of a 1080 px screen's
 * height (the view fits itself to what is left: ViewPanel's fit).
 */
export function presentationZoom(width: number, view: boolean): number {
  const zoom = width >= 1600 ? 2 : width >= 1100 ? 1.5 : 1;
  return view ? Math.max(1, zoom * 0.7) : zoom;
}

/** The least the words beside a presented chart shrink to fit the screen: 24 px to 19 px. */
const MIN_ASIDE_SCALE = 0.8;

/**
 * Shrinks the words beside a presented chart, in steps, until they end above the screen's foot
 * (a tour's step with its question, Reveal and Next), and no further than MIN_ASIDE_SCALE: a
 * projected lesson is read without scrolling. Refitted whenever the words, the bar above them or
 * the window change size (a reveal adds its sentence). Written on the element, not in React state, so that fitting
 * draws no render of its own.
 */
export function useFitToScreen(aside: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = aside.current;
    if (!el) return;
    const fit = () => {
      let scale = 1;
      el.style.setProperty('--aside-scale', '1');
      // A little air under the words: Next is not flush with the screen's edge.
      const bottom = () => el.getBoundingClientRect().bottom + window.scrollY + 8;
      while (scale > MIN_ASIDE_SCALE + 1e-9 && bottom() > window.innerHeight) {
        scale -= 0.05;
        el.style.setProperty('--aside-scale', scale.toFixed(2));
      }
    };
    fit();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    };
    const observer = new ResizeObserver(later);
    observer.observe(el);
    // The bar above may wrap (a chart menu filled once the run is in), moving the words down.
    const bar = el.closest('.presentation')?.querySelector('.presentation-bar');
    if (bar) observer.observe(bar);
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', later);
    };
  }, [aside]);
}

const readWindowWidth = () => window.innerWidth;

export function useWindowWidth(): number {
  const [width, setWidth] = useState(readWindowWidth);
  useEffect(() => {
    const listener = () => setWidth(readWindowWidth());
    window.addEventListener('resize', listener);
    return () => window.removeEventListener('resize', listener);
  }, []);
  return width;
}
