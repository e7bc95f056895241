import { planeChannels } from './heatmap_network';
import { timelineBins } from './timeline_bins';
import { averageWorkRate } from './WorkRateStacks';
import { barLabel } from './bar_layout';
import { markKind } from './Legend';
import type {
  AxisSpec,
  ChannelHeatmapData,
  ChartTable,
  LineChartData,
  StackedBarData,
  TimelineData,
  WorkRateStacksData,
} from '../results/chart_data';
import { axisTitle } from '../results/format';

// Tables hold the numbers as drawn, unrounded; percentages stay fractions of 1 and say so.
function columnTitle(spec: AxisSpec): string {
  return spec.format === 'percent' || spec.unit === 'fraction'
    ? `${spec.label} (fraction)`
    : axisTitle(spec);
}

/**
 * Long format, one row per value: curve points ("curve", or "pinned curve" for a pinned run),
 * saturation loads, marks ("current", "paper") and rules, with an empty cell where a row has no
 * value on an axis.
 */
export function lineChartTable(data: LineChartData): ChartTable {
  const rows: (string | number)[][] = [];
  for (const curve of data.curves) {
    const kind = curve.pinned ? 'pinned curve' : 'curve';
    for (const p of curve.points) {
      rows.push([curve.label, p.x, p.y, kind]);
    }
    if (curve.saturationX !== undefined) {
      rows.push([curve.label, curve.saturationX, '', 'saturation']);
    }
  }
  for (const m of data.marks ?? []) {
    const kind = m.pinned ? `pinned ${markKind(m)}` : markKind(m);
    rows.push([m.label, m.x, m.y, kind]);
  }
  for (const r of data.rules ?? []) {
    rows.push([r.label, r.axis === 'x' ? r.value : '', r.axis === 'y' ? r.value : '', 'rule']);
  }
  return { columns: ['curve', columnTitle(data.x), columnTitle(data.y), 'kind'], rows };
}

/**
 * One row per bar: each segment key's value (in order of first appearance), the total, and one
 * column per paper value label, filled on the bar it names.
 */
export function stackedBarTable(data: StackedBarData): ChartTable {
  const unit = (label: string) => columnTitle({ ...data.y, label });
  const keys = [
    ...new Map(data.bars.flatMap((b) => b.segments.map((s) => [s.key, s.label]))).entries(),
  ];
  const markLabels = [...new Set((data.marks ?? []).map((m) => m.label))];
  const rows = data.bars.map((bar) => {
    const byKey = new Map(bar.segments.map((s) => [s.key, s.value]));
    const marks = markLabels.map(
      (label) => data.marks?.find((m) => m.label === label && m.bar === bar.label)?.value ?? '',
    );
    const total = bar.segments.reduce((sum, s) => sum + s.value, 0);
    return [barLabel(bar), ...keys.map(([key]) => byKey.get(key) ?? ''), total, ...marks];
  });
  return {
    columns: [
      'bar',
      ...keys.map(([, label]) => unit(label)),
      unit('total'),
      ...markLabels.map((l) => unit(`${l} (paper)`)),
    ],
    rows,
  };
}

/** One row per configuration: each processor's work rate and the average, as fractions of 1. */
export function workRateStacksTable(data: WorkRateStacksData): ChartTable {
  const keys = [
    ...new Map(data.bars.flatMap((b) => b.segments.map((s) => [s.key, s.label]))).entries(),
  ];
  const rows = data.bars.map((bar) => {
    const byKey = new Map(bar.segments.map((s) => [s.key, s.value]));
    const average = averageWorkRate(bar);
    return [barLabel(bar), ...keys.map(([key]) => byKey.get(key) ?? ''), average];
  });
  return {
    columns: [
      'configuration',
      ...keys.map(([, label]) => `${label} work rate (fraction)`),
      'average work rate (fraction)',
    ],
    rows,
  };
}

/**
 * One row per channel of the drawn plane (as the heat map draws it: on a mesh only channels with a
 * neighbour, the ±z ones in 3-D), node by node, x fastest; an empty cell where there is no data.
 * Off a cube, one row per channel of the graph, from and to; on a lone crossbar, one row per
 * crosspoint, input by input.
 */
export function channelHeatmapTable(data: ChannelHeatmapData): ChartTable {
  if (data.graph?.crosspoints) {
    const n = data.graph.terminals;
    return {
      columns: ['input', 'output', 'use (fraction)'],
      rows: data.graph.crosspoints.map((v, i) => [Math.floor(i / n), i % n, v ?? '']),
    };
  }
  if (data.graph) {
    const { routers } = data.graph;
    const end = (id: number) => (id >= routers ? `terminal ${id - routers}` : `switch ${id}`);
    return {
      columns: ['from', 'to', 'utilization (fraction)'],
      rows: data.graph.channels.map((c) => [end(c.from), end(c.to), c.value ?? '']),
    };
  }
  return {
    columns: ['x', 'y', 'z', 'direction', 'utilization (fraction)'],
    rows: planeChannels(data).map((c) => [c.x, c.y, c.z, c.direction, c.value ?? '']),
  };
}

/**
 * One row per processor and bin, row by row, bins in time order: the bin's start and end, each
 * state's share as given (empty where there is no data) and the idle share as drawn.
 */
export function timelineTable(data: TimelineData): ChartTable {
  const t = timelineBins(data);
  const time = (edge: string) => axisTitle({ ...data.time, label: edge });
  return {
    columns: [
      'processor',
      time('bin start'),
      time('bin end'),
      ...data.states.map((s) => `${s.label} (fraction)`),
      'idle (fraction)',
    ],
    rows: t.rows.flatMap((row) =>
      row.idle.map((idle, b) => [
        row.label,
        t.start(b),
        t.start(b + 1),
        ...row.values.map((v) => v[b] ?? ''),
        idle,
      ]),
    ),
  };
}

/**
 * A number as a person writes it: to 15 significant digits, which every double holds, so a sum's
 * rounding (0.024609375000000003) reads as the value it stands for (0.024609375).
 */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : String(value);
}

function csvField(value: string | number): string {
  const text = typeof value === 'number' ? csvNumber(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV: header row first, fields quoted only when needed, each line ending in \n. The
 * `comments` (an export's provenance) go above the header as lines starting with "# ", which
 * CSV readers skip when told (pandas `comment='#'`, R `comment.char = '#'`, numpy, gnuplot).
 */
export function tableToCsv(table: ChartTable, comments: string[] = []): string {
  const head = comments.map((c) => `# ${c.replace(/[\r\n]+/g, ' ')}\n`).join('');
  return (
    head + [table.columns, ...table.rows].map((row) => `${row.map(csvField).join(',')}\n`).join('')
  );
}
