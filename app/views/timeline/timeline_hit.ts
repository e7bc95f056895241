// What the timeline draws where, and what lies under a point: the rows' layout, the messages in
// sight (thinned past a cap), and the hit test a click uses. Kept apart from the canvas so a test
// can click without a browser.
import type { TimelineModel } from './timeline_model';
import { spanAt } from './timeline_model';

/** Arrows drawn at most: past this, every k-th of those in sight. */
export const MAX_ARROWS = 1500;
/** How near (CSS pixels) a click must come to an arrow to pick it over the span under it. */
export const ARROW_REACH = 4;

export interface TimelineLayout {
  /** The span of time in sight. */
  window: [number, number];
  /** The plot's width and one row's height, in CSS pixels. */
  width: number;
  row: number;
}

export function xOf(layout: TimelineLayout, t: number): number {
  const [s0, s1] = layout.window;
  return ((t - s0) / (s1 - s0 || 1)) * layout.width;
}

export function timeOf(layout: TimelineLayout, x: number): number {
  const [s0, s1] = layout.window;
  return s0 + (x / layout.width) * (s1 - s0);
}

/**
 * The arrows drawn for a window: those in flight at some time in it (sent before its end and
 * received after its start), every k-th of them past MAX_ARROWS in send order; and how many were
 * in sight.
 */
export function arrowsInSight(
  model: TimelineModel,
  window: [number, number],
): { drawn: number[]; inSight: number } {
  const { sent, received } = model.arrows;
  const all: number[] = [];
  for (let i = 0; i < sent.length; i++) {
    if (received[i]! >= window[0] && sent[i]! <= window[1]) all.push(i);
  }
  const every = Math.max(1, Math.ceil(all.length / MAX_ARROWS));
  return { drawn: every === 1 ? all : all.filter((_, k) => k % every === 0), inSight: all.length };
}

/** An arrow's ends in the plot's pixels. */
export function arrowEnds(
  model: TimelineModel,
  layout: TimelineLayout,
  i: number,
): [number, number, number, number] {
  const { from, to, sent, received } = model.arrows;
  return [
    xOf(layout, sent[i]!),
    from[i]! * layout.row + layout.row / 2,
    xOf(layout, received[i]!),
    to[i]! * layout.row + layout.row / 2,
  ];
}

function distanceToSegment(
  px: number,
  py: number,
  [x0, y0, x1, y1]: [number, number, number, number],
): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / length2)) : 0;
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

/**
 * What a selection id names. Spans are numbered first, lane by lane in time order
 * (0 .. spans - 1), then the arrows in send order (spans .. spans + arrows - 1); both orders are
 * fixed by the trace, so an id stays valid in a link.
 */
export type Picked = { kind: 'span'; index: number } | { kind: 'arrow'; index: number };

export function picked(model: TimelineModel, id: number | undefined): Picked | null {
  if (id === undefined || !Number.isInteger(id) || id < 0) return null;
  const spans = model.spans.start.length;
  if (id < spans) return { kind: 'span', index: id };
  if (id < spans + model.arrows.sent.length) return { kind: 'arrow', index: id - spans };
  return null;
}

export function arrowId(model: TimelineModel, arrow: number): number {
  return model.spans.start.length + arrow;
}

/**
 * The selection id under a point of the plot (CSS pixels from its top left): the nearest drawn
 * arrow within ARROW_REACH, else the span under the point, else undefined.
 */
export function hitTest(
  model: TimelineModel,
  layout: TimelineLayout,
  px: number,
  py: number,
): number | undefined {
  let best = -1;
  let bestDistance = ARROW_REACH;
  for (const i of arrowsInSight(model, layout.window).drawn) {
    const d = distanceToSegment(px, py, arrowEnds(model, layout, i));
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  }
  if (best >= 0) return arrowId(model, best);
  const lane = Math.floor(py / layout.row);
  if (lane < 0 || lane >= model.lanes.length || px < 0 || px > layout.width) return undefined;
  const span = spanAt(model, lane, timeOf(layout, px));
  return span >= 0 ? span : undefined;
}
