// The packet view's zoom: its steps, the most a canvas may take, and the gestures that set it.
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The zoom's steps: a phone's 8-node ring is 2 px flits at 1. */
export const ZOOMS = [1, 1.5, 2, 3, 4] as const;
/** The widest a zoomed drawing's canvas gets, device px (two canvases of it are painted). */
const MAX_CANVAS_PX = 4096;

/** The zoom `zoom` kept between 1 and the most a canvas of `width` CSS px may take. */
export function clampZoom(zoom: number, width: number, ratio: number): number {
  const most = Math.max(1, Math.min(Math.max(...ZOOMS), MAX_CANVAS_PX / (width * ratio)));
  return Math.min(most, Math.max(1, zoom));
}

/**
 * The drawing's zoom, from the buttons, a pinch (two fingers on the drawing) or ctrl + wheel (a
 * trackpad's pinch), with the point under the gesture kept in place; one finger or the scroll
 * bars pan the zoomed drawing. `scale` is a pinch's live factor, shown until it ends.
 */
export function useZoom(scroller: RefObject<HTMLDivElement | null>, width: number, ready: boolean) {
  const [zoom, setZoomNow] = useState(1);
  const [scale, setScale] = useState(1);
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const shown = clampZoom(zoom, width, ratio);
  // The point to keep in place across a zoom: its share of the drawing and where it is on screen.
  const anchor = useRef<{ fx: number; fy: number; x: number; y: number } | null>(null);
  const setZoom = (next: number, at?: { x: number; y: number }) => {
    const el = scroller.current;
    if (el) {
      const x = at?.x ?? el.clientWidth / 2;
      const y = at?.y ?? el.clientHeight / 2;
      anchor.current = {
        fx: (el.scrollLeft + x) / Math.max(1, el.scrollWidth),
        fy: (el.scrollTop + y) / Math.max(1, el.scrollHeight),
        x,
        y,
      };
    }
    setZoomNow(clampZoom(next, width, ratio));
  };
  // The gestures' listeners, attached once, reach the latest zoom through this.
  const latest = useRef({ zoom: shown, setZoom });
  useLayoutEffect(() => {
    latest.current = { zoom: shown, setZoom };
  });
  // After the drawing is laid out at a new zoom, the anchored point goes back under the gesture.
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    if (!el || !a) return;
    anchor.current = null;
    el.scrollTo({ left: a.fx * el.scrollWidth - a.x, top: a.fy * el.scrollHeight - a.y });
  });
  useEffect(() => {
    const el = scroller.current;
    if (!el || !ready) return;
    let pinch: { distance: number; x: number; y: number } | null = null;
    let factor = 1;
    const spread = (t: TouchList) =>
      Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      const rect = el.getBoundingClientRect();
      pinch = {
        distance: Math.max(1, spread(e.touches)),
        x: (e.touches[0]!.clientX + e.touches[1]!.clientX) / 2 - rect.left,
        y: (e.touches[0]!.clientY + e.touches[1]!.clientY) / 2 - rect.top,
      };
      factor = 1;
    };
    const onMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      // The two fingers zoom the drawing, not the page or its scroll.
      e.preventDefault();
      factor = spread(e.touches) / pinch.distance;
      setScale(factor);
    };
    const onEnd = () => {
      if (!pinch) return;
      const at = { x: pinch.x, y: pinch.y };
      pinch = null;
      setScale(1);
      latest.current.setZoom(latest.current.zoom * factor, at);
    };
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const at = { x: e.clientX - rect.left, y: e.clientY - rect.top };
      latest.current.setZoom(latest.current.zoom * Math.exp(-e.deltaY * 0.01), at);
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
      el.removeEventListener('wheel', onWheel);
    };
  }, [scroller, ready]);
  return { zoom: shown, scale, setZoom, most: clampZoom(Infinity, width, ratio) };
}
