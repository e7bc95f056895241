// The data every shared chart draws: plain numbers and labels, no engine or preset types, so a
// chart can be fed from a run, from a pinned run or from a fixture.
import { i18n } from '../i18n/i18n';

export type ScaleKind = 'linear' | 'log';

export interface AxisSpec {
  /** What the axis measures, e.g. "one-way latency". */
  label: string;
  /** Unit shown after the label, e.g. "cycles"; empty for a pure number. */
  unit: string;
  scale: ScaleKind;
  /** Fixed ends of the domain; absent ends come from the data (and, for linear scales, zero). */
  min?: number;
  max?: number;
  /** How tick values and read-outs print, e.g. as a percentage of 1. */
  format?: 'number' | 'percent';
  /** Every value is a whole number (PEs, depths): a linear axis ticks whole numbers only. */
  whole?: boolean;
  /** Every value is a power of two (1, 2, 4 … 512 nodes): a log axis ticks at the powers. */
  binary?: boolean;
}

/** The unit of an axis's values as the run holds them: 'fraction' for a percentage. */
export function axisUnit(axis: AxisSpec): string {
  return axis.format === 'percent' ? 'fraction' : axis.unit;
}

export interface Point {
  x: number;
  y: number;
}

/** What is printed in place of a withheld value, in the reader's language. */
export function withheldWords(): string {
  return i18n.t('withheld', { ns: 'charts' });
}

/** One curve of a line chart. */
export interface Curve {
  /** Stable across runs (a series name), used for keys and colour assignment. */
  id: string;
  label: string;
  points: Point[];
  /** 'line' joins the points; 'points' draws markers only (scatter); 'line+points' both. */
  mode?: 'line' | 'points' | 'line+points';
  /**
   * Position in the series palette (seriesColor), which the chart builder keeps for one series
   * in every chart of a preset and in pinned runs. Absent: by position among the chart's
   * simulated curves (a pinned curve as the current curve with its id, a model grey).
   */
  color?: number;
  /** A curve from a pinned earlier run, drawn lighter and dashed for comparison. */
  pinned?: boolean;
  /**
   * An analytical model's curve or a line fitted to a curve (not a simulation), drawn dashed in
   * its `color`: the colour of the simulated curve it is drawn for, grey where there is none.
   */
  model?: boolean;
  /** The x where this curve saturates (latency-vs-load), marked on the curve. */
  saturationX?: number;
}

/** A labelled point on the plot: the current configuration, or one of the paper's values. */
export interface Mark {
  label: string;
  x: number;
  y: number;
  kind: 'current' | 'reference';
  /** What the legend calls a mark of the run that is not its configuration ("sequential time"). */
  legend?: string;
  /** The current point of a pinned earlier run, drawn faded. */
  pinned?: boolean;
}

/** A horizontal (axis 'y') or vertical (axis 'x') line across the plot. */
export interface Rule {
  label: string;
  axis: 'x' | 'y';
  value: number;
  /** An analytical model's bound or value, drawn grey and dashed like the model curves. */
  model?: boolean;
  /** The run's output (or parameter) it draws, where it draws one: a scalar's name. */
  source?: string;
}

/** A straight reference line y = slope · x across the whole x domain, listed in the legend. */
export interface Guide {
  id: string;
  label: string;
  slope: number;
}

/** Generic line/scatter chart; also the base of the latency-vs-load and speedup charts. */
export interface LineChartData {
  x: AxisSpec;
  y: AxisSpec;
  curves: Curve[];
  marks?: Mark[];
  rules?: Rule[];
  /** Lines through the origin the curves are read against (accepted = offered load). */
  guides?: Guide[];
  /** A sentence across the plot saying why it has no data (a load that deadlocked). */
  note?: string;
}

/** Latency against offered or accepted load: one curve per message length or variant. */
export type LatencyLoadData = LineChartData;

/** Speedup (or rate) against processors, one curve per grain or depth, ideal line dashed. */
export interface SpeedupData extends LineChartData {
  /** The ideal line is y = idealSlope * x (1 for speedup, the one-processor rate for a rate). */
  idealSlope: number;
}

export interface Segment {
  /** Stable key: the same key has the same colour in every bar. */
  key: string;
  label: string;
  value: number;
}

export interface Bar {
  label: string;
  segments: Segment[];
  pinned?: boolean;
}

/** One stacked bar per configuration; a reference mark's x is a bar label. */
export interface StackedBarData {
  y: AxisSpec;
  bars: Bar[];
  /** Reference values drawn as ticks on the bars whose label they name. */
  marks?: { label: string; bar: string; value: number }[];
  /** false: no total printed above the bars (shares of one whole); printed by default. */
  totals?: boolean;
  /** Sentences above the plot that say how to read the bars (why two read the same). */
  notes?: string[];
}

/**
 * Work-rate stacks: one bar per configuration, one segment per processor holding its work rate
 * (0..1), drawn on a 0 .. N x 100 % scale, the average work rate as a line.
 */
export interface WorkRateStacksData {
  /** Processors per bar; the scale is 0 .. processors x 100 %. */
  processors: number;
  /** What one processor is called ("PE", "IU", "worker"), as the bars' segments are labelled. */
  processor: string;
  bars: Bar[];
}

/** The data of any chart as a table: the "show data as table" view and the CSV export. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One channel between two routers of a k-ary n-cube, from the engine's description of the
 * network: the routers' coordinates (x, y, z; 0 past the cube's dimensions).
 */
export interface CubeChannel {
  from: [number, number, number];
  to: [number, number, number];
  /** Its direction as the engine names it, e.g. "+x". */
  direction: string;
  /** It wraps around the edge of a torus (so it runs against the step from `from` to `to`). */
  wrap: boolean;
  /** The share of cycles it was busy; null where there is no data. */
  value: number | null;
}

/** Channel utilization of a k-ary n-cube, one plane at a time. */
export interface ChannelHeatmapData {
  /** Radix per dimension, x, y and z (a cube of more is drawn as a graph on a grid of arcs). */
  dims: number[];
  torus: boolean;
  /** Every channel between routers, as the engine lists them. */
  channels: CubeChannel[];
  /** The z index of the plane drawn (0 for fewer than 3 dimensions). */
  plane: number;
  /** Any other network (a fly, a crossbar, a router network) as its graph of channels. */
  graph?: ChannelGraph;
  /** What the channels' values measure, as the engine names it; absent: utilization. */
  quantity?: string;
  /** Nodes the run singles out (the hot spot of hotspot traffic), ringed where drawn. */
  marks?: NodeMark[];
  /** Terminals sharing each router (a concentrated cube's c), where more than 1. */
  concentration?: number;
  /** The colour scale's top where it spans more than these values (the spec's scaleWith). */
  top?: number;
}

/** A node of a cube the run singles out, at its coordinates, and what it is. */
export interface NodeMark {
  at: [number, number, number];
  label: string;
}

/** One channel, from a router to a router or a terminal, with its utilization (null: no data). */
export interface GraphChannel {
  from: number;
  /** A router index, or routers + t for terminal t. */
  to: number;
  value: number | null;
}

/** A network as routers (switches), terminals and the channels out of the routers. */
export interface ChannelGraph {
  /** The colour scale's top where it spans more than these values (the spec's scaleWith). */
  top?: number;
  routers: number;
  terminals: number;
  channels: GraphChannel[];
  /**
   * A lone crossbar's crosspoints: the use of input i to output o at i * terminals + o, as a
   * share of the output's rate (null: no data); drawn as the N x N matrix instead of the graph.
   */
  crosspoints?: (number | null)[];
  /**
   * How its drawing places the routers, from the network's declared drawing (results/drawing/);
   * absent: switches in columns by their distance from the terminals.
   */
  layout?: GraphLayout;
  /** The network's shape as the engine names it, for the words ("fat tree"). */
  shape?: string;
}

/** The places of a graph's routers, by the kind of its drawing. */
export type GraphLayout = GroupsLayout | TreeLayout | ArcGridLayout;

/** A tree's switches: per router its level (0 the top) and place in the level. */
export interface TreeLayout {
  kind: 'tree';
  levels: number;
  level: number[];
  index: number[];
}

/**
 * Routers on a grid by their coordinates, each dimension's channels drawn as arcs: between every
 * two routers of a row (`wholeRows`), or between neighbours, the dimensions folded onto the
 * plane.
 */
export interface ArcGridLayout {
  kind: 'arc grid';
  /** Every two routers of a row joined (else neighbours only). */
  wholeRows: boolean;
  /** Routers along each dimension. */
  radix: number[];
  /** Per router: its coordinate in each dimension. */
  position: number[][];
  /** By the graph's channels: the dimension a channel between routers runs in, else -1. */
  dimension: number[];
}

/** Groups of routers: per router its group and place in it, per channel whether between groups. */
export interface GroupsLayout {
  kind: 'groups';
  groups: number;
  group: number[];
  index: number[];
  /** By the graph's channels: a global channel (between groups), else local or a terminal's. */
  global: boolean[];
}

/** What a processor is doing in a timeline: the states are stacked in this order in each bin. */
export interface TimelineState {
  /** Stable key, e.g. 'busy'; the same key has the same colour in every row. */
  key: string;
  label: string;
}

/**
 * A per-processor timeline of one run: time cut into equal bins over [0, end], and for each
 * processor the fraction of each bin spent in each state. Whatever the states leave of a bin is
 * idle time.
 */
export interface TimelineData {
  /** The time axis (label and unit; the scale is linear from 0 to `end`). */
  time: AxisSpec;
  end: number;
  states: TimelineState[];
  /** One row per processor; `fractions[s][b]` is the share of bin b spent in state s. */
  rows: { label: string; fractions: number[][] }[];
}
