// The line chart's geometry: frame, data, rules and labels laid out, then the read-out's targets.
import type { ChartSize } from './ChartBox';
import type { Guide, LineChartData } from '../results/chart_data';
import { axisTitle } from '../results/format';
import { wrapParts } from './heat_scale';
import type { LegendNamed } from './line_legend';
import { lineFrame } from './line_frame';
import { placeMarkLabels } from './line_labels';
import type { PlacedMarks } from './line_labels';
import { placeData } from './line_place';
import { placeRules } from './line_rules';
import { markTitle, valueLine } from './line_words';
import { palette } from './palette';
import type { ReadoutTarget } from './Readout';

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
  const { fontSize, ink, margin, innerWidth, innerHeight, x, y, xTicks, yTicks, yTitleOffset } =
    frame;
  const { inLegend, legend } = frame;
  const { placedCurves, guideLines } = placed;
  const { placedRules, ruleLines, edgeRules, crowded } = ruled;
  size = frame.size;
  const targets = readoutTargets(data, curves, placedMarks);
  return {
    size,
    fontSize,
    /** Lines' and symbols' scale (inkScale). */
    ink,
    margin,
    innerWidth,
    innerHeight,
    x,
    y,
    xTicks,
    yTicks,
    xTitle: frame.xTitle,
    yTitle: frame.yTitle,
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
