// The packet view's canvases at the screen's resolution: device pixels per layout px (the
// device's pixel ratio times any CSS zoom around the view) and a canvas sized to match.
import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';

import type { PacketLayout } from './packet_layout';

/** The CSS zoom around an element `width` layout px wide (presentation mode's), 1 without. */
export function zoomOf(element: Element, width: number): number {
  const shown = element.getBoundingClientRect().width;
  return shown > 0 ? shown / width : 1;
}

/**
 * A canvas sized to the layout in CSS px and drawn at `ratio` device pixels to each: the device's
 * pixel ratio times any CSS zoom around it, so the backing store matches the screen.
 */
export function sized(
  canvas: HTMLCanvasElement,
  layout: PacketLayout,
  ratio: number,
): CanvasRenderingContext2D | null {
  const [w, h] = [Math.round(layout.width * ratio), Math.round(layout.height * ratio)];
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/**
 * Device pixels per layout px of the canvas as shown (backingRatio), measured once it is laid out
 * and again as the window changes (presentation mode's zoom follows the window's width).
 */
export function useBackingRatio(canvas: RefObject<HTMLCanvasElement | null>, layoutWidth: number) {
  const [ratio, setRatio] = useState(1);
  useLayoutEffect(() => {
    const measure = () => {
      const c = canvas.current;
      if (!c || layoutWidth <= 0) return;
      const next = (window.devicePixelRatio || 1) * zoomOf(c, layoutWidth);
      setRatio((r) => (Math.abs(r - next) < 1e-3 ? r : next));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [canvas, layoutWidth]);
  return ratio;
}

/**
 * Given a height to fill, what the view's parts other than the drawing (`scroller`) take of the
 * view (`box`), own px, measured as they change; 0 without one.
 */
export function useOthersHeight(
  box: RefObject<HTMLElement | null>,
  scroller: RefObject<HTMLElement | null>,
  height: number | undefined,
  drawn: boolean,
): number {
  const [others, setOthers] = useState(0);
  useLayoutEffect(() => {
    const [b, s] = [box.current, scroller.current];
    if (height === undefined || !b || !s || !drawn) return;
    const measure = () => {
      const measured = b.offsetHeight - s.offsetHeight;
      setOthers((o) => (Math.abs(measured - o) > 1 ? measured : o));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(b);
    return () => observer.disconnect();
  }, [box, scroller, height, drawn]);
  return others;
}
