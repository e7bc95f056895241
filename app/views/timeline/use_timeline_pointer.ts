// The pointer on the timeline's canvas: a drag pans the window, a click selects what is under it.
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useRef } from 'react';

import type { ViewProps } from '../../presets/view_kinds';
import type { TimelineLayout } from './timeline_hit';
import { hitTest } from './timeline_hit';
import type { TimelineModel } from './timeline_model';
import type { Window } from './timeline_window';
import { panWindow } from './timeline_window';

export function useTimelinePointer({
  model,
  shown,
  full,
  plotWidth,
  row,
  onWindow,
  onSelect,
}: {
  model: TimelineModel;
  shown: Window;
  full: Window;
  plotWidth: number;
  row: number;
  onWindow: ViewProps['onWindow'];
  onSelect: ViewProps['onSelect'];
}) {
  const drag = useRef<{ x: number; window: [number, number]; moved: boolean } | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, window: shown, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    if (Math.abs(dx) > 3) d.moved = true;
    if (!d.moved) return;
    const perPixel = (d.window[1] - d.window[0]) / plotWidth;
    onWindow?.(panWindow(d.window, -dx * perPixel, full[0], full[1]));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved) return;
    const box = event.currentTarget.getBoundingClientRect();
    const layout: TimelineLayout = { window: shown, width: plotWidth, row };
    onSelect(hitTest(model, layout, event.clientX - box.left, event.clientY - box.top));
  };
  return { onPointerDown, onPointerMove, onPointerUp };
}
