import { scaleBand } from 'd3-scale';

import type { ChartSize } from './ChartBox';
import { chartFontSize, forPaper, inkScale, minPlotHeight, titleLines } from './ChartBox';
import { titleExtra } from './Axis';
import type { AxisSpec, Bar, Segment } from '../results/chart_data';
import { axisTitle, fitText, textWidth } from '../results/format';
import { wrapParts } from './heat_scale';
import { legendLayout } from './legend_layout';
import type { LegendEntry } from './legend_layout';
import { seriesColor } from './palette';
import type { ReadoutTarget } from './Readout';
import { axisDomain, axisTicks, scaledAxis, widestTickLabel } from './scales';
import type { ScaledAxis } from './scales';
import { chartsT } from '../results/words';

/** Rotated bar labels are cut at this length; labels that fit their band are never rotated. */
const ROTATED_LABEL_MAX_PX = 180;
const LABEL_ANGLE_DEG = 35;
const LABEL_ANGLE = (LABEL_ANGLE_DEG * Math.PI) / 180;
const MAX_BAR_PX = 160;

export interface BarLayoutOptions {
  bars: Bar[];
  y: AxisSpec;
  /** Further values the y domain must show (reference marks). */
  yValues?: number[];
  /**
   * A second axis on the right that reads the left one divided by `divisor` (the average work
   * rate of the stacked processors), so a value on either axis sits at the same height.
   */
  rightAxis?: AxisSpec & { divisor: number };
  /** Ticks on whole numbers of the y axis only (whole processors). */
  wholeTicks?: boolean;
  /** Legend entries after the segment keys. */
  legendExtra?: LegendEntry[];
  /**
   * Colour of a segment by its value (a heat strip); the legend then lists no segment keys and
   * `legendExtra` explains the colours. Without it each segment key has its own colour.
   */
  segmentColor?: (segment: Segment) => string;
  /**
   * How high a segment stacks, in y units (a heat strip stacks each processor one unit high);
   * without it, its value.
   */
  segmentHeight?: (segment: Segment) => number;
  /** Read-out lines of a segment (its bar's label is the read-out's title). */
  segmentLines: (bar: Bar, segment: Segment, total: number) => string[];
  /** Sentences under the legend, above the plot (how to read the bars). */
  notes?: string[];
}

export function barLabel(bar: Bar): string {
  return bar.pinned ? chartsT('bars.pinnedBar', { bar: bar.label }) : bar.label;
}

/** Segment keys in order of first appearance, each with its label, palette position and colour. */
function segmentKeys(bars: Bar[]) {
  const keys = new Map<string, { key: string; label: string; position: number; color: string }>();
  for (const segment of bars.flatMap((b) => b.segments)) {
    if (!keys.has(segment.key)) {
      keys.set(segment.key, {
        key: segment.key,
        label: segment.label,
        position: keys.size,
        color: seriesColor(keys.size),
      });
    }
  }
  return keys;
}

const PINNED_SWATCH = { kind: 'swatch', color: seriesColor(0), pinned: true } as const;

/** A value as stacked: negative and non-finite values take no height. */
function stacked(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The common geometry of the stacked-bar charts: bands, stacked segment rectangles (bottom-up,
 * one colour per segment key), bar labels (rotated when they do not fit their band), left and
 * optional right axis, legend, and read-out targets for the segments (one target series per
 * stack level, so up/down keys move through a bar and left/right along a level).
 */
export function barLayout(options: BarLayoutOptions, size: ChartSize) {
  const { bars, y: ySpec, rightAxis } = options;
  const fontSize = chartFontSize(size);
  const keys = segmentKeys(bars);
  const listed = options.segmentColor ? [] : [...keys.values()];
  // Two or more keys: each has its fill pattern too (palette.ts seriesHatch), for greyscale print.
  const hatched = listed.length > 1;
  const entries: LegendEntry[] = [
    ...listed.map((k): LegendEntry => ({
      key: k.key,
      label: k.label,
      symbol: { kind: 'swatch', color: k.color, ...(hatched ? { hatch: k.position } : {}) },
    })),
    ...(bars.some((b) => b.pinned)
      ? [{ key: 'pinned', label: chartsT('bars.pinnedRun'), symbol: PINNED_SWATCH } as const]
      : []),
    ...(options.legendExtra ?? []),
  ];
  const legend = legendLayout(entries, size.width - 16, fontSize, inkScale(size));
  const noteLines = wrapParts(options.notes ?? [], size.width - 16, fontSize);
  const noteLine = fontSize + 4;
  // Under the legend, clear of the top tick's label.
  const notesHeight = noteLines.length > 0 ? noteLines.length * noteLine + 8 : 0;
  const height = (s: Segment) => stacked(options.segmentHeight?.(s) ?? s.value);
  const totals = bars.map((b) => b.segments.reduce((sum, s) => sum + height(s), 0));

  // The y ticks set the left margin, which sets the bands, which decide whether bar labels are
  // rotated, which sets the bottom margin: the first pass assumes unrotated labels.
  const top = (legend.height > 0 ? legend.height + 14 : 12) + notesHeight;
  const provisionalHeight = Math.max(minPlotHeight(size.width), size.height - top - fontSize - 16);
  const yDomain = axisDomain(
    ySpec,
    [...bars.flatMap((b) => b.segments.map(height)), ...totals, ...(options.yValues ?? [])],
    Math.max(2, Math.floor(provisionalHeight / 36)),
  );
  // A paper title on more lines sets its axis's margin wider by them.
  const titleOffset = (axis: ScaledAxis) =>
    Math.ceil(
      widestTickLabel(axisTicks(axis, 'y', fontSize), fontSize) +
        14 +
        fontSize / 4 +
        titleExtra(titleLines(axis.spec, provisionalHeight, size, fontSize), fontSize),
    );
  const yTitleOffset = titleOffset(scaledAxis(ySpec, yDomain, [provisionalHeight, 0]));
  const rightDomain = rightAxis
    ? (yDomain.map((v) => v / rightAxis.divisor) as [number, number])
    : undefined;
  const rightTitleOffset =
    rightAxis && rightDomain
      ? titleOffset(scaledAxis(rightAxis, rightDomain, [provisionalHeight, 0]))
      : 0;
  const margin = {
    top,
    right: rightAxis ? rightTitleOffset + fontSize + 4 : 16,
    bottom: 0,
    left: yTitleOffset + fontSize + 4,
  };
  // Bars keep a quarter of their step as gap, more where they would grow wider than MAX_BAR_PX.
  const bands = () => {
    const across = Math.max(40, size.width - margin.left - margin.right);
    return scaleBand<number>()
      .domain(bars.map((_, i) => i))
      .range([0, across])
      .paddingInner(Math.max(0.25, 1 - (MAX_BAR_PX * Math.max(1, bars.length)) / across))
      .paddingOuter(0.15);
  };
  let band = bands();
  const labels = bars.map(barLabel);
  // A paper figure's rotated labels are whole, the chart taller for them and, where the first
  // would pass its left edge, wider on the left.
  const paper = forPaper(size);
  const rotatedMost = paper ? Infinity : ROTATED_LABEL_MAX_PX;
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, fontSize)));
  const rotate = widest > band.step() - 4;
  const overhang = () =>
    Math.max(
      0,
      ...labels.map(
        (l, i) =>
          textWidth(l, fontSize) * Math.cos(LABEL_ANGLE) -
          ((band(i) ?? 0) + band.bandwidth() / 2 + margin.left - 4),
      ),
    );
  // Each widening narrows the bands a little, so it is measured again.
  if (paper && rotate) {
    for (let pass = 0; overhang() > 0 && pass < 4; pass++) {
      margin.left += Math.ceil(overhang()) + 1;
      band = bands();
    }
  }
  const innerWidth = band.range()[1];
  margin.bottom = rotate
    ? Math.ceil(Math.min(widest, rotatedMost) * Math.sin(LABEL_ANGLE) + fontSize + 16)
    : fontSize + 16;
  // A long legend or rotated labels make the chart taller, not the plot flatter.
  const innerHeight = Math.max(minPlotHeight(size.width), size.height - margin.top - margin.bottom);
  const y = scaledAxis(ySpec, yDomain, [innerHeight, 0]);
  const base = y.toPx(Math.max(0, yDomain[0]));
  const yTicks = axisTicks(y, 'y', fontSize);

  const placed = bars.map((bar, i) => {
    const x = band(i) ?? 0;
    const centre = x + band.bandwidth() / 2;
    let start = 0;
    const segments = bar.segments.map((segment) => {
      const lo = start;
      start += height(segment);
      const y0 = y.drawable(lo) ? y.toPx(lo) : base;
      const y1 = y.drawable(start) ? y.toPx(start) : base;
      const position = keys.get(segment.key)?.position;
      return {
        ...segment,
        color: options.segmentColor?.(segment) ?? keys.get(segment.key)?.color ?? seriesColor(0),
        /** Palette position of the segment's fill pattern, where keys are told apart by one. */
        hatch: hatched ? position : undefined,
        start: lo,
        end: start,
        y: Math.min(y0, y1),
        height: Math.abs(y0 - y1),
      };
    });
    const total = totals[i] ?? 0;
    // A rotated label runs down to the left and must not pass the chart's left edge.
    const room = Math.min(rotatedMost, (centre + margin.left - 4) / Math.cos(LABEL_ANGLE));
    return {
      label: bar.label,
      pinned: bar.pinned === true,
      x,
      width: band.bandwidth(),
      centre,
      total,
      top: y.drawable(total) ? y.toPx(total) : base,
      /** The baseline of the total printed above the bar, and whether it is printed. */
      totalBaseline: (y.drawable(total) ? y.toPx(total) : base) - 4,
      totalShown: true,
      text: rotate ? fitText(labels[i] ?? '', room, fontSize) : (labels[i] ?? ''),
      full: labels[i] ?? '',
      segments,
    };
  });

  const targets: ReadoutTarget[] = placed.flatMap((bar) =>
    bar.segments.map((s, level) => ({
      series: level,
      px: bar.centre,
      py: s.y + s.height / 2,
      rect: { x: bar.x, y: s.y, width: bar.width, height: s.height },
      color: s.color,
      title: barLabel(bar),
      lines: options.segmentLines(bar, s, bar.total),
    })),
  );

  const rightScale =
    rightAxis && rightDomain ? scaledAxis(rightAxis, rightDomain, [innerHeight, 0]) : undefined;
  return {
    size: { width: size.width, height: margin.top + innerHeight + margin.bottom },
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    y,
    yTicks: options.wholeTicks ? yTicks.filter((t) => Number.isInteger(t.value)) : yTicks,
    yTitle: titleLines(ySpec, innerHeight, size, fontSize),
    yTitleFull: axisTitle(ySpec),
    yTitleOffset,
    right: rightScale
      ? {
          axis: rightScale,
          ticks: axisTicks(rightScale, 'y', fontSize),
          title: titleLines(rightScale.spec, innerHeight, size, fontSize),
          titleFull: axisTitle(rightScale.spec),
          titleOffset: rightTitleOffset,
        }
      : undefined,
    legend,
    /** The notes' lines and the first one's baseline, in plot coordinates (above the plot). */
    notes: {
      lines: noteLines,
      baseline: -notesHeight + fontSize - 2,
      lineHeight: noteLine,
      x: 8 - margin.left,
    },
    labelRotation: rotate ? -LABEL_ANGLE_DEG : 0,
    bars: placed,
    targets,
  };
}

export type BarLayout = ReturnType<typeof barLayout>;
