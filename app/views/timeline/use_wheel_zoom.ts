// The wheel's zoom on the timeline's canvas, around the pointer.
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';

import type { ViewProps } from '../../presets/view_kinds';
import type { Window } from './timeline_window';
import { ZOOM_STEP, zoomWindow } from './timeline_window';

/**
 * The wheel zooms around the pointer; the page must not scroll meanwhile (a passive listener
 * cannot prevent it, so it is added by hand). A wheel's zoom goes from the last window asked
 * for, not the last drawn: wheel events come faster than the link goes round, and each would
 * otherwise undo the one before. A window asked for and not drawn within half a second is
 * forgotten.
 */
export function useWheelZoom(
  canvas: RefObject<HTMLCanvasElement | null>,
  shown: Window,
  full: Window,
  plotWidth: number,
  onWindow: ViewProps['onWindow'],
) {
  const latest = useRef({ shown, full, plotWidth, onWindow, asked: null as Window | null, at: 0 });
  useLayoutEffect(() => {
    // The wheel forgets a window asked for too long ago; one drawn is forgotten here.
    const { asked, at } = latest.current;
    const drawn = asked !== null && asked[0] === shown[0] && asked[1] === shown[1];
    latest.current = { shown, full, plotWidth, onWindow, asked: drawn ? null : asked, at };
  });
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const last = latest.current;
      const w = last.asked && performance.now() - last.at < 500 ? last.asked : last.shown;
      const at = w[0] + (event.offsetX / last.plotWidth) * (w[1] - w[0]);
      const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      last.asked = zoomWindow(w, factor, at, last.full[0], last.full[1]);
      last.at = performance.now();
      last.onWindow?.(last.asked);
    };
    c.addEventListener('wheel', wheel, { passive: false });
    return () => c.removeEventListener('wheel', wheel);
  }, [canvas, latest]);
}
