// How a line chart's curves look: colours, dashes and markers, and the boxes its labels take.
import type { Curve, Point } from '../results/chart_data';
import type { Box } from './label_placement';
import { palette, seriesColor, seriesDash, seriesMarker } from './palette';

/** How curves, pinned curves and guides are drawn unless the data says otherwise. */
export const STYLE = {
  mode: 'line',
  strokeWidth: 2,
  pointRadius: 3,
  scatterRadius: 3.5,
  pinnedOpacity: 0.55,
  /** Area of a series' marker (px²): about that of a point's circle. */
  markerArea: 36,
  scatterMarkerArea: 44,
  /** Least distance between the markers on a line of many points (px). */
  markerSpacing: 48,
  dash: '6 4',
  guideColor: palette.grey,
} as const;

/** Half the size of a mark's symbol (MarkSymbol), px. */
export const MARK_RADIUS = 6;
/** A text's baseline below the top of its box, as a share of the font size. */
export const BASELINE = 0.78;

/** The box a line of text covers, from its left end and baseline. */
export function textBox(x: number, baseline: number, width: number, fontSize: number): Box {
  return { x, y: baseline - fontSize * BASELINE, width, height: fontSize };
}

export interface CurveStyle {
  color: string;
  /** SVG dash pattern; solid when absent. */
  dash: string | undefined;
  /**
   * Palette position of the marker drawn on the curve (seriesMarker), in a chart of two or more
   * series: on each point of a curve with points, on a line's points a few at a time.
   */
  marker: number | undefined;
  /** The marker drawn in outline: a model's or fitted curve, beside the filled one it models. */
  hollow: boolean;
}

export interface PlacedPoint extends Point {
  px: number;
  py: number;
}

export function curveKey(curve: Curve): string {
  return curve.pinned ? `pinned:${curve.id}` : curve.id;
}

export function curveLabel(curve: Curve): string {
  return curve.pinned ? `${curve.label} (pinned)` : curve.label;
}

/**
 * Colour and dash of each curve: its `color` (the chart builder's), else by position among the
 * chart's simulated curves; a pinned curve without one takes the colour of the current curve
 * with its id, else grey, and is dashed; a model's or fitted curve is dashed, grey without a
 * colour, so it never passes for a simulated one.
 */
export function curveStyles(curves: Curve[]): CurveStyle[] {
  const byId = new Map<string, number>();
  for (const c of curves) {
    if (!c.pinned && !c.model && c.color === undefined && !byId.has(c.id)) {
      byId.set(c.id, byId.size);
    }
  }
  const positions = curves.map((c) => c.color ?? (c.model ? undefined : byId.get(c.id)));
  // Two or more series: each carries its marker, so that print in grey tells them apart; a
  // model of one of them carries its marker in outline.
  const series = new Set(positions.filter((p, i) => p !== undefined && !curves[i]?.model));
  return curves.map((c, i) => {
    const position = positions[i];
    const color = position === undefined ? palette.grey : seriesColor(position);
    const marker = series.size > 1 && (!c.model || series.has(position)) ? position : undefined;
    const hollow = c.model === true;
    if (c.model || c.pinned) return { color, dash: STYLE.dash, marker, hollow };
    const dash = position === undefined ? undefined : seriesDash(position);
    return { color, dash, marker, hollow };
  });
}

/**
 * The points of a line that carry its marker: each where they are STYLE.markerSpacing apart or
 * more; else some at least that far apart, starting a share of the spacing in by the series'
 * position, so the markers of close curves interleave (and the first point, on a short curve).
 */
export function markedPoints(points: PlacedPoint[], position: number): PlacedPoint[] {
  const spacing = STYLE.markerSpacing;
  if (points.every((p, i) => i === 0 || p.px - points[i - 1]!.px >= spacing)) return points;
  const marked: PlacedPoint[] = [];
  let next = (points[0]?.px ?? 0) + ((position % 4) * spacing) / 4;
  for (const p of points) {
    if (p.px < next) continue;
    marked.push(p);
    next = p.px + spacing;
  }
  return marked.length > 0 || !points[0] ? marked : [points[0]];
}

/** A marker's path, where it is not the plain circle. */
export function markerOf(position: number | undefined, area: number): { marker?: string } {
  const marker = position === undefined ? undefined : seriesMarker(position, area);
  return marker === undefined ? {} : { marker };
}

/** A marker filled with its curve's colour, or in outline on the page's colour. */
export function markerPaint(hollow: boolean, ink: number) {
  return hollow ? { fill: 'var(--bg)', strokeWidth: ink } : { stroke: 'none' };
}
