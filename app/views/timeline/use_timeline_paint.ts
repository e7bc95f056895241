// Paints the timeline's canvas when what is in sight changes, in the page theme's colours.
import type { RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';

import { resolvedColor } from './timeline_colors';
import type { TimelineModel } from './timeline_model';
import { paintTimeline } from './timeline_paint';
import type { Window } from './timeline_window';

/**
 * Redrawn when what is in sight changes, not as the player moves: the cursor is an element over
 * the canvas. The colours are read from the page's theme, so a change of theme redraws.
 */
export function useTimelinePaint(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  {
    model,
    colors,
    shown: [s0, s1],
    plotWidth,
    row,
    height,
    selected,
  }: {
    model: TimelineModel;
    colors: (string | null)[];
    shown: Window;
    plotWidth: number;
    row: number;
    height: number;
    selected: number | undefined;
  },
) {
  const colours = useRef<{ theme: string; idle: string; fg: string } | null>(null);
  const theme =
    typeof document === 'undefined' ? '' : (document.documentElement.dataset.theme ?? '');
  useLayoutEffect(() => {
    const c = canvasRef.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    const began = performance.now();
    // The theme its colours were read in.
    c.dataset.theme = theme;
    // Read once per theme: reading a computed style makes the page lay itself out (10 to 40 ms
    // on a large page, more than the paint).
    if (colours.current?.theme !== theme) {
      colours.current = {
        theme,
        idle: resolvedColor(c, 'var(--panel)'),
        fg: resolvedColor(c, 'var(--fg)'),
      };
    }
    paintTimeline(c, g, {
      model,
      colors,
      layout: { window: [s0, s1], width: plotWidth, row },
      height,
      selected,
      idle: colours.current.idle,
      fg: colours.current.fg,
    });
    // How long this paint took, for the bench and for a look in the page.
    c.dataset.paintMs = (performance.now() - began).toFixed(2);
  }, [canvasRef, model, colors, row, height, plotWidth, s0, s1, selected, theme]);
}
