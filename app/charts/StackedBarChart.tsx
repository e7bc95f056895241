import { barLabel, barLayout } from './bar_layout';
import { BarPlot } from './BarPlot';
import type { ChartProps, ChartSize } from './ChartBox';
import type { StackedBarData } from '../results/chart_data';
import {
  axisTitle,
  formatReadable,
  formatValue,
  readableNumber,
  textWidth,
} from '../results/format';
import { overlaps } from './label_placement';
import { markLegendEntry, MarkSymbol } from './Legend';
import { palette } from './palette';
import type { ReadoutTarget } from './Readout';
import { useChartSize } from './use_measured_width';
import { joinItems, joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';

/** Half the height of a paper value's diamond (MarkSymbol), px. */
const REFERENCE_RADIUS = 5.5;

/**
 * Bars, segments, axis, legend, the reference marks (a tick across the bar they name: the first
 * non-pinned bar with that label, else a pinned one) and read-out targets, in plot coordinates.
 */
export function stackedBarGeometry(data: StackedBarData, size: ChartSize) {
  const value = (v: number) => formatReadable(v, data.y);
  const marks = data.marks ?? [];
  const layout = barLayout(
    {
      bars: data.bars,
      y: data.y,
      yValues: marks.map((m) => m.value),
      legendExtra: marks.length > 0 ? [markLegendEntry({ kind: 'reference' })] : [],
      ...(data.notes ? { notes: data.notes } : {}),
      segmentLines: (_bar, segment, total) => [
        chartsT('bars.segment', { segment: segment.label, value: value(segment.value) }),
        chartsT('bars.total', { value: value(total) }),
      ],
    },
    size,
  );
  const placedMarks = marks.flatMap((mark) => {
    const named = layout.bars.filter((b) => b.label === mark.bar);
    const bar = named.find((b) => !b.pinned) ?? named[0];
    if (!bar || !layout.y.drawable(mark.value)) return [];
    return [{ ...mark, py: layout.y.toPx(mark.value), x1: bar.x - 4, x2: bar.x + bar.width + 4 }];
  });
  // A bar's total goes above its paper tick and symbol where they would cross it, and is left
  // out where another bar's paper symbol lies on it (the read-out still gives it).
  const small = layout.fontSize - 1;
  const markBox = (m: (typeof placedMarks)[number]) => ({
    x: m.x1,
    y: m.py - REFERENCE_RADIUS,
    width: m.x2 + 2 + REFERENCE_RADIUS - m.x1,
    height: 2 * REFERENCE_RADIUS,
  });
  const bars = layout.bars.map((bar) => {
    const width = textWidth(readableNumber(bar.total), small);
    const label = (baseline: number) => ({
      x: bar.centre - width / 2,
      y: baseline - small,
      width,
      height: small + 2,
    });
    const own = (m: (typeof placedMarks)[number]) => m.x1 <= bar.centre && bar.centre <= m.x2;
    let baseline = bar.totalBaseline;
    for (const m of placedMarks.filter(own)) {
      if (overlaps(label(baseline), markBox(m))) baseline = m.py - REFERENCE_RADIUS - 3;
    }
    const clear = !placedMarks.some((m) => overlaps(label(baseline), markBox(m)));
    const shown = data.totals !== false && bar.totalShown && clear;
    return { ...bar, totalBaseline: baseline, totalShown: shown };
  });
  const markSeries = Math.max(0, ...data.bars.map((b) => b.segments.length));
  const targets: ReadoutTarget[] = [
    ...layout.targets,
    ...placedMarks.map((m) => ({
      series: markSeries,
      px: m.x2,
      py: m.py,
      color: palette.grey,
      title: chartsT('bars.paperMark', { mark: m.label }),
      lines: [chartsT('bars.segment', { segment: m.bar, value: value(m.value) })],
    })),
  ];
  return { ...layout, bars, marks: placedMarks, targets };
}

/** The text alternative: each bar's total and segments, and the paper values. */
export function describeStackedBars(data: StackedBarData): string {
  const value = (v: number) => formatValue(v, data.y);
  const parts = [chartsT('bars.stacked', { axis: axisTitle(data.y) })];
  for (const bar of data.bars) {
    const total = bar.segments.reduce((sum, s) => sum + s.value, 0);
    const segments = bar.segments.map((s) =>
      chartsT('bars.part', { segment: s.label, value: value(s.value) }),
    );
    parts.push(
      chartsT('bars.bar', {
        bar: barLabel(bar),
        total: value(total),
        segments: joinItems(segments),
      }),
    );
  }
  for (const m of data.marks ?? []) {
    parts.push(chartsT('bars.paperValue', { mark: m.label, bar: m.bar, value: value(m.value) }));
  }
  parts.push(...(data.notes ?? []));
  return joinSentences(parts);
}

/** One stacked bar per configuration, segments coloured by key, paper values as ticks. */
export function StackedBarChart({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<StackedBarData>) {
  const { ref, size } = useChartSize(width, height, fontSize);
  const g = stackedBarGeometry(data, size);
  return (
    <BarPlot
      name={name}
      title={title}
      description={description ?? describeStackedBars(data)}
      layout={g}
      targets={g.targets}
      totalLabel={readableNumber}
      boxRef={ref}
    >
      {g.marks.map((m) => (
        <g key={`${m.bar}:${m.label}`} className="mark" data-mark="reference">
          <line className="mark-tick" x1={m.x1} x2={m.x2} y1={m.py} y2={m.py} strokeWidth={2} />
          <g transform={`translate(${m.x2 + 2},${m.py})`}>
            <MarkSymbol kind="reference" />
          </g>
        </g>
      ))}
    </BarPlot>
  );
}
