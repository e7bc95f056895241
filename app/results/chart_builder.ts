// Turns a preset's chart spec and a run into the data a shared chart draws. This is the only
// place that knows both the preset format and the chart data; a new machine adds a spec, not code.
import type {
  AxisSpec,
  Bar,
  ChannelHeatmapData,
  Curve,
  LineChartData,
  Mark,
  Rule,
  SpeedupData,
  StackedBarData,
  TimelineData,
  WorkRateStacksData,
} from './chart_data';
import { WITHHELD } from './chart_data';
import type { DependencyGraphData } from './dependency_graph_data';
import { dependencyGraphData } from './dependency_graph_data';
import { formatReadable } from './format';
import { networkHeatmapData } from './network_data';
import type { Params, RunResult, SeriesData } from '../engine/types';
import { findNetwork, findTimeline } from '../engine/types';
import type { ChartSpec, Preset, ValueRefSpec } from '../presets/schema';
import { plottedReferences } from '../presets/schema';
import type { ChartChoice } from '../link/url_state';

/** A completed (or partial) run with the parameters it ran with. */
export interface RunView {
  result: RunResult;
  params: Params;
}

/** What a run was made for, kept with its result. */
export interface RunTag {
  preset: Preset;
  seed: number;
}

/** A run as the charts draw it, with the preset and seed it was made for. */
export type ChartRun = RunView & RunTag;

/** An earlier run kept for comparison, with the preset it ran. */
export interface PinnedRun {
  label: string;
  preset: Preset;
  run: RunView;
}

export interface ChartOptions {
  /** Draw the preset's reference points (the paper's values). */
  overlay: boolean;
  /** Draw the analytical models' curves and rules beside the simulation. */
  models: boolean;
  /** Log axes; absent: as the chart spec says. */
  xLog?: boolean;
  yLog?: boolean;
  /** The plane of a 3-D network's heat map. */
  plane?: number;
  pins: PinnedRun[];
}

/** A chart's options from its choices in the link (defaults filled in) and the pinned runs. */
export function chartOptions(choice: ChartChoice, pins: PinnedRun[]): ChartOptions {
  return {
    overlay: choice.overlay ?? true,
    models: choice.models ?? true,
    ...(choice.xLog !== undefined ? { xLog: choice.xLog } : {}),
    ...(choice.yLog !== undefined ? { yLog: choice.yLog } : {}),
    ...(choice.plane !== undefined ? { plane: choice.plane } : {}),
    pins,
  };
}

export type BuiltChart =
  | { kind: 'line' | 'latency-load'; data: LineChartData }
  | { kind: 'speedup'; data: SpeedupData }
  | { kind: 'stacked-bars'; data: StackedBarData }
  | { kind: 'work-rate-stacks'; data: WorkRateStacksData }
  | { kind: 'channel-heatmap'; data: ChannelHeatmapData }
  | { kind: 'channel-dependencies'; data: DependencyGraphData }
  | { kind: 'timeline'; data: TimelineData };

/** The value of a reference: a constant, `param.<name>`, or a scalar result; NaN if missing. */
export function resolveRef(ref: ValueRefSpec, run: RunView): number {
  if (typeof ref === 'number') return ref;
  if (ref.startsWith('param.')) {
    const value = run.params[ref.slice('param.'.length)];
    return typeof value === 'number' ? value : Number.NaN;
  }
  return run.result.scalars.find((s) => s.name === ref)?.value ?? Number.NaN;
}

const number = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });
const percentNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
/** A fraction as a percentage, spaced as the charts' axes write it: "72.5 %". */
const percent = { format: (value: number) => `${percentNumber.format(value * 100)}\u00a0%` };

const count = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A template's placeholder: `{ref}`, `{ref:%}` or `{ref:yes}`. */
const PLACEHOLDER = /\{([^{}:]+)(?::(%|yes))?\}/g;

/**
 * Fills `{ref}` (a number; whole numbers such as counts in full), `{ref:%}` (a percentage) and
 * `{ref:yes}` (yes for 1, no for 0: a check the run made) placeholders from a run; a value
 * `withheld` holds back (a tour's unrevealed answer) is not. A part in square brackets is left out
 * when a value in it is missing (a machine size the run's sweep left out); elsewhere a missing
 * value is a dash.
 */
export function formatTemplate(
  text: string,
  run: RunView,
  withheld: (value: number) => boolean = () => false,
): string {
  const fill = (part: string) => {
    let missing = false;
    const filled = part.replace(PLACEHOLDER, (_, ref: string, format?: string) => {
      const value = resolveRef(ref, run);
      if (!Number.isFinite(value)) {
        missing = true;
        return '–';
      }
      if (withheld(value)) return WITHHELD;
      if (format === '%') return percent.format(value);
      if (format === 'yes' && (value === 0 || value === 1)) return value === 1 ? 'yes' : 'no';
      return (Number.isInteger(value) ? count : number).format(value);
    });
    return { filled, missing };
  };
  const optional = text.replace(/\[([^[\]]*)\]/g, (_, part: string) => {
    const { filled, missing } = fill(part);
    return missing ? '' : filled;
  });
  return fill(optional).filled;
}

/** The first of a readout's or chart's states (`instead`) that holds in the run. */
export function stateOf<T extends { when: string }>(
  instead: T[] | undefined,
  run: RunView,
): T | undefined {
  return instead?.find((state) => {
    const value = resolveRef(state.when, run);
    return Number.isFinite(value) && value !== 0;
  });
}

/**
 * A readout's value and unit as shown, e.g. "21.3 Gbit/s"; a scalar the engine gives as a
 * fraction shows as a percentage ("100 % of peak"), so the unit is not read as a count. In a
 * state that says otherwise ("deadlocked at cycle 150"), its words.
 */
export function readoutText(readout: Preset['readouts'][number], run: RunView): string {
  const state = stateOf(readout.instead, run);
  if (state?.text) return formatTemplate(state.text, run);
  const value = resolveRef(readout.value, run);
  const fraction =
    typeof readout.value === 'string' &&
    run.result.scalars.find((s) => s.name === readout.value)?.unit === 'fraction';
  const text = Number.isFinite(value) ? (fraction ? percent : number).format(value) : '–';
  // The percent sign stands for the unit 'fraction'.
  const unit = fraction && readout.unit === 'fraction' ? '' : readout.unit;
  return unit ? `${text} ${unit}` : text;
}

/** A readout's detail as shown (its state's, where one holds), or null for none. */
export function readoutDetail(
  readout: Preset['readouts'][number],
  run: RunView,
  withheld?: (value: number) => boolean,
): string | null {
  const state = stateOf(readout.instead, run);
  const detail = state ? state.detail : readout.detail;
  return detail ? formatTemplate(detail, run, withheld) : null;
}

/** Series named exactly, or by a `prefix*` pattern, in the order the patterns list them. */
export function matchSeries(patterns: string[], result: RunResult): SeriesData[] {
  const out: SeriesData[] = [];
  for (const pattern of patterns) {
    const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
    for (const s of result.series) {
      const hit = prefix === null ? s.name === pattern : s.name.startsWith(prefix);
      if (hit && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

type LineSpec = Extract<ChartSpec, { kind: 'line' | 'latency-load' | 'speedup' }>;
type StackedSpec = Extract<ChartSpec, { kind: 'stacked-bars' }>;
type WorkRateSpec = Extract<ChartSpec, { kind: 'work-rate-stacks' }>;

function axis(
  override: LineSpec['x'],
  fallback: { label: string; unit: string },
  choice: boolean | undefined,
): AxisSpec {
  const log = choice ?? override?.scale === 'log';
  const spec: AxisSpec = {
    label: override?.label ?? fallback.label,
    unit: override?.unit ?? fallback.unit,
    scale: log ? 'log' : 'linear',
  };
  // Fixed ends that a log scale cannot show are left to the data.
  if (override?.min !== undefined && !(log && override.min <= 0)) spec.min = override.min;
  if (override?.max !== undefined) spec.max = override.max;
  if (override?.format) spec.format = override.format;
  return spec;
}

/** What a series is of: the key the engine gives it, else its name. */
function seriesKey(s: SeriesData): string {
  return s.key || s.name;
}

const LINE_KINDS: readonly ChartSpec['kind'][] = ['line', 'latency-load', 'speedup'];

/**
 * Palette positions of the keys a run draws in more than one line chart of its preset, in order
 * of first appearance over the charts: each such series keeps one colour in every chart.
 */
function sharedColours(preset: Preset, run: RunView): Map<string, number> {
  const charts = new Map<string, number>();
  for (const spec of preset.charts) {
    if (!LINE_KINDS.includes(spec.kind) || !('series' in spec)) continue;
    const keys = new Set(matchSeries(spec.series, run.result).map(seriesKey));
    for (const key of keys) charts.set(key, (charts.get(key) ?? 0) + 1);
  }
  const shared = new Map<string, number>();
  for (const [key, n] of charts) if (n > 1) shared.set(key, shared.size);
  return shared;
}

/**
 * The palette position of each of a chart's curves, by key: a key shared with another chart of
 * the preset takes its shared position, the others the lowest free ones in order.
 */
function chartColours(curves: SeriesData[], shared: Map<string, number>): Map<string, number> {
  const keys = [...new Set(curves.map(seriesKey))];
  const colours = new Map<string, number>();
  for (const key of keys) {
    const position = shared.get(key);
    if (position !== undefined) colours.set(key, position);
  }
  const taken = new Set(colours.values());
  let next = 0;
  for (const key of keys) {
    if (colours.has(key)) continue;
    while (taken.has(next)) next++;
    colours.set(key, next);
    taken.add(next);
  }
  return colours;
}

/**
 * A chart's simulated curves, then its fitted lines (dashed, in the colour of the curve whose
 * key they carry); `colours` are the current run's, so a pinned run's curves match them.
 */
function lineCurves(
  spec: LineSpec,
  run: RunView,
  colours: Map<string, number>,
  pin?: { index: number; label: string },
) {
  const main = matchSeries(spec.series, run.result);
  const fits = matchSeries(spec.fits ?? [], run.result).filter((s) => !main.includes(s));
  return [...main, ...fits].map((s): Curve => {
    const curve: Curve = {
      id: pin ? `pin${pin.index}-${s.name}` : s.name,
      label: pin ? `${pin.label}: ${s.label}` : s.label,
      points: s.x.map((x, i) => ({ x, y: s.y[i] ?? Number.NaN })),
    };
    const colour = colours.get(seriesKey(s));
    if (colour !== undefined) curve.color = colour;
    if (spec.mode) curve.mode = spec.mode;
    if (fits.includes(s)) {
      curve.mode = 'line';
      curve.model = true;
    }
    if (pin) curve.pinned = true;
    if (spec.saturation) {
      const saturation = resolveRef(spec.saturation.replace('{series}', s.name), run);
      if (Number.isFinite(saturation)) curve.saturationX = saturation;
    }
    return curve;
  });
}

type RuleSpec = NonNullable<LineSpec['rules']>[number];

function resolveRules(rules: RuleSpec[], run: RunView, model?: boolean): Rule[] {
  return rules
    .map((r): Rule => ({ label: r.label, axis: r.axis, value: resolveRef(r.value, run) }))
    .filter((r) => Number.isFinite(r.value))
    .map((r) => (model ? { ...r, model } : r));
}

/**
 * The analytical models' curves, dashed: in the colour of the simulated curve whose key they
 * carry, grey where they are drawn for none.
 */
function modelCurves(spec: LineSpec, run: RunView, colours: Map<string, number>): Curve[] {
  if (!spec.models?.series) return [];
  return matchSeries(spec.models.series, run.result).map((s) => {
    const curve: Curve = {
      id: s.name,
      label: s.label,
      points: s.x.map((x, i) => ({ x, y: s.y[i] ?? Number.NaN })),
      mode: 'line',
      model: true,
    };
    const colour = colours.get(seriesKey(s));
    if (colour !== undefined) curve.color = colour;
    return curve;
  });
}

function sameChart<K extends ChartSpec['kind']>(pin: PinnedRun, spec: ChartSpec, kind: K) {
  const found = pin.preset.charts.find((c) => c.id === spec.id && c.kind === kind);
  return found as Extract<ChartSpec, { kind: K }> | undefined;
}

function currentMarks(spec: LineSpec, run: RunView): Mark[] {
  return (spec.marks ?? [])
    .map((m) => ({
      label: m.label,
      x: resolveRef(m.x, run),
      y: resolveRef(m.y, run),
      kind: 'current' as const,
      ...(spec.marksLegend ? { legend: spec.marksLegend } : {}),
    }))
    .filter((m) => Number.isFinite(m.x) && Number.isFinite(m.y));
}

function buildLine(spec: LineSpec, preset: Preset, run: RunView, options: ChartOptions) {
  const main = matchSeries(spec.series, run.result);
  const first = main[0];
  const colours = chartColours(main, sharedColours(preset, run));
  const curves = lineCurves(spec, run, colours);
  if (options.models) curves.push(...modelCurves(spec, run, colours));
  options.pins.forEach((pin, index) => {
    const pinSpec = sameChart(pin, spec, spec.kind);
    if (pinSpec) {
      curves.push(...lineCurves(pinSpec, pin.run, colours, { index, label: pin.label }));
    }
  });
  const marks: Mark[] = currentMarks(spec, run);
  options.pins.forEach((pin) => {
    const pinSpec = sameChart(pin, spec, spec.kind);
    if (!pinSpec) return;
    for (const m of currentMarks(pinSpec, pin.run)) {
      marks.push({ ...m, label: `${pin.label}: ${m.label}`, pinned: true });
    }
  });
  if (options.overlay) {
    for (const ref of plottedReferences(preset, spec.id)) {
      if (typeof ref.plot.x === 'number') {
        marks.push({
          label: ref.label,
          x: ref.plot.x,
          y: ref.value,
          kind: 'reference',
        });
      }
    }
  }
  const data: LineChartData = {
    x: axis(spec.x, { label: first?.xName ?? 'x', unit: first?.xUnit ?? '' }, options.xLog),
    y: axis(spec.y, { label: first?.yName ?? 'y', unit: first?.yUnit ?? '' }, options.yLog),
    curves,
    marks,
    rules: [
      ...resolveRules(spec.rules ?? [], run),
      ...(options.models ? resolveRules(spec.models?.rules ?? [], run, true) : []),
    ],
  };
  const state = stateOf(spec.instead, run);
  if (state) data.note = formatTemplate(state.text, run);
  if (spec.guides) {
    data.guides = spec.guides.map((g, i) => ({
      id: `guide-${i}`,
      label: g.label,
      slope: resolveRef(g.slope, run),
    }));
  }
  if (spec.kind === 'speedup') {
    return {
      kind: 'speedup' as const,
      data: { ...data, idealSlope: resolveRef(spec.idealSlope ?? 1, run) },
    };
  }
  return { kind: spec.kind, data };
}

function stackedBars(spec: StackedSpec, run: RunView, pin?: string): Bar[] {
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

function buildStacked(spec: StackedSpec, preset: Preset, run: RunView, options: ChartOptions) {
  const bars = stackedBars(spec, run);
  for (const pin of options.pins) {
    const pinSpec = sameChart(pin, spec, 'stacked-bars');
    if (pinSpec) bars.push(...stackedBars(pinSpec, pin.run, pin.label));
  }
  const marks = options.overlay
    ? plottedReferences(preset, spec.id).flatMap((ref) =>
        typeof ref.plot.x === 'string'
          ? [{ label: ref.label, bar: ref.plot.x, value: ref.value }]
          : [],
      )
    : [];
  const { label, unit } = spec.y;
  const y = axis(spec.y, { label, unit }, options.yLog);
  const totals = spec.totals === false ? { totals: false } : {};
  return { kind: 'stacked-bars' as const, data: { y, bars, marks, ...totals } };
}

function workRateBars(spec: WorkRateSpec, run: RunView, pin?: string): Bar[] {
  return matchSeries(spec.series, run.result).map((s) => {
    const bar: Bar = {
      label: pin ? `${pin}: ${s.label}` : s.label,
      segments: s.y.map((value, i) => ({
        key: `pe${s.x[i] ?? i}`,
        label: `${s.xName} ${s.x[i] ?? i}`,
        value,
      })),
    };
    if (pin) bar.pinned = true;
    return bar;
  });
}

function buildWorkRate(spec: WorkRateSpec, run: RunView, options: ChartOptions) {
  const bars = workRateBars(spec, run);
  let processors = resolveRef(spec.processors, run);
  for (const pin of options.pins) {
    const pinSpec = sameChart(pin, spec, 'work-rate-stacks');
    if (!pinSpec) continue;
    bars.push(...workRateBars(pinSpec, pin.run, pin.label));
    processors = Math.max(processors, resolveRef(pinSpec.processors, pin.run));
  }
  return {
    kind: 'work-rate-stacks' as const,
    // The engine names its processors as each series' x: PE, IU, worker.
    data: {
      processors,
      processor: matchSeries(spec.series, run.result)[0]?.xName ?? 'processor',
      bars,
    },
  };
}

/**
 * The network the spec names, drawn from the engine's description: on its grid where its routers
 * have x coordinates, else as its graph. A run that has not described it yet draws no channels.
 */
function buildHeatmap(
  spec: Extract<ChartSpec, { kind: 'channel-heatmap' }>,
  run: RunView,
  plane: number,
) {
  const network = findNetwork(run.result, spec.network);
  if (!network) {
    const none: ChannelHeatmapData = { dims: [1], torus: false, channels: [], plane };
    return { kind: 'channel-heatmap' as const, data: none };
  }
  return { kind: 'channel-heatmap' as const, data: networkHeatmapData(network, spec.value, plane) };
}

/** The spec's timeline: the engine's bins and rows, the states in the spec's order. */
function buildTimeline(spec: Extract<ChartSpec, { kind: 'timeline' }>, run: RunView) {
  const timeline = findTimeline(run.result, spec.timeline);
  const edges = timeline?.edges ?? new Float64Array();
  const bins = Math.max(0, edges.length - 1);
  const rows = timeline?.rows ?? [];
  const states = timeline?.states ?? [];
  const data: TimelineData = {
    time: { label: 'time', unit: timeline?.timeUnit ?? '', scale: 'linear' },
    end: edges[bins] ?? 1,
    states: spec.states.map(({ key, label }) => ({ key, label })),
    rows: rows.map((label, r) => ({
      label,
      fractions: spec.states.map(({ key }) => {
        const s = states.indexOf(key);
        if (s < 0 || !timeline) return [];
        const start = (r * states.length + s) * bins;
        return Array.from(timeline.shares.subarray(start, start + bins));
      }),
    })),
  };
  return { kind: 'timeline' as const, data };
}

/** The chart data for one spec of `preset`, drawn from `run` and the pinned runs. */
export function buildChart(
  spec: ChartSpec,
  preset: Preset,
  run: RunView,
  options: ChartOptions,
): BuiltChart {
  switch (spec.kind) {
    case 'line':
    case 'latency-load':
    case 'speedup':
      return buildLine(spec, preset, run, options);
    case 'stacked-bars':
      return buildStacked(spec, preset, run, options);
    case 'work-rate-stacks':
      return buildWorkRate(spec, run, options);
    case 'channel-heatmap':
      return buildHeatmap(spec, run, options.plane ?? 0);
    case 'timeline':
      return buildTimeline(spec, run);
    case 'channel-dependencies':
      return {
        kind: 'channel-dependencies',
        data: dependencyGraphData(findNetwork(run.result, spec.network)),
      };
  }
}

/**
 * A chart's points in the order of the run's sweep, labelled as the chart reads them: the x of
 * the run's own curve with the most points (a latency curve loses its saturated tail, which
 * comes last), or the run's bars. Empty for a chart of one run (a heat map, a timeline).
 */
export function watchPoints(chart: BuiltChart): string[] {
  if (chart.kind === 'line' || chart.kind === 'latency-load' || chart.kind === 'speedup') {
    const own = chart.data.curves.filter((c) => !c.pinned && !c.model);
    const longest = own.reduce<(typeof own)[number] | undefined>(
      (a, c) => (a && a.points.length >= c.points.length ? a : c),
      undefined,
    );
    const x = chart.data.x;
    return (longest?.points ?? []).map((p) => `${x.label} ${formatReadable(p.x, x)}`);
  }
  if (chart.kind === 'stacked-bars' || chart.kind === 'work-rate-stacks') {
    return chart.data.bars.filter((b) => !b.pinned).map((b) => b.label);
  }
  return [];
}

/** The points a chart's trace view can open at: those of the chart its watch names, or its own. */
export function sweepPoints(spec: ChartSpec, preset: Preset, run: RunView): string[] {
  if (!spec.watch) return [];
  const named = preset.charts.find((c) => c.id === (spec.watch?.points ?? spec.id)) ?? spec;
  return watchPoints(buildChart(named, preset, run, chartOptions({}, [])));
}
