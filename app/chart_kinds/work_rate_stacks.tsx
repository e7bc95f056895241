// Work-rate stacks: each processor's work rate stacked, one bar a configuration of the sweep.
import { barPoints, barsDrawn } from './bars';
import type { ChartKind, SpecOf } from './kind';
import { WorkRateStacks, averageWorkRate } from '../charts/WorkRateStacks';
import { workRateStacksTable } from '../charts/chart_table';
import type { RunView } from '../results/chart_builder';
import { matchSeries, resolveRef, sameChart } from '../results/chart_builder';
import type { Bar, WorkRateStacksData } from '../results/chart_data';
import { mergeBars } from '../results/side_figure';
import { runWord } from '../i18n/engine_words';

function workRateBars(spec: SpecOf<'work-rate-stacks'>, run: RunView, pin?: string): Bar[] {
  return matchSeries(spec.series, run.result).map((s) => {
    const bar: Bar = {
      label: pin ? `${pin}: ${runWord(s.label)}` : runWord(s.label),
      segments: s.y.map((value, i) => ({
        key: `pe${s.x[i] ?? i}`,
        label: `${runWord(s.xName)} ${s.x[i] ?? i}`,
        value,
      })),
    };
    if (pin) bar.pinned = true;
    return bar;
  });
}

export const workRateStacksKind: ChartKind<'work-rate-stacks', WorkRateStacksData> = {
  build(spec, { run, options }) {
    const bars = workRateBars(spec, run);
    let processors = resolveRef(spec.processors, run);
    for (const pin of options.pins) {
      const pinSpec = sameChart(pin, spec, 'work-rate-stacks');
      if (!pinSpec) continue;
      bars.push(...workRateBars(pinSpec, pin.run, pin.label));
      processors = Math.max(processors, resolveRef(pinSpec.processors, pin.run));
    }
    // The engine names its processors as each series' x: PE, IU, worker.
    return {
      processors,
      processor: runWord(matchSeries(spec.series, run.result)[0]?.xName ?? 'processor'),
      bars,
    };
  },
  draw: (props) => <WorkRateStacks {...props} />,
  table: workRateStacksTable,
  points: barPoints,
  merge: (left, right, names) => ({
    processor: left.processor,
    processors: Math.max(left.processors, right.processors),
    bars: mergeBars(left.bars, right.bars, names),
  }),
  // A work-rate bar prints its average.
  drawn: (data) => barsDrawn(data.bars, 'fraction', averageWorkRate),
};
