import { line } from 'd3-shape';
import type { RefObject } from 'react';
import { useId } from 'react';

import { Axis } from './Axis';
import { ChartBox, chartFontSize, CutText, minPlotHeight } from './ChartBox';
import type { ChartProps, ChartSize } from './ChartBox';
import type {
  AxisSpec,
  Curve,
  Guide,
  LineChartData,
  Mark,
  Point,
  Rule,
} from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import {
  axisTitle,
  fitAxisTitle,
  fitText,
  formatReadable,
  formatValue,
  textWidth,
} from '../results/format';
import { Legend, legendLayout, markKind, markLegendEntry, MarkSymbol, RULE_DASH } from './Legend';
import type { LegendEntry } from './Legend';
import { wrapParts } from './heat_scale';
import { palette, seriesColor, seriesDash, seriesMarker } from './palette';
import type { Box, LineSegment, Obstacles } from './label_placement';
import { chooseSpots, overlaps, placeLabels, segmentCrossesBox } from './label_placement';
import { nearestTarget, Readout } from './Readout';
import type { ReadoutTarget } from './Readout';
import { axisDomain, axisTicks, fittedXAxis, scaledAxis, widestTickLabel } from './scales';
import type { ScaledAxis } from './scales';
import { useChartSize } from './use_measured_width';
import { useReadout } from './use_readout';

/** How curves, pinned curves and guides are drawn unless the data says otherwise. */
const STYLE = {
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

/**
 * A rule stretches its axis by at most this share of the data's span (from zero on a linear axis,
 * in decades on a log one); one further out is named at the plot's edge, with its value and an
 * arrow pointing where it lies, so a bound far past the data does not squeeze the curves.
 */
const RULE_REACH = 0.25;

/** The rule lies within reach of the data on its axis, or there is no data to stretch. */
export function ruleWithinReach(spec: AxisSpec, data: number[], value: number): boolean {
  const log = spec.scale === 'log';
  const t = (v: number) => (log ? Math.log10(v) : v);
  const shown = data.filter((v) => Number.isFinite(v) && (!log || v > 0)).map(t);
  if (shown.length === 0) return true;
  const fixed = [spec.min, spec.max].filter((v): v is number => v !== undefined && (!log || v > 0));
  const ends = [...shown, ...fixed.map(t), ...(log ? [] : [0])];
  const [lo, hi] = [Math.min(...ends), Math.max(...ends)];
  const span = hi - lo || Math.abs(hi) || 1;
  const v = t(value);
  return v >= lo - RULE_REACH * span && v <= hi + RULE_REACH * span;
}

/** Half the size of a mark's symbol (MarkSymbol), px. */
const MARK_RADIUS = 6;
/** A text's baseline below the top of its box, as a share of the font size. */
const BASELINE = 0.78;

/** The box a line of text covers, from its left end and baseline. */
function textBox(x: number, baseline: number, width: number, fontSize: number): Box {
  return { x, y: baseline - fontSize * BASELINE, width, height: fontSize };
}

interface CurveStyle {
  color: string;
  /** SVG dash pattern; solid when absent. */
  dash: string | undefined;
  /**
   * Palette position of the marker drawn on the curve (seriesMarker), in a chart of two or more
   * series: on each point of a curve with points, on a line's points a few at a time.
   */
  marker: number | undefined;
}

interface PlacedPoint extends Point {
  px: number;
  py: number;
}

function curveKey(curve: Curve): string {
  return curve.pinned ? `pinned:${curve.id}` : curve.id;
}

function curveLabel(curve: Curve): string {
  return curve.pinned ? `${curve.label} (pinned)` : curve.label;
}

/**
 * Colour and dash of each curve: its `color` (the chart builder's), else by position among the
 * chart's simulated curves; a pinned curve without one takes the colour of the current curve
 * with its id, else grey, and is dashed; a model's or fitted curve is dashed, grey without a
 * colour, so it never passes for a simulated one.
 */
function curveStyles(curves: Curve[]): CurveStyle[] {
  const byId = new Map<string, number>();
  for (const c of curves) {
    if (!c.pinned && !c.model && c.color === undefined && !byId.has(c.id)) {
      byId.set(c.id, byId.size);
    }
  }
  const positions = curves.map((c) => c.color ?? (c.model ? undefined : byId.get(c.id)));
  // Two or more series: each carries its marker, so that print in grey tells them apart.
  const series = new Set(positions.filter((p, i) => p !== undefined && !curves[i]?.model));
  return curves.map((c, i) => {
    const position = positions[i];
    const color = position === undefined ? palette.grey : seriesColor(position);
    const marker = series.size > 1 && !c.model ? position : undefined;
    if (c.model || c.pinned) return { color, dash: STYLE.dash, marker };
    return { color, dash: position === undefined ? undefined : seriesDash(position), marker };
  });
}

/**
 * The points of a line that carry its marker: each where they are STYLE.markerSpacing apart or
 * more; else some at least that far apart, starting a share of the spacing in by the series'
 * position, so the markers of close curves interleave (and the first point, on a short curve).
 */
function markedPoints(points: PlacedPoint[], position: number): PlacedPoint[] {
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
function markerOf(position: number | undefined, area: number): { marker?: string } {
  const marker = position === undefined ? undefined : seriesMarker(position, area);
  return marker === undefined ? {} : { marker };
}

function legendEntries(data: LineChartData, guides: Guide[], styles: CurveStyle[]): LegendEntry[] {
  const curves = data.curves.map((curve, i): LegendEntry => {
    const mode = curve.mode ?? STYLE.mode;
    return {
      key: curveKey(curve),
      label: curveLabel(curve),
      faded: curve.pinned,
      symbol: {
        kind: 'series',
        color: styles[i]?.color ?? palette.grey,
        line: mode !== 'points',
        point: mode !== 'line' || styles[i]?.marker !== undefined,
        dash: styles[i]?.dash,
        ...markerOf(styles[i]?.marker, STYLE.markerArea),
      },
    };
  });
  // One entry per kind of mark: the run's, in the order they come, then the paper's.
  const byKind = (kind: Mark['kind']) => (data.marks ?? []).filter((m) => m.kind === kind);
  const markEntries = [...byKind('current'), ...byKind('reference')].map(markLegendEntry);
  const marks = new Map(markEntries.map((e) => [e.key, e]));
  return [
    ...curves.filter((e) => !e.faded),
    ...curves.filter((e) => e.faded),
    ...guides.map((g): LegendEntry => ({
      key: `guide:${g.id}`,
      label: g.label,
      symbol: {
        kind: 'series',
        color: STYLE.guideColor,
        line: true,
        point: false,
        dash: STYLE.dash,
      },
    })),
    ...marks.values(),
  ];
}

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

/**
 * Indices of the curves whose saturation marker gets its "sat." label: one is left out where it
 * would lie on a curve, a point, a mark or a label (current curves go before pinned ones); the
 * legend then says what the ticks are. The tick on the curve always stays.
 */
function saturationLabels(
  curves: { pinned: boolean; saturation?: { px: number; py: number } }[],
  obstacles: Obstacles,
  fontSize: number,
): Set<number> {
  const width = textWidth('sat.', fontSize);
  const placed = [...obstacles.texts, ...obstacles.boxes];
  const labelled = new Set<number>();
  const order = [...curves.keys()].sort(
    (a, b) => Number(curves[a]?.pinned) - Number(curves[b]?.pinned),
  );
  for (const i of order) {
    const sat = curves[i]?.saturation;
    if (!sat) continue;
    const box = textBox(sat.px - width / 2, sat.py - 10, width, fontSize);
    if (placed.some((t) => overlaps(box, t))) continue;
    if (obstacles.segments.some((s) => segmentCrossesBox(s, box))) continue;
    placed.push(box);
    labelled.add(i);
  }
  return labelled;
}

function markTitle(mark: Mark): string {
  const kind = markKind(mark);
  return mark.label === kind ? kind : `${mark.label} (${kind})`;
}

function valueLine(spec: AxisSpec, value: number): string {
  return `${spec.label}: ${formatReadable(value, spec)}`;
}

/**
 * Everything the line chart draws, in plot coordinates (origin at the plot area's top left):
 * axes, ticks, curve paths and points, marks, rules, guides, legend and read-out targets. Pure,
 * so it can be tested with numeric tolerances. The plot keeps at least minPlotHeight(): a long
 * legend makes the chart taller than `size` asks, not the plot smaller. A rule whose label finds
 * no spot clear of the data is named in the legend instead.
 */
export function lineChartGeometry(data: LineChartData, size: ChartSize, extra: Guide[] = []) {
  const guides = [...(data.guides ?? []), ...extra];
  const first = lineLayout(data, size, guides, { rules: new Set(), saturation: false });
  const named = { rules: first.crowded, saturation: first.saturationUnlabelled };
  return named.rules.size === 0 && !named.saturation
    ? first
    : lineLayout(data, size, guides, named);
}

/** What the legend names because a label of it found no spot clear of the data. */
interface LegendNamed {
  /** Rules, by index into data.rules. */
  rules: ReadonlySet<number>;
  /** The saturation ticks. */
  saturation: boolean;
}

/** The legend entry saying what a saturation tick is. */
const SATURATION_ENTRY: LegendEntry = {
  key: 'saturation',
  label: 'saturation',
  symbol: { kind: 'tick' },
};

/** A rule's legend entry: a short piece of its line, across for a y rule, upright for an x. */
function ruleEntry(rule: Rule, label: string): LegendEntry {
  return {
    key: `rule:${rule.axis}:${rule.label}`,
    label,
    symbol: { kind: 'rule', axis: rule.axis, model: rule.model === true },
  };
}

/** The label of a rule out of reach, named at the edge: its value and where it lies. */
function edgeRuleText(rule: Rule, spec: AxisSpec, beyond: boolean): string {
  const arrow = rule.axis === 'x' ? (beyond ? '→' : '←') : beyond ? '↑' : '↓';
  return `${rule.label} ${formatReadable(rule.value, spec)} ${arrow}`;
}

/**
 * The line chart's frame: its legend, margins, plot size and scaled axes, and what is drawn on
 * them (the data's extent, the rules within reach of it).
 */
function lineFrame(data: LineChartData, size: ChartSize, guides: Guide[], named: LegendNamed) {
  const inLegend = named.rules;
  const fontSize = chartFontSize(size);
  const small = fontSize - 1;
  const styles = curveStyles(data.curves);
  const marks = data.marks ?? [];
  const rules = data.rules ?? [];
  const points = data.curves.flatMap((c) => c.points);
  // A curve's saturation is data too: its marker stays on the plot past the last point drawn.
  const saturations = data.curves.flatMap((c) =>
    c.saturationX === undefined ? [] : [c.saturationX],
  );
  const dataX = [...points.map((p) => p.x), ...marks.map((m) => m.x), ...saturations];
  const dataY = [...points.map((p) => p.y), ...marks.map((m) => m.y)];
  const reached = (r: Rule) =>
    r.axis === 'x'
      ? ruleWithinReach(data.x, dataX, r.value)
      : ruleWithinReach(data.y, dataY, r.value);
  // A rule out of reach lies beyond the data or before it.
  const beyond = (r: Rule) =>
    r.value > Math.max(...(r.axis === 'x' ? dataX : dataY).filter(Number.isFinite));
  const legendRules = [...inLegend].flatMap((i) => {
    const rule = rules[i];
    if (!rule) return [];
    const spec = rule.axis === 'x' ? data.x : data.y;
    // With its value, so that two rules named there can be told apart.
    const label = reached(rule)
      ? `${rule.label} ${formatReadable(rule.value, spec)}`
      : edgeRuleText(rule, spec, beyond(rule));
    return [ruleEntry(rule, label)];
  });
  const legend = legendLayout(
    [
      ...legendEntries(data, guides, styles),
      ...legendRules,
      ...(named.saturation ? [SATURATION_ENTRY] : []),
    ],
    size.width - 16,
    fontSize,
  );
  const margin = {
    top: legend.height > 0 ? legend.height + 14 : 12,
    right: 16,
    bottom: 2 * fontSize + 22,
    left: 0,
  };
  const innerHeight = Math.max(minPlotHeight(size.width), size.height - margin.top - margin.bottom);
  size = { width: size.width, height: margin.top + innerHeight + margin.bottom };
  const ruleValues = (axis: 'x' | 'y') =>
    rules.filter((r) => r.axis === axis && reached(r)).map((r) => r.value);

  const xDomain = axisDomain(
    data.x,
    [...dataX, ...ruleValues('x')],
    Math.max(2, Math.floor((size.width - 80) / 70)),
  );
  const yDomain = axisDomain(
    data.y,
    [...dataY, ...ruleValues('y'), ...guides.flatMap((g) => xDomain.map((v) => g.slope * v))],
    Math.max(2, Math.floor(innerHeight / 36)),
  );
  const y = scaledAxis(data.y, yDomain, [innerHeight, 0]);
  const yTicks = axisTicks(y, 'y', fontSize);
  const yTitleOffset = Math.ceil(widestTickLabel(yTicks, fontSize) + 14 + fontSize / 4);
  margin.left = yTitleOffset + fontSize + 4;

  // An x axis whose every point is a whole number (PEs, depth) gets no "1.5" ticks.
  const xSpec = { ...data.x, whole: [...points, ...marks].every((p) => Number.isInteger(p.x)) };
  const { innerWidth, x, xTicks } = fittedXAxis(xSpec, xDomain, size.width, margin, fontSize);

  return {
    inLegend,
    fontSize,
    small,
    styles,
    marks,
    rules,
    reached,
    beyond,
    legend,
    margin,
    innerHeight,
    size,
    x,
    y,
    xTicks,
    yTicks,
    yTitleOffset,
    innerWidth,
  };
}

type LineFrame = ReturnType<typeof lineFrame>;

/** The curves, guides and marks placed on the frame, and what every label keeps clear of. */
function placeData(data: LineChartData, guides: Guide[], frame: LineFrame) {
  const { x, y, styles, marks, innerWidth, innerHeight, small } = frame;
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
      mode,
      path: mode === 'points' ? '' : (path(curve.points) ?? ''),
      points: shown,
      /** The points drawn with a marker (or a circle): every point, or a line's few. */
      markers: mode !== 'line' ? shown : marker === undefined ? [] : markedPoints(shown, marker),
      ...markerOf(marker, mode === 'points' ? STYLE.scatterMarkerArea : STYLE.markerArea),
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
    text: fitText(m.label, innerWidth / 2, small),
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

type PlacedData = ReturnType<typeof placeData>;

/**
 * The rules' lines and their labels: beside the line where a spot is clear of the data, at the
 * edge for a rule out of reach, or named in the legend (`crowded`) where none is.
 */
function placeRules(data: LineChartData, frame: LineFrame, placed: PlacedData) {
  const { x, y, rules, reached, beyond, inLegend, innerWidth, innerHeight, small } = frame;
  const { drawn, plot } = placed;
  const row = small + 4;
  /** A label of `width` px at a baseline, by its anchor end. */
  const labelAt = (labelX: number, labelY: number, anchor: 'start' | 'end', width: number) => ({
    labelX,
    labelY,
    labelAnchor: anchor,
    labelBox: textBox(anchor === 'end' ? labelX - width : labelX, labelY, width, small),
  });
  const drawnRules = rules.flatMap((rule, index) =>
    (rule.axis === 'x' ? x : y).drawable(rule.value) ? [{ ...rule, index }] : [],
  );
  const ruleLines = drawnRules
    .filter((r) => reached(r))
    .map((rule): Rule & LineSegment & { index: number; text: string; full: string } => {
      const full = rule.label;
      const text = fitText(full, innerWidth / 2, small);
      if (rule.axis === 'y') {
        const py = y.toPx(rule.value);
        return { ...rule, x1: 0, x2: innerWidth, y1: py, y2: py, text, full };
      }
      const px = x.toPx(rule.value);
      return { ...rule, x1: px, x2: px, y1: 0, y2: innerHeight, text, full };
    });
  const labelledLines = ruleLines.filter((r) => !inLegend.has(r.index));
  // A rule's label goes where it is clear of the data, the other rules and their labels: beside
  // its line at either end (a y rule above or below it, an x rule on either side, a row or two
  // down) or further along it.
  const ruleSpots = labelledLines.map((r) => {
    const width = textWidth(r.text, small);
    if (r.axis === 'y') {
      const above = r.y1 - 4;
      const under = r.y1 + small + 2;
      // The right end, the left end, then eighths of the way between.
      const ends = [innerWidth - 4, 4 + width];
      const between = [4, 3, 5, 2, 6, 1, 7].map((k) => (k * innerWidth + width) / 8);
      return [...ends, ...between].flatMap((right) => [
        labelAt(right, above, 'end', width),
        labelAt(right, under, 'end', width),
      ]);
    }
    // The top rows, the bottom rows, then every row between.
    const rows = Math.max(1, Math.floor((innerHeight - small) / row));
    const down = Array.from({ length: rows }, (_, k) => small + 2 + k * row);
    const baselines = [...down.slice(0, 3), ...down.slice(-2).reverse(), ...down.slice(3, -2)];
    return baselines.flatMap((labelY) => [
      labelAt(r.x1 + 4, labelY, 'start', width),
      labelAt(r.x1 - 4, labelY, 'end', width),
    ]);
  });
  // Rules out of reach, named at the edge they lie beyond with their value and an arrow: an x
  // rule in a top or bottom corner on its side, a y rule at either end of its edge, in the first
  // free row.
  const edgeLines = drawnRules
    .filter((r) => !reached(r) && !inLegend.has(r.index))
    .map((rule) => {
      const spec = rule.axis === 'x' ? data.x : data.y;
      const full = edgeRuleText(rule, spec, beyond(rule));
      return { ...rule, beyond: beyond(rule), text: fitText(full, innerWidth - 8, small), full };
    });
  const edgeSpots = edgeLines.map((r) => {
    const width = textWidth(r.text, small);
    const top = [0, 1, 2, 3].map((k) => small + 2 + k * row);
    const bottom = [0, 1, 2, 3].map((k) => innerHeight - 4 - k * row);
    const right = (labelY: number) => labelAt(innerWidth - 4, labelY, 'end', width);
    const left = (labelY: number) => labelAt(4, labelY, 'start', width);
    if (r.axis === 'x') {
      const side = r.beyond ? right : left;
      return [...top.map(side), ...bottom.map(side)];
    }
    return (r.beyond ? top : bottom).flatMap((labelY) => [right(labelY), left(labelY)]);
  });
  const chosen = chooseSpots(
    [...ruleSpots, ...edgeSpots].map((spots) => spots.map((c) => c.labelBox)),
    { texts: [], boxes: drawn.boxes, segments: [...drawn.segments, ...ruleLines] },
    plot,
  );
  const placedRules = labelledLines.map((r, i) => ({
    ...r,
    ...ruleSpots[i]![chosen[i]!.index]!,
  }));
  const edgeRules = edgeLines.map((r, i) => ({
    ...r,
    ...edgeSpots[i]![chosen[labelledLines.length + i]!.index]!,
  }));
  /** Rules whose labels found no spot clear of the data: the legend names them instead. */
  const crowded = new Set(
    [...labelledLines, ...edgeLines].filter((_, i) => !chosen[i]!.clear).map((r) => r.index),
  );

  return { ruleLines, placedRules, edgeRules, crowded };
}

/** The marks' labels, then the saturation ticks' "sat.", clear of everything placed before. */
function placeMarkLabels(
  frame: LineFrame,
  placed: PlacedData,
  ruled: ReturnType<typeof placeRules>,
) {
  const { small } = frame;
  const { shownMarks, drawn, plot, placedCurves } = placed;
  const { placedRules, edgeRules, ruleLines } = ruled;
  // Mark labels keep clear of one another and of everything drawn: curves, points, guides,
  // rules and their labels, the marks themselves. A label is cut as a rule's is; the read-out
  // gives it in full.
  const obstacles = {
    texts: [...placedRules, ...edgeRules].map((r) => r.labelBox),
    boxes: drawn.boxes,
    segments: [...drawn.segments, ...ruleLines],
  };
  // Current marks are labelled before pinned ones, so the run at hand gets the nearer spots.
  const labelOrder = [...shownMarks.keys()].sort(
    (a, b) => Number(shownMarks[a]?.pinned === true) - Number(shownMarks[b]?.pinned === true),
  );
  const labels = placeLabels(
    labelOrder.map((i) => {
      const m = shownMarks[i]!;
      return { px: m.px, py: m.py, width: textWidth(m.text, small), height: small };
    }),
    obstacles,
    plot,
  );
  const placedMarks = shownMarks.map((mark, i) => {
    const spot = labels[labelOrder.indexOf(i)];
    return {
      ...mark,
      /** Where the label goes; null where no spot was free (the read-out still names it). */
      placement: spot ? { ...spot, textX: spot.box.x, textY: spot.box.y + small * BASELINE } : null,
    };
  });

  const labelled = saturationLabels(
    placedCurves,
    {
      ...obstacles,
      texts: [
        ...placedMarks.flatMap((m) => (m.placement ? [m.placement.box] : [])),
        ...obstacles.texts,
      ],
    },
    small,
  );
  const curves = placedCurves.map((curve, i) => ({
    ...curve,
    saturation: curve.saturation && { ...curve.saturation, labelled: labelled.has(i) },
  }));

  return { placedMarks, curves, labelled };
}

type PlacedMarks = ReturnType<typeof placeMarkLabels>;

/** What the read-out can point at: every point drawn, then every mark. */
function readoutTargets(
  data: LineChartData,
  curves: PlacedMarks['curves'],
  placedMarks: PlacedMarks['placedMarks'],
): ReadoutTarget[] {
  return [
    ...curves.flatMap((curve, series) =>
      curve.points.map((p) => ({
        series,
        px: p.px,
        py: p.py,
        color: curve.color,
        title: curve.label,
        lines: [valueLine(data.x, p.x), valueLine(data.y, p.y)],
      })),
    ),
    ...placedMarks.map((m) => ({
      series: curves.length,
      px: m.px,
      py: m.py,
      color: palette.grey,
      title: markTitle(m),
      lines: [valueLine(data.x, m.x), valueLine(data.y, m.y)],
    })),
  ];
}

/** The line chart's geometry with what `named` lists named in the legend. */
function lineLayout(data: LineChartData, size: ChartSize, guides: Guide[], named: LegendNamed) {
  const frame = lineFrame(data, size, guides, named);
  const placed = placeData(data, guides, frame);
  const ruled = placeRules(data, frame, placed);
  const { placedMarks, curves, labelled } = placeMarkLabels(frame, placed, ruled);
  const { fontSize, margin, innerWidth, innerHeight, x, y, xTicks, yTicks, yTitleOffset } = frame;
  const { inLegend, legend } = frame;
  const { placedCurves, guideLines } = placed;
  const { placedRules, ruleLines, edgeRules, crowded } = ruled;
  size = frame.size;
  const targets = readoutTargets(data, curves, placedMarks);
  return {
    size,
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    x,
    y,
    xTicks,
    yTicks,
    xTitle: fitAxisTitle(data.x, innerWidth, fontSize),
    yTitle: fitAxisTitle(data.y, innerHeight, fontSize),
    xTitleFull: axisTitle(data.x),
    yTitleFull: axisTitle(data.y),
    xTitleOffset: fontSize * 2 + 14,
    yTitleOffset,
    legend,
    curves,
    guides: guideLines,
    marks: placedMarks,
    rules: placedRules,
    /** The lines of the rules named in the legend, drawn without a label. */
    legendRules: ruleLines.filter((r) => inLegend.has(r.index)),
    edgeRules,
    crowded,
    /** The note across the plot, in lines that fit it. */
    note: data.note ? wrapParts([data.note], innerWidth - 16, fontSize) : [],
    /** Some saturation tick has no "sat." beside it: the legend says what the ticks are. */
    saturationUnlabelled: placedCurves.some((c, i) => c.saturation && !labelled.has(i)),
    targets,
  };
}

export type LineChartGeometry = ReturnType<typeof lineChartGeometry>;

function range(values: number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

/** The text alternative: what each curve spans, marks, rules and saturation, with numbers. */
export function describeLineChart(data: LineChartData, extra: Guide[] = []): string {
  const guides = [...(data.guides ?? []), ...extra];
  const fx = (v: number) => formatValue(v, data.x);
  const fy = (v: number) => formatValue(v, data.y);
  const scales = [data.x, data.y].some((a) => a.scale === 'log')
    ? ` (${data.x.scale} x, ${data.y.scale} y)`
    : '';
  const parts = [`${axisTitle(data.y)} against ${axisTitle(data.x)}${scales}.`];
  for (const curve of data.curves) {
    const ps = curve.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (ps.length === 0) {
      parts.push(`${curveLabel(curve)}: no points.`);
      continue;
    }
    const [x0, x1] = range(ps.map((p) => p.x));
    const [y0, y1] = range(ps.map((p) => p.y));
    const ranges = `${data.x.label} ${fx(x0)} to ${fx(x1)}, ${data.y.label} ${fy(y0)} to ${fy(y1)}`;
    const saturation =
      curve.saturationX === undefined ? '' : `; saturates at ${fx(curve.saturationX)}`;
    parts.push(`${curveLabel(curve)}: ${ps.length} points, ${ranges}${saturation}.`);
  }
  for (const g of guides) parts.push(`${g.label}: ${data.y.label} = ${g.slope} × ${data.x.label}.`);
  for (const m of data.marks ?? []) parts.push(`${markTitle(m)}: ${fx(m.x)}, ${fy(m.y)}.`);
  for (const r of data.rules ?? []) {
    parts.push(`${r.label}: ${r.axis === 'x' ? fx(r.value) : fy(r.value)}.`);
  }
  if (data.note) parts.push(data.note);
  return parts.join(' ');
}

/** Draws a line-chart geometry; the line, latency-load and speedup charts share it. */
export function LinePlot({
  name,
  title,
  description,
  geometry: g,
  boxRef,
}: {
  name: string;
  title: string;
  description: string;
  geometry: LineChartGeometry;
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  const clipId = useId();
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    nearestTarget(g.targets, px, py),
  );
  const small = g.fontSize - 1;
  const pinnedFirst = [...g.curves.filter((c) => c.pinned), ...g.curves.filter((c) => !c.pinned)];
  return (
    <ChartBox boxRef={boxRef} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={-6} y={-6} width={g.innerWidth + 12} height={g.innerHeight + 12} />
          </clipPath>
        </defs>
        <Legend layout={g.legend} x={8 - g.margin.left} y={8 - g.margin.top} />
        <Axis
          orient="bottom"
          ticks={g.xTicks}
          length={g.innerWidth}
          position={g.innerHeight}
          grid={g.innerHeight}
          label={g.xTitle}
          fullLabel={g.xTitleFull}
          labelOffset={g.xTitleOffset}
        />
        <Axis
          orient="left"
          ticks={g.yTicks}
          length={g.innerHeight}
          position={0}
          grid={g.innerWidth}
          label={g.yTitle}
          fullLabel={g.yTitleFull}
          labelOffset={g.yTitleOffset}
        />
        <g clipPath={`url(#${clipId})`}>
          {[...g.rules, ...g.legendRules].map((r) => (
            <line
              key={`${r.axis}:${r.label}`}
              className={r.model ? 'rule model' : 'rule'}
              x1={r.x1}
              x2={r.x2}
              y1={r.y1}
              y2={r.y2}
              strokeDasharray={r.model ? RULE_DASH.model : RULE_DASH.plain}
            />
          ))}
          {g.guides.map((guide) => (
            <path
              key={guide.id}
              className="guide"
              d={guide.path}
              fill="none"
              stroke={guide.color}
              strokeWidth={1.5}
              strokeDasharray={STYLE.dash}
            />
          ))}
          {pinnedFirst.map((curve) => (
            <g
              key={curve.key}
              className="curve"
              data-curve={curve.id}
              opacity={curve.pinned ? STYLE.pinnedOpacity : undefined}
              stroke={curve.color}
              fill={curve.color}
            >
              {curve.path ? (
                <path
                  d={curve.path}
                  fill="none"
                  strokeWidth={STYLE.strokeWidth}
                  strokeLinejoin="round"
                  strokeDasharray={curve.dash}
                />
              ) : null}
              {curve.markers.map((p, i) =>
                curve.marker ? (
                  <path
                    key={i}
                    d={curve.marker}
                    transform={`translate(${p.px},${p.py})`}
                    stroke="none"
                  />
                ) : (
                  <circle
                    key={i}
                    cx={p.px}
                    cy={p.py}
                    r={curve.mode === 'points' ? STYLE.scatterRadius : STYLE.pointRadius}
                    stroke="none"
                  />
                ),
              )}
            </g>
          ))}
        </g>
        {g.curves.map((curve) =>
          curve.saturation ? (
            <g
              key={curve.key}
              className="saturation"
              transform={`translate(${curve.saturation.px},${curve.saturation.py})`}
              opacity={curve.pinned ? STYLE.pinnedOpacity : undefined}
            >
              <line y1={-7} y2={7} stroke={curve.color} strokeWidth={2} />
              {curve.saturation.labelled ? (
                <text className="annotation" y={-10} textAnchor="middle" fontSize={small}>
                  sat.
                </text>
              ) : null}
            </g>
          ) : null,
        )}
        {[...g.rules, ...g.edgeRules].map((r) => (
          <CutText
            key={`${r.axis}:${r.label}`}
            className="annotation"
            text={r.text}
            full={r.full}
            x={r.labelX}
            y={r.labelY}
            textAnchor={r.labelAnchor}
            fontSize={small}
          />
        ))}
        {g.marks.map((m) => (
          <g
            key={`${m.kind}:${m.label}`}
            className={m.pinned ? 'mark pinned' : 'mark'}
            data-mark={m.pinned ? 'pinned' : m.kind}
          >
            <g transform={`translate(${m.px},${m.py})`}>
              <MarkSymbol kind={m.kind} />
            </g>
            {m.placement?.leader ? (
              <line
                className="leader"
                x1={m.placement.leader.x1}
                y1={m.placement.leader.y1}
                x2={m.placement.leader.x2}
                y2={m.placement.leader.y2}
              />
            ) : null}
            {m.placement ? (
              <CutText
                text={m.text}
                full={m.label}
                x={m.placement.textX}
                y={m.placement.textY}
                fontSize={small}
              />
            ) : null}
          </g>
        ))}
        {g.note.length > 0 ? (
          <text
            className="annotation chart-note"
            textAnchor="middle"
            fontSize={g.fontSize}
            y={g.innerHeight / 2 - ((g.note.length - 1) * (g.fontSize + 4)) / 2}
          >
            {g.note.map((text, i) => (
              <tspan key={i} x={g.innerWidth / 2} dy={i === 0 ? 0 : g.fontSize + 4}>
                {text}
              </tspan>
            ))}
          </text>
        ) : null}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}

/** Line or scatter chart of any number of curves, with marks, rules and saturation markers. */
export function LineChart({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<LineChartData>) {
  const { ref, size } = useChartSize(width, height, fontSize);
  return (
    <LinePlot
      name={name}
      title={title}
      description={description ?? describeLineChart(data)}
      geometry={lineChartGeometry(data, size)}
      boxRef={ref}
    />
  );
}
