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
 * What labels must keep clear of: other texts, drawn shapes as boxes and lines as segments;
 * leaders cross no text and no line.
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
const LEADER_RADII = [26, 42, 62, 88, 120, 160, 200];
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

/** Whether two segments cross or touch. */
export function segmentsCross(a: LineSegment, b: LineSegment): boolean {
  const side = (s: LineSegment, x: number, y: number) =>
    Math.sign((s.x2 - s.x1) * (y - s.y1) - (s.y2 - s.y1) * (x - s.x1));
  const [b1, b2, a1, a2] = [
    side(a, b.x1, b.y1),
    side(a, b.x2, b.y2),
    side(b, a.x1, a.y1),
    side(b, a.x2, a.y2),
  ];
  if (b1 === 0 && b2 === 0) {
    // On one line: they meet where their extents overlap.
    const apart = (p1: number, p2: number, q1: number, q2: number) =>
      Math.max(p1, p2) < Math.min(q1, q2) || Math.max(q1, q2) < Math.min(p1, p2);
    return !apart(a.x1, a.x2, b.x1, b.x2) && !apart(a.y1, a.y2, b.y1, b.y2);
  }
  return b1 * b2 <= 0 && a1 * a2 <= 0;
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
 * obstacles' and the labels placed so far) and no segment crosses it. A spot further out takes a
 * leader that crosses no text, and the one crossing the fewest lines (none where any spot allows
 * it), nearest first. A label with no free spot is left out (null): the read-out still names it.
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
  const crossesText = (leader: LineSegment) =>
    [...obstacles.texts, ...placed].some((b) => segmentCrossesBox(leader, b));
  const linesCrossed = (leader: LineSegment) =>
    obstacles.segments.filter((s) => segmentsCross(leader, s)).length;
  // A label next to its point must be nearer to it than to any other labelled point, or it
  // would seem to name that one; a leader says which point it names.
  const ownNearest = (r: LabelRequest, box: Box) =>
    requests.every((q) => q === r || distance(q, box) > distance(r, box));
  const further = (r: LabelRequest): PlacedLabel | undefined => {
    let best: PlacedLabel | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const radius of LEADER_RADII) {
      for (const degrees of LEADER_ANGLES_DEG) {
        const c = farSpot(r, radius, degrees);
        if (!free(c.box) || crossesText(c.leader!)) continue;
        const n = linesCrossed(c.leader!);
        if (n < fewest) [best, fewest] = [c, n];
        if (n === 0) return best;
      }
    }
    return best;
  };
  return requests.map((r) => {
    const found =
      nearSpots(r)
        .map((box): PlacedLabel => ({ box }))
        .find((c) => free(c.box) && ownNearest(r, c.box)) ?? further(r);
    if (found) placed.push(found.box);
    return found ?? null;
  });
}

/**
 * For labels with fixed candidate spots (a rule's, beside its line), each one's spot, in order:
 * the first inside `bounds` that overlaps no obstacle, no label chosen before and no segment
 * (clear); failing that, the one with the fewest such conflicts, inside if any is.
 */
export function chooseSpots(
  candidates: Box[][],
  obstacles: Obstacles,
  bounds: Box,
): { index: number; clear: boolean }[] {
  const placed: Box[] = [];
  const conflicts = (box: Box) =>
    (inside(box, bounds) ? 0 : OUTSIDE) +
    [...obstacles.texts, ...obstacles.boxes, ...placed].filter((b) => overlaps(box, b)).length +
    obstacles.segments.filter((s) => segmentCrossesBox(s, box)).length;
  return candidates.map((spots) => {
    let index = 0;
    let fewest = Number.POSITIVE_INFINITY;
    for (const [i, box] of spots.entries()) {
      const n = conflicts(box);
      if (n < fewest) [index, fewest] = [i, n];
      if (n === 0) break;
    }
    const box = spots[index];
    if (box) placed.push(box);
    return { index, clear: fewest === 0 };
  });
}

/** A spot outside the bounds counts as this many conflicts: any spot inside is better. */
const OUTSIDE = 1e6;
