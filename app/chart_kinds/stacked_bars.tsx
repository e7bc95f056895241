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

/** Two values equal to a part in 10^9: the same bar drawn twice, whatever the rounding. */
const sameValue = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Whether every bar has the segments of the first, each of the same value. */
export function barsAlike(bars: Bar[]): boolean {
  const [first, ...rest] = bars;
  if (!first || rest.length === 0) return false;
  return rest.every(
    (bar) =>
      bar.segments.length === first.segments.length &&
      bar.segments.every((s, i) => {
        const f = first.segments[i];
        return f !== undefined && f.key === s.key && sameValue(f.value, s.value);
      }),
  );
}

export const stackedBarsKind: ChartKind<'stacked-bars', StackedBarData> = {
  build(spec, { preset, run, options }) {
    const bars = specBars(spec, run);
    // Said of the run's own bars, before any pinned run's join them.
    const notes = spec.sameNote && barsAlike(bars) ? { notes: [spec.sameNote] } : {};
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
    return { y, bars, marks, ...totals, ...notes };
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
    // Each side's note says which side it is of, as its bars' labels do.
    const notes = [
      ...(left.notes ?? []).map((n) => `${names.left}: ${n}`),
      ...(right.notes ?? []).map((n) => `${names.right}: ${n}`),
    ];
    const merged: StackedBarData = {
      ...left,
      y: jointAxis(left.y, right.y),
      bars: mergeBars(left.bars, right.bars, names),
      marks,
      notes,
    };
    if (notes.length === 0) delete merged.notes;
    return merged;
  },
  drawn: (data) => [
    ...barsDrawn(data.bars, axisUnit(data.y), total),
    ...(data.marks ?? []).map((m) => ({ value: m.value, unit: axisUnit(data.y), label: m.label })),
  ],
};
