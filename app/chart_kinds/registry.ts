// Every chart kind, one file a kind in this folder (its preset fields in
// app/presets/chart_specs/). The page, the exports, side by side and the tours look a chart's
// kind up here and never switch on it: a new kind is its two files and one entry in each list.
import { channelDependenciesKind } from './channel_dependencies';
import { channelHeatmapKind } from './channel_heatmap';
import type { BuildContext, ChartKind, Drawn } from './kind';
import { latencyLoadKind } from './latency_load';
import { lineKind } from './line';
import { speedupKind } from './speedup';
import { stackedBarsKind } from './stacked_bars';
import { timelineKind } from './timeline';
import { workRateStacksKind } from './work_rate_stacks';
import type { ChartOptions, RunView } from '../results/chart_builder';
import { chartOptions, resolveRef } from '../results/chart_builder';
import type { ChartTable } from '../results/chart_data';
import { EXPORT_WORDS } from '../charts/table_words';
import type { SideNames } from '../results/side_figure';
import type { ChartKindName } from '../presets/chart_specs';
import type { ChartSpec, Preset } from '../presets/schema';

const KINDS = {
  line: lineKind,
  'latency-load': latencyLoadKind,
  speedup: speedupKind,
  'stacked-bars': stackedBarsKind,
  'work-rate-stacks': workRateStacksKind,
  'channel-heatmap': channelHeatmapKind,
  timeline: timelineKind,
  'channel-dependencies': channelDependenciesKind,
};

/** The data a chart of kind K draws (of each kind, for a union of kinds). */
export type DataOf<K extends ChartKindName> = K extends ChartKindName
  ? (typeof KINDS)[K] extends ChartKind<K, infer D>
    ? D
    : never
  : never;

type Registry = { [K in ChartKindName]: ChartKind<K, DataOf<K>> };

// Fails to compile where a kind a preset may name has no entry, or an entry of another kind.
const REGISTRY: Registry = KINDS;

/** A chart built from its spec and a run: its kind and the data its component draws. */
export type BuiltChart = { [K in ChartKindName]: { kind: K; data: DataOf<K> } }[ChartKindName];

/** The kind of this name. */
export function chartKind<K extends ChartKindName>(kind: K): ChartKind<K, DataOf<K>> {
  return REGISTRY[kind];
}

/** A chart of `chart`'s kind drawing `data`, which that kind's own part made. */
export function withData<K extends ChartKindName>(chart: { kind: K }, data: DataOf<K>): BuiltChart {
  // TypeScript does not follow a kind into the union of kinds and data; the pair is one kind's.
  return { kind: chart.kind, data } as BuiltChart;
}

/**
 * Palette positions of the keys a run draws in more than one chart of its preset that colours
 * series by key, in order of first appearance over the charts: each keeps one colour in every chart.
 */
function sharedColours(preset: Preset, run: RunView): Map<string, number> {
  const charts = new Map<string, number>();
  for (const spec of preset.charts) {
    const keys = new Set(chartKind(spec.kind).colourKeys?.(spec, run) ?? []);
    for (const key of keys) charts.set(key, (charts.get(key) ?? 0) + 1);
  }
  const shared = new Map<string, number>();
  for (const [key, n] of charts) if (n > 1) shared.set(key, shared.size);
  return shared;
}

/** The chart data for one spec of `preset`, drawn from `run` and the pinned runs. */
export function buildChart(
  spec: ChartSpec,
  preset: Preset,
  run: RunView,
  options: ChartOptions,
): BuiltChart {
  const context: BuildContext = {
    preset,
    run,
    options,
    sharedColours: () => sharedColours(preset, run),
  };
  return withData(spec, chartKind(spec.kind).build(spec, context));
}

/**
 * A chart's points in the order of the run's sweep, labelled as the chart reads them; empty for
 * a chart of one run (a heat map, a timeline).
 */
export function watchPoints(chart: BuiltChart): string[] {
  return chartKind(chart.kind).points?.(chart.data) ?? [];
}

/** The chart whose points a chart's trace view opens at: the one its watch names, or itself. */
function pointsChart(spec: ChartSpec, preset: Preset, run: RunView): BuiltChart {
  const named = preset.charts.find((c) => c.id === (spec.watch?.points ?? spec.id)) ?? spec;
  return buildChart(named, preset, run, chartOptions({}, []));
}

/** The points a chart's trace view can open at: those of the chart its watch names, or its own. */
export function sweepPoints(spec: ChartSpec, preset: Preset, run: RunView): string[] {
  return spec.watch ? watchPoints(pointsChart(spec, preset, run)) : [];
}

/**
 * The point a chart's trace view opens at: the one its watch says the chart is about (`at`, a
 * machine size the chart draws), else the first.
 */
export function sweepStart(spec: ChartSpec, preset: Preset, run: RunView): number {
  const at = spec.watch?.at;
  if (at === undefined) return 0;
  const chart = pointsChart(spec, preset, run);
  const found = chartKind(chart.kind).pointAt?.(chart.data, resolveRef(at, run)) ?? -1;
  return Math.max(0, found);
}

/** The plotted data as a table: in an export's words (English), or the page's for its table view. */
export function builtChartTable(chart: BuiltChart, words = EXPORT_WORDS): ChartTable {
  return chartKind(chart.kind).table(chart.data, words);
}

/** The numbers a built chart draws, each in its unit. */
export function drawnValues(chart: BuiltChart): Drawn[] {
  return chartKind(chart.kind).drawn(chart.data);
}

/**
 * The chart both sides draw, as one chart of both runs named by `names`; null where the two cannot
 * share one plot (a map, a graph, a timeline, charts of two kinds, or axes of another quantity):
 * a figure then sets the two charts beside each other.
 */
export function mergeSides(
  left: BuiltChart,
  right: BuiltChart,
  names: SideNames,
): BuiltChart | null {
  if (left.kind !== right.kind) return null;
  const data = chartKind(left.kind).merge?.(left.data, right.data, names);
  return data ? withData(left, data) : null;
}
