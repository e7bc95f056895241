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
import { titleUnit } from '../presets/units';
import type { TableWords } from './table_words';
import { EXPORT_WORDS } from './table_words';

// Tables hold the numbers as drawn, unrounded; percentages stay fractions of 1 and say so. Each
// table is in `words`: an export's (English, the default) or the page's.
function columnTitle(spec: AxisSpec, words: TableWords): string {
  if (spec.format === 'percent' || spec.unit === 'fraction') return words.fraction(spec.label);
  const unit = titleUnit(spec.label, spec.unit);
  return unit ? words.unit(spec.label, unit) : spec.label;
}

/**
 * Long format, one row per value: curve points ("curve", or "pinned curve" for a pinned run),
 * saturation loads, marks ("current", "paper") and rules, with an empty cell where a row has no
 * value on an axis.
 */
export function lineChartTable(data: LineChartData, words = EXPORT_WORDS): ChartTable {
  const rows: (string | number)[][] = [];
  for (const curve of data.curves) {
    const kind = words.word(curve.pinned ? 'pinnedCurve' : 'curve');
    for (const p of curve.points) {
      rows.push([curve.label, p.x, p.y, kind]);
    }
    if (curve.saturationX !== undefined) {
      rows.push([curve.label, curve.saturationX, '', words.word('saturation')]);
    }
  }
  for (const m of data.marks ?? []) {
    const kind = m.pinned ? words.pinned(markKind(m)) : markKind(m);
    rows.push([m.label, m.x, m.y, kind]);
  }
  for (const r of data.rules ?? []) {
    rows.push([
      r.label,
      r.axis === 'x' ? r.value : '',
      r.axis === 'y' ? r.value : '',
      words.word('rule'),
    ]);
  }
  return {
    columns: [
      words.word('curve'),
      columnTitle(data.x, words),
      columnTitle(data.y, words),
      words.word('kind'),
    ],
    rows,
  };
}

/**
 * One row per bar: each segment key's value (in order of first appearance), the total, and one
 * column per paper value label, filled on the bar it names.
 */
export function stackedBarTable(data: StackedBarData, words = EXPORT_WORDS): ChartTable {
  const unit = (label: string) => columnTitle({ ...data.y, label }, words);
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
      words.word('bar'),
      ...keys.map(([, label]) => unit(label)),
      unit(words.word('total')),
      ...markLabels.map((l) => unit(words.paper(l))),
    ],
    rows,
  };
}

/** One row per configuration: each processor's work rate and the average, as fractions of 1. */
export function workRateStacksTable(data: WorkRateStacksData, words = EXPORT_WORDS): ChartTable {
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
      words.word('configuration'),
      ...keys.map(([, label]) => words.fraction(words.workRate(label))),
      words.fraction(words.word('averageWorkRate')),
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
export function channelHeatmapTable(data: ChannelHeatmapData, words = EXPORT_WORDS): ChartTable {
  if (data.graph?.crosspoints) {
    const n = data.graph.terminals;
    return {
      columns: [words.word('input'), words.word('output'), words.fraction(words.word('use'))],
      rows: data.graph.crosspoints.map((v, i) => [Math.floor(i / n), i % n, v ?? '']),
    };
  }
  const utilization = words.fraction(words.word('utilization'));
  if (data.graph) {
    const { routers } = data.graph;
    const end = (id: number) =>
      id >= routers ? words.end('terminal', id - routers) : words.end('switch', id);
    return {
      columns: [words.word('from'), words.word('to'), utilization],
      rows: data.graph.channels.map((c) => [end(c.from), end(c.to), c.value ?? '']),
    };
  }
  return {
    columns: [
      words.word('x'),
      words.word('y'),
      words.word('z'),
      words.word('direction'),
      utilization,
    ],
    rows: planeChannels(data).map((c) => [c.x, c.y, c.z, c.direction, c.value ?? '']),
  };
}

/**
 * One row per processor and bin, row by row, bins in time order: the bin's start and end, each
 * state's share as given (empty where there is no data) and the idle share as drawn.
 */
export function timelineTable(data: TimelineData, words = EXPORT_WORDS): ChartTable {
  const t = timelineBins(data);
  const time = (edge: string) => columnTitle({ ...data.time, label: edge }, words);
  return {
    columns: [
      words.word('processor'),
      time(words.word('binStart')),
      time(words.word('binEnd')),
      ...data.states.map((s) => words.fraction(s.label)),
      words.fraction(words.word('idle')),
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
