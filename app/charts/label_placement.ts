// A small, deterministic label-placement pass: each label takes the first spot around its point
// that is free of the labels placed before it, of what the chart draws and of the plot's edges;
// failing that, a free spot further out joined to the point by a leader line; failing that, none.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LineSegment {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** A label to place: the point it names and its size. */
export interface LabelRequest {
  px: number;
  py: number;
  width: number;
  height: number;
}

/**
 * What labels must keep clear of: other texts (which leaders must not cross either), drawn shapes
 * as boxes and lines as segments (which leaders may pass over).
 */
export interface Obstacles {
  texts: Box[];
  boxes: Box[];
  segments: LineSegment[];
}

export interface PlacedLabel {
  box: Box;
  /** From near the point to the label, when the label had to move away from its point. */
  leader?: LineSegment;
}

/** Gap between a point and a label next to it, px. */
const GAP = 7;
/** Distances of the spots further out, px, tried in order. */
const LEADER_RADII = [26, 42, 62, 88, 120];
/** Directions of the spots further out: right, left, up, down first, then the diagonals. */
const LEADER_ANGLES_DEG = [0, 180, 90, 270, 45, 135, 315, 225, 22.5, 157.5, 337.5, 202.5];

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(box: Box, bounds: Box): boolean {
  return (
    box.x >= bounds.x &&
    box.y >= bounds.y &&
    box.x + box.width <= bounds.x + bounds.width &&
    box.y + box.height <= bounds.y + bounds.height
  );
}

/** Whether a segment passes through a box (Liang-Barsky clipping). */
export function segmentCrossesBox(s: LineSegment, box: Box): boolean {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let lo = 0;
  let hi = 1;
  const edges: [number, number][] = [
    [-dx, s.x1 - box.x],
    [dx, box.x + box.width - s.x1],
    [-dy, s.y1 - box.y],
    [dy, box.y + box.height - s.y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
    if (lo > hi) return false;
  }
  return true;
}

/** Distance from a point to a box (0 inside it). */
function distance(p: LabelRequest, box: Box): number {
  const dx = Math.max(box.x - p.px, 0, p.px - (box.x + box.width));
  const dy = Math.max(box.y - p.py, 0, p.py - (box.y + box.height));
  return Math.hypot(dx, dy);
}

/** The spots right next to the point: above right first, as labels were placed before. */
function nearSpots(r: LabelRequest): Box[] {
  const { px, py, width: w, height: h } = r;
  const right = px + GAP + 1;
  const left = px - GAP - 1 - w;
  const above = py - GAP + 1 - h;
  const below = py + GAP - 1;
  return [
    [right, above],
    [left, above],
    [right, below],
    [left, below],
    [right, py - h / 2],
    [left, py - h / 2],
    [px - w / 2, py - GAP - 1 - h],
    [px - w / 2, py + GAP + 1],
  ].map(([x, y]) => ({ x: x!, y: y!, width: w, height: h }));
}

/** A spot further out in a direction, its near side facing the point, with its leader. */
function farSpot(r: LabelRequest, radius: number, degrees: number): PlacedLabel {
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = -Math.sin((degrees * Math.PI) / 180);
  const ax = r.px + radius * cos;
  const ay = r.py + radius * sin;
  const x = cos > 0.3 ? ax : cos < -0.3 ? ax - r.width : ax - r.width / 2;
  const y = sin > 0.3 ? ay : sin < -0.3 ? ay - r.height : ay - r.height / 2;
  const leader = { x1: r.px + GAP * cos, y1: r.py + GAP * sin, x2: ax, y2: ay };
  return { box: { x, y, width: r.width, height: r.height }, leader };
}

/**
 * Places labels in order. A spot is free when it lies inside `bounds`, overlaps no box (the
 * obstacles' and the labels placed so far) and no segment crosses it; a leader crosses no text. A label with no free spot is left out (null): the chart's read-out still names it.
 */
export function placeLabels(
  requests: LabelRequest[],
  obstacles: Obstacles,
  bounds: Box,
): (PlacedLabel | null)[] {
  const placed: Box[] = [];
  const free = (box: Box) =>
    inside(box, bounds) &&
    ![...obstacles.texts, ...obstacles.boxes, ...placed].some((b) => overlaps(box, b)) &&
    !obstacles.segments.some((s) => segmentCrossesBox(s, box));
  const clear = (leader: LineSegment) =>
    ![...obstacles.texts, ...placed].some((b) => segmentCrossesBox(leader, b));
  // A label next to its point must be nearer to it than to any other labelled point, or it
  // would seem to name that one; a leader says which point it names.
  const ownNearest = (r: LabelRequest, box: Box) =>
    requests.every((q) => q === r || distance(q, box) > distance(r, box));
  return requests.map((r) => {
    const found =
      nearSpots(r)
        .map((box): PlacedLabel => ({ box }))
        .find((c) => free(c.box) && ownNearest(r, c.box)) ??
      LEADER_RADII.flatMap((radius) =>
        LEADER_ANGLES_DEG.map((degrees) => farSpot(r, radius, degrees)),
      ).find((c) => free(c.box) && clear(c.leader!));
    if (found) placed.push(found.box);
    return found ?? null;
  });
}
