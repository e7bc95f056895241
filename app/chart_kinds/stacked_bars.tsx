// Stacked bars: bars of named segments, each a value of the run (divided by one where the spec
// says), the paper's values marked on the bars they name.
import { barPoints, barsDrawn } from './bars';
import type { ChartKind, SpecOf } from './kind';
import { StackedBarChart } from '../charts/StackedBarChart';
import { stackedBarTable } from '../charts/chart_table';
import type { RunView } from '../results/chart_builder';
import { chartAxis, resolveRef, sameChart } from '../results/chart_builder';
import type { Bar, StackedBarData } from '../results/chart_data';
import { axisUnit } from '../results/chart_data';
import { jointAxis, mergeBars, sameQuantity } from '../results/side_figure';
import { plottedReferences } from '../presets/schema';

function specBars(spec: SpecOf<'stacked-bars'>, run: RunView, pin?: string): Bar[] {
  return spec.bars.map((b) => {
    const scale = b.divideBy === undefined ? 1 : resolveRef(b.divideBy, run);
    const bar: Bar = {
      label: pin ? `${pin}: ${b.label}` : b.label,
      segments: b.segments.map((s) => ({
        key: s.key,
        label: s.label,
        value: resolveRef(s.value, run) / scale,
      })),
    };
    if (pin) bar.pinned = true;
    return bar;
  });
}

const total = (bar: Bar) => bar.segments.reduce((sum, s) => sum + s.value, 0);

export const stackedBarsKind: ChartKind<'stacked-bars', StackedBarData> = {
  build(spec, { preset, run, options }) {
    const bars = specBars(spec, run);
    for (const pin of options.pins) {
      const pinSpec = sameChart(pin, spec, 'stacked-bars');
      if (pinSpec) bars.push(...specBars(pinSpec, pin.run, pin.label));
    }
    const marks = options.overlay
      ? plottedReferences(preset, spec.id).flatMap((ref) =>
          typeof ref.plot.x === 'string'
            ? [{ label: ref.label, bar: ref.plot.x, value: ref.value }]
            : [],
        )
      : [];
    const { label, unit } = spec.y;
    const y = chartAxis(spec.y, { label, unit }, options.yLog);
    const totals = spec.totals === false ? { totals: false } : {};
    return { y, bars, marks, ...totals };
  },
  draw: (props) => <StackedBarChart {...props} />,
  table: stackedBarTable,
  points: barPoints,
  axes: {
    extent: (data) => {
      const marks = (data.marks ?? []).map((m) => m.value);
      return { y: { spec: data.y, values: [...data.bars.map(total), ...marks] } };
    },
    fix: (data, ends) => ({
      ...data,
      y: ends.y ? { ...data.y, min: ends.y[0], max: ends.y[1] } : data.y,
    }),
  },
  merge(left, right, names) {
    if (!sameQuantity(left.y, right.y)) return null;
    // A paper mark names its bar: it goes on the left side's bar of that label.
    const marks = (left.marks ?? []).map((m) => ({ ...m, bar: `${names.left}: ${m.bar}` }));
    return {
      ...left,
      y: jointAxis(left.y, right.y),
      bars: mergeBars(left.bars, right.bars, names),
      marks,
    };
  },
  drawn: (data) => [
    ...barsDrawn(data.bars, axisUnit(data.y), total),
    ...(data.marks ?? []).map((m) => ({ value: m.value, unit: axisUnit(data.y), label: m.label })),
  ],
};
