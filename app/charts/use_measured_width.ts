import type { RefObject } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/** Width used before the container is measured, and in server rendering and tests. */
export const DEFAULT_CHART_WIDTH = 640;

/** Height that suits a width: 0.6 of it, kept between 240 and 480 px. */
export function defaultChartHeight(width: number): number {
  return Math.min(480, Math.max(240, Math.round(width * 0.6)));
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

/** The size a chart draws at: the given width or the measured one, the given or default height. */
export function useChartSize(width?: number, height?: number) {
  const { ref, width: w } = useMeasuredWidth(width);
  return { ref, size: { width: w, height: height ?? defaultChartHeight(w) } };
}
