// A timeline: each processor's share of time in each state, bin by bin, one band a processor.
import type { ChartKind } from './kind';
import { TimelineChart } from '../charts/TimelineChart';
import { timelineTable } from '../charts/chart_table';
import type { TimelineData } from '../results/chart_data';
import { findTimeline } from '../engine/types';
import { runWord } from '../i18n/engine_words';
import { chartsT } from '../results/words';

export const timelineKind: ChartKind<'timeline', TimelineData> = {
  /** The spec's timeline: the engine's bins and rows, the states in the spec's order. */
  build(spec, { run }) {
    const timeline = findTimeline(run.result, spec.timeline);
    const edges = timeline?.edges ?? new Float64Array();
    const bins = Math.max(0, edges.length - 1);
    const rows = timeline?.rows ?? [];
    const states = timeline?.states ?? [];
    return {
      time: { label: chartsT('timeline.time'), unit: timeline?.timeUnit ?? '', scale: 'linear' },
      end: edges[bins] ?? 1,
      states: spec.states.map(({ key, label }) => ({ key, label })),
      rows: rows.map((label, r) => ({
        label: runWord(label),
        fractions: spec.states.map(({ key }) => {
          const s = states.indexOf(key);
          if (s < 0 || !timeline) return [];
          const start = (r * states.length + s) * bins;
          return Array.from(timeline.shares.subarray(start, start + bins));
        }),
      })),
    };
  },
  // Drawn to its width: its rows set its height.
  draw: ({ name, title, data, width, fontSize }) => (
    <TimelineChart name={name} title={title} data={data} width={width} fontSize={fontSize} />
  ),
  table: timelineTable,
  // Each processor's share of each bin in each state, and the run's end.
  drawn: (data) => [
    ...data.rows.flatMap((row) =>
      row.fractions.flatMap((shares, s) =>
        shares.map((value, b) => ({
          value,
          unit: 'fraction',
          label: `${row.label}, bin ${b + 1}: ${data.states[s]?.label ?? ''}`,
          shade: true,
        })),
      ),
    ),
    { value: data.end, unit: data.time.unit, label: 'end of the run' },
  ],
};
