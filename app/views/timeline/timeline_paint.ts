// The timeline's canvas: the spans in sight, one path per state; marks; the messages in flight as
// arrows (thinned past MAX_ARROWS); the selection outlined. Separate from the view so the paint
// reads as one pass over what is in sight.
import { scaleLinear } from 'd3-scale';

import { palette } from '../../charts/palette';
import type { TimelineModel } from './timeline_model';
import { spanAt } from './timeline_model';
import type { TimelineLayout } from './timeline_hit';
import { arrowEnds, arrowsInSight, picked } from './timeline_hit';

/** The marks' colours by kind (send fault, queue overflow): apart from the states' colours. */
export const MARK_COLORS = [palette.vermillion, palette.purple];

export interface TimelinePaint {
  model: TimelineModel;
  /** Each state's colour; null for one left as the row's background (idle). */
  colors: (string | null)[];
  layout: TimelineLayout;
  height: number;
  selected: number | undefined;
  /** The row's background and the arrows' colour, read from the page's theme. */
  idle: string;
  fg: string;
}

export function paintTimeline(
  c: HTMLCanvasElement,
  g: CanvasRenderingContext2D,
  { model, colors, layout, height, selected, idle, fg }: TimelinePaint,
) {
  const { width: plotWidth, row } = layout;
  const [s0, s1] = layout.window;
  const at = scaleLinear().domain([s0, s1]).range([0, plotWidth]);
  const lanes = model.lanes.length;
  const ratio = globalThis.devicePixelRatio || 1;
  // Setting a canvas's size, even to the same, makes a new bitmap: only when it changes.
  const pixelsWide = Math.round(plotWidth * ratio);
  const pixelsHigh = Math.round(height * ratio);
  if (c.width !== pixelsWide) c.width = pixelsWide;
  if (c.height !== pixelsHigh) c.height = pixelsHigh;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, plotWidth, height);
  const { spans, laneStart } = model;
  const gap = row > 6 ? 1 : 0;
  // One path per state, filled once: a fill style set per span cost more than the spans.
  g.fillStyle = idle;
  for (let l = 0; l < lanes; l++) g.fillRect(0, l * row, plotWidth, row - gap);
  // Each state's rects (x, y, width, flat), filled with one fill style: a style set per span cost
  // more than the spans. Rects, not one path a state: the canvas rasterizes a path of 77,000
  // rects (LCS's first 287,000 cycles on 64 nodes) in 0.4 s, as a task of its own.
  const rects: number[][] = colors.map(() => []);
  const perTime = plotWidth / (s1 - s0 || 1);
  // Narrow rects of a state that touch or overlap are drawn as one: zoomed out, many spans fall
  // in a pixel.
  const pending = colors.map(() => ({ x0: 0, x1: -1 }));
  const flush = (state: number, y: number) => {
    const p = pending[state]!;
    if (p.x1 >= p.x0) rects[state]!.push(p.x0, y, p.x1 - p.x0);
    p.x1 = -1;
  };
  for (let l = 0; l < lanes; l++) {
    const y = l * row;
    for (let i = Math.max(laneStart[l]!, spanAt(model, l, s0)); i < laneStart[l + 1]!; i++) {
      const start = spans.start[i]!;
      if (start > s1) break;
      const state = spans.state[i]!;
      if (!colors[state]) continue;
      // The scale inlined: this loop runs once per span in sight (128,000 on 512 nodes).
      const x0 = (Math.max(start, s0) - s0) * perTime;
      const w = (Math.min(spans.end[i]!, s1) - s0) * perTime - x0;
      // Wide spans keep a pixel's gap at their end, so one handler's exit and the next's entry
      // show even when both are alike.
      if (w > 4) {
        flush(state, y);
        rects[state]!.push(x0, y, w - 1);
        continue;
      }
      const p = pending[state]!;
      const x1 = x0 + Math.max(0.75, w);
      if (p.x1 >= 0 && x0 <= p.x1) {
        p.x1 = Math.max(p.x1, x1);
      } else {
        flush(state, y);
        p.x0 = x0;
        p.x1 = x1;
      }
    }
    colors.forEach((_, state) => flush(state, y));
  }
  colors.forEach((color, state) => {
    const r = rects[state]!;
    if (!color || r.length === 0) return;
    g.fillStyle = color;
    for (let i = 0; i < r.length; i += 3) g.fillRect(r[i]!, r[i + 1]!, r[i + 2]!, row - gap);
  });
  // Marks: send faults and overflows as short ticks at the top of their row.
  for (let i = 0; i < model.marks.time.length; i++) {
    const t = model.marks.time[i]!;
    if (t < s0 || t > s1) continue;
    g.fillStyle = MARK_COLORS[model.marks.kind[i]!]!;
    g.fillRect(at(t) - 1, model.marks.lane[i]! * row, 2, Math.max(2, row / 2));
  }
  // Messages in flight in the window, thinned past MAX_ARROWS.
  const { drawn } = arrowsInSight(model, [s0, s1]);
  const arrow = (i: number, head: boolean) => {
    const [x0, y0, x1, y1] = arrowEnds(model, layout, i);
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
    // The head, a short stroke back along the arrow on both sides, where arrows are few
    // enough to tell apart.
    if (!head) return;
    const angle = Math.atan2(y1 - y0, x1 - x0);
    const size = Math.max(3, Math.min(5, row));
    g.moveTo(x1, y1);
    g.lineTo(x1 - size * Math.cos(angle - 0.45), y1 - size * Math.sin(angle - 0.45));
    g.moveTo(x1, y1);
    g.lineTo(x1 - size * Math.cos(angle + 0.45), y1 - size * Math.sin(angle + 0.45));
  };
  g.strokeStyle = fg;
  g.globalAlpha = drawn.length > 200 ? 0.35 : 0.7;
  g.lineWidth = 1;
  g.beginPath();
  for (const i of drawn) arrow(i, drawn.length <= 500);
  g.stroke();
  g.globalAlpha = 1;
  const chosen = picked(model, selected);
  g.strokeStyle = fg;
  g.lineWidth = 2;
  if (chosen?.kind === 'span') {
    const i = chosen.index;
    const x0 = at(Math.max(spans.start[i]!, s0));
    const x1 = at(Math.min(spans.end[i]!, s1));
    const y = spans.lane[i]! * row;
    g.strokeRect(x0, y + Math.min(1, row / 4), Math.max(2, x1 - x0), Math.max(1, row - 2));
  } else if (chosen?.kind === 'arrow') {
    g.lineWidth = 2.5;
    g.beginPath();
    arrow(chosen.index, true);
    g.stroke();
  }
}
