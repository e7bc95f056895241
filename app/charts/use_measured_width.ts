import type { RefObject } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

import type { ChartSize } from './ChartBox';

/** Width used before the container is measured, and in server rendering and tests. */
export const DEFAULT_CHART_WIDTH = 640;

/**
 * Height that suits a width: 0.6 of it, kept between 240 and 480 px, or, for text of a size
 * given, between 20 and 40 lines of it (a paper figure's 8 pt text: 160 to 320 pt).
 */
export function defaultChartHeight(width: number, fontSize?: number): number {
  const [least, most] = fontSize === undefined ? [240, 480] : [20 * fontSize, 40 * fontSize];
  return Math.min(most, Math.max(least, Math.round(width * 0.6)));
}

/**
 * The width of the element `ref` is attached to, followed with a ResizeObserver; `fixed` (a width
 * the caller chose) skips measuring. Whole pixels, so sub-pixel jitter does not re-render.
 */
export function useMeasuredWidth(fixed?: number): {
  ref: RefObject<HTMLDivElement | null>;
  width: number;
} {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(DEFAULT_CHART_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || !element || typeof ResizeObserver === 'undefined') return;
    const update = (width: number) => {
      if (width > 0) setMeasured(Math.floor(width));
    };
    update(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return { ref, width: fixed ?? measured };
}

/**
 * The size a chart draws at: the given width or the measured one, the given or default height,
 * and the text size if one is given.
 */
export function useChartSize(width?: number, height?: number, fontSize?: number) {
  const { ref, width: w } = useMeasuredWidth(width);
  const size: ChartSize = { width: w, height: height ?? defaultChartHeight(w, fontSize), fontSize };
  return { ref, size };
}
