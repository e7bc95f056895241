// The line chart's data placed on its frame: curves, guides, marks and what labels avoid.
import { line } from 'd3-shape';

import type { Guide, LineChartData, Point } from '../results/chart_data';
import { fitText } from '../results/format';
import type { Box, LineSegment } from './label_placement';
import type { LineFrame } from './line_frame';
import type { PlacedPoint } from './line_style';
import { curveKey, curveLabel, MARK_RADIUS, markedPoints, markerOf, STYLE } from './line_style';
import { palette } from './palette';
import type { ScaledAxis } from './scales';

/**
 * Where the curve crosses x = saturationX, interpolated between its drawn points in pixel space
 * (so the marker sits on the drawn line, on log axes too). A saturation outside the curve's x
 * range is marked on the x axis instead.
 */
function saturationMarker(
  saturationX: number | undefined,
  points: PlacedPoint[],
  x: ScaledAxis,
  y: ScaledAxis,
  innerHeight: number,
) {
  if (saturationX === undefined || !x.drawable(saturationX)) return undefined;
  const px = x.toPx(saturationX);
  for (const [i, a] of points.entries()) {
    const b = points[i + 1] ?? a;
    if ((px - a.px) * (px - b.px) > 0) continue;
    const t = b.px === a.px ? 0 : (px - a.px) / (b.px - a.px);
    const py = a.py + t * (b.py - a.py);
    return { x: saturationX, y: y.fromPx(py), px, py, onCurve: true };
  }
  return { x: saturationX, y: undefined, px, py: innerHeight, onCurve: false };
}

/** The curves, guides and marks placed on the frame, and what every label keeps clear of. */
export function placeData(data: LineChartData, guides: Guide[], frame: LineFrame) {
  const { x, y, styles, marks, innerWidth, innerHeight, small, ink } = frame;
  const place = (p: Point): PlacedPoint => ({ ...p, px: x.toPx(p.x), py: y.toPx(p.y) });
  const drawable = (p: Point) => x.drawable(p.x) && y.drawable(p.y);
  const path = line<Point>()
    .defined(drawable)
    .x((p) => x.toPx(p.x))
    .y((p) => y.toPx(p.y));

  const placedCurves = data.curves.map((curve, i) => {
    const mode = curve.mode ?? STYLE.mode;
    const shown = curve.points.filter(drawable).map(place);
    const marker = styles[i]?.marker;
    return {
      key: curveKey(curve),
      id: curve.id,
      label: curveLabel(curve),
      pinned: curve.pinned === true,
      color: styles[i]?.color ?? palette.grey,
      dash: styles[i]?.dash,
      hollow: styles[i]?.hollow === true,
      mode,
      path: mode === 'points' ? '' : (path(curve.points) ?? ''),
      points: shown,
      /** The points drawn with a marker (or a circle): every point, or a line's few. */
      markers: mode !== 'line' ? shown : marker === undefined ? [] : markedPoints(shown, marker),
      ...markerOf(
        marker,
        (mode === 'points' ? STYLE.scatterMarkerArea : STYLE.markerArea) * ink ** 2,
      ),
      saturation: saturationMarker(curve.saturationX, shown, x, y, innerHeight),
    };
  });

  const guideLines = guides.map((guide) => {
    // y = a·x is straight when both axes are alike (linear or log-log); else sample it densely.
    const samples = data.x.scale === data.y.scale ? 1 : 64;
    const sampled = Array.from({ length: samples + 1 }, (_, k) => {
      const v = x.fromPx((innerWidth * k) / samples);
      return { x: v, y: guide.slope * v };
    });
    const end = sampled.filter(drawable).map(place).at(-1);
    return { ...guide, color: STYLE.guideColor, path: path(sampled) ?? '', end, sampled };
  });

  // What every label keeps clear of: the curves and guides, the points and marks (the rules'
  // lines are added once placed).
  const shownMarks = marks.filter(drawable).map((m) => ({
    ...m,
    px: x.toPx(m.x),
    py: y.toPx(m.y),
    // On paper a label may take the plot's width, and is left to the read-out if still cut.
    text: fitText(m.label, frame.paper ? innerWidth - 8 : innerWidth / 2, small),
  }));
  const polyline = (ps: Point[]): LineSegment[] =>
    ps.slice(1).flatMap((b, i) => {
      const a = ps[i]!;
      if (!drawable(a) || !drawable(b)) return [];
      return [{ x1: x.toPx(a.x), y1: y.toPx(a.y), x2: x.toPx(b.x), y2: y.toPx(b.y) }];
    });
  const around = (px: number, py: number, r: number): Box => ({
    x: px - r,
    y: py - r,
    width: 2 * r,
    height: 2 * r,
  });
  const drawn = {
    boxes: [
      ...placedCurves.flatMap((c) => c.markers.map((p) => around(p.px, p.py, STYLE.scatterRadius))),
      ...shownMarks.map((m) => around(m.px, m.py, MARK_RADIUS)),
    ],
    segments: [
      ...data.curves.flatMap((c) =>
        (c.mode ?? STYLE.mode) === 'points' ? [] : polyline(c.points),
      ),
      ...guideLines.flatMap((g) => polyline(g.sampled)),
    ],
  };
  const plot = { x: 0, y: 0, width: innerWidth, height: innerHeight };

  return { placedCurves, guideLines, shownMarks, drawn, plot };
}

export type PlacedData = ReturnType<typeof placeData>;
