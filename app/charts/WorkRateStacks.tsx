import { line } from 'd3-shape';

import { barLabel, barLayout } from './bar_layout';
import { BarPlot } from './BarPlot';
import type { ChartProps, ChartSize } from './ChartBox';
import type { AxisSpec, Bar, Segment, WorkRateStacksData } from '../results/chart_data';
import type { Tick } from './Axis';
import { formatReadable, formatValue } from '../results/format';
import type { ScaledAxis } from './scales';
import type { LegendEntry } from './legend_layout';
import { shareColor } from './palette';
import type { ReadoutTarget } from './Readout';
import { useChartSize } from './use_measured_width';
import { joinItems, joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';

const PERCENT = { unit: '', format: 'percent' } as const;

// The average line takes the text colour: it is not a series, and must stand out on any segment.
const AVERAGE_COLOR = 'currentColor';

/** A work rate as read-outs print it; the description keeps more digits. */
const percent = (v: number) => formatReadable(v, PERCENT);
const exactPercent = (v: number) => formatValue(v, PERCENT);

/** Mean work rate of a bar's processors (a run on fewer processors averages over its own). */
export function averageWorkRate(bar: Bar): number {
  if (bar.segments.length === 0) return 0;
  return bar.segments.reduce((sum, s) => sum + s.value, 0) / bar.segments.length;
}

/**
 * Up to this many processors each has its own colour and the scale runs to all of them busy;
 * beyond it (54 IUs, 64 PEs) so many colours say nothing and a stack of slivers cannot be read:
 * each configuration is a heat strip instead.
 */
export const MANY_PROCESSORS = 16;

const RAMP_STEPS = 6;

/**
 * Work-rate bars and the average work rate per bar on a right-hand axis, joined across the
 * non-pinned bars. Up to MANY_PROCESSORS one segment per processor, in its own colour, stacks
 * its work rate bottom-up on a 0 .. processors × 100 % scale, and the right axis is the left one
 * over the processors, so each average sits at its bar's top. Beyond it each bar is a heat strip:
 * one equal cell per processor (processor 1 at the bottom, on the left axis) coloured by its
 * work rate, the average on a 0 to 100 % right axis.
 */
export function workRateStacksGeometry(data: WorkRateStacksData, size: ChartSize) {
  const many = data.processors > MANY_PROCESSORS;
  const stackAxis: AxisSpec = many
    ? { label: data.processor, unit: '', scale: 'linear', min: 0, max: data.processors }
    : {
        label: chartsT('workRate.sumAxis', { processors: String(data.processors) }),
        unit: '',
        scale: 'linear',
        min: 0,
        max: data.processors,
        format: 'percent',
      };
  const averageAxis = {
    label: chartsT('workRate.average'),
    ...PERCENT,
    scale: 'linear',
    divisor: data.processors,
  } as const;
  const average: LegendEntry = {
    key: 'average',
    label: chartsT('workRate.average'),
    symbol: { kind: 'series', color: AVERAGE_COLOR, line: true, point: true },
  };
  const ramp: LegendEntry = {
    key: 'ramp',
    label: chartsT('workRate.ramp', { processor: data.processor }),
    symbol: {
      kind: 'ramp',
      colors: Array.from({ length: RAMP_STEPS }, (_, i) => shareColor(i / (RAMP_STEPS - 1))),
    },
  };
  const layout = barLayout(
    {
      bars: data.bars,
      y: stackAxis,
      rightAxis: averageAxis,
      wholeTicks: true,
      legendExtra: many ? [ramp, average] : [average],
      ...(many
        ? { segmentColor: (segment: Segment) => shareColor(segment.value), segmentHeight: () => 1 }
        : {}),
      segmentLines: (bar, segment) => [
        chartsT('workRate.segment', { segment: segment.label, value: percent(segment.value) }),
        chartsT('workRate.barAverage', { value: percent(averageWorkRate(bar)) }),
      ],
    },
    size,
  );
  // A strip's processors are numbered at their cells' middles, as many as fit a line apart.
  const yTicks = many ? processorTicks(data.processors, layout.y, layout.fontSize) : layout.yTicks;
  const toPx = layout.right?.axis.toPx ?? (() => 0);
  const averages = data.bars.map((bar, i) => {
    const value = averageWorkRate(bar);
    return {
      label: barLabel(bar),
      pinned: bar.pinned === true,
      value,
      px: layout.bars[i]?.centre ?? 0,
      py: toPx(value),
    };
  });
  const averagePath =
    line<{ px: number; py: number }>()
      .x((p) => p.px)
      .y((p) => p.py)(averages.filter((a) => !a.pinned)) ?? '';
  const averageSeries = Math.max(0, ...data.bars.map((b) => b.segments.length));
  const targets: ReadoutTarget[] = [
    ...layout.targets,
    ...averages.map((a) => ({
      series: averageSeries,
      px: a.px,
      py: a.py,
      color: AVERAGE_COLOR,
      title: a.label,
      lines: [chartsT('workRate.averageValue', { value: percent(a.value) })],
    })),
  ];
  return { ...layout, yTicks, averages, averagePath, averageColor: AVERAGE_COLOR, targets };
}

/** Ticks at the middles of processors 1, k, 2k, ... n's cells, a line apart at least. */
function processorTicks(n: number, y: ScaledAxis, fontSize: number): Tick[] {
  const cell = Math.abs(y.toPx(1) - y.toPx(0));
  const step = [1, 2, 4, 8, 16, 32, 64, 128].find((k) => k * cell >= fontSize * 1.4) ?? n;
  const multiples = Array.from({ length: Math.floor(n / step) }, (_, i) => (i + 1) * step);
  const first = step === 1 || (step - 1) * cell >= fontSize * 1.4 ? [1] : [];
  return [...new Set([...first, ...multiples])].map((k) => ({
    value: k,
    offset: y.toPx(k - 0.5),
    label: String(k),
  }));
}

/** The text alternative: the scale, and each bar's average and processor work rates. */
export function describeWorkRateStacks(data: WorkRateStacksData): string {
  const parts = [
    chartsT('workRate.describe', {
      many: data.processors > MANY_PROCESSORS ? 'yes' : 'no',
      processors: String(data.processors),
      all: String(data.processors * 100),
    }),
  ];
  for (const bar of data.bars) {
    const rates = bar.segments.map((s) =>
      chartsT('bars.part', { segment: s.label, value: exactPercent(s.value) }),
    );
    parts.push(
      chartsT('workRate.bar', {
        bar: barLabel(bar),
        average: exactPercent(averageWorkRate(bar)),
        rates: joinItems(rates),
      }),
    );
  }
  return joinSentences(parts);
}

/** Stacked per-processor work rates per configuration, with the average work rate as a line. */
export function WorkRateStacks({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<WorkRateStacksData>) {
  const { ref, size } = useChartSize(width, height, fontSize);
  const g = workRateStacksGeometry(data, size);
  return (
    <BarPlot
      name={name}
      title={title}
      description={description ?? describeWorkRateStacks(data)}
      layout={g}
      targets={g.targets}
      boxRef={ref}
    >
      <g className="average" stroke={g.averageColor} fill={g.averageColor}>
        <path className="average-halo" d={g.averagePath} fill="none" strokeWidth={5} />
        <path d={g.averagePath} fill="none" strokeWidth={2} />
        {g.averages.map((a, i) => (
          <circle
            key={`${i}:${a.label}`}
            className={a.pinned ? 'average-pinned' : undefined}
            cx={a.px}
            cy={a.py}
            r={4}
            strokeWidth={1.5}
          />
        ))}
      </g>
    </BarPlot>
  );
}
