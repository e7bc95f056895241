// What a chart kind is: one file a kind in this folder gives each part below, and registry.ts
// lists them. Its preset fields (zod) and the outputs they name are in app/presets/chart_specs/,
// two rooms down, because the preset schema cannot reach up to the components drawn here.
import type { ReactElement } from 'react';

import type { ChartProps } from '../charts/ChartBox';
import type { TableWords } from '../charts/table_words';
import type { ChartOptions, RunView } from '../results/chart_builder';
import type { AxisSpec, ChartTable } from '../results/chart_data';
import type { SideNames } from '../results/side_figure';
import type { ChartKindName } from '../presets/chart_specs';
import type { ChartSpec, Preset } from '../presets/schema';

/**
 * A chart spec of kind K. An intersection, not Extract: kinds that share one schema (the curves)
 * share one member of ChartSpec, whose kind is their union.
 */
export type SpecOf<K extends ChartKindName> = ChartSpec & { kind: K };

/** What a chart is built from, besides its spec. */
export interface BuildContext {
  preset: Preset;
  run: RunView;
  options: ChartOptions;
  /** Palette positions of the series keys more than one chart of the preset draws. */
  sharedColours(): Map<string, number>;
}

/** Axis ends, from the data of both sides of side by side. */
export interface AxisEnds {
  x?: [number, number];
  y?: [number, number];
}

/** The values a chart's axes must show (y always; x where the chart has a value axis there). */
export interface Extent {
  x?: { spec: AxisSpec; values: number[] };
  y: { spec: AxisSpec; values: number[] };
}

/** A number a chart draws, in its unit ('fraction' for a share drawn as a percentage). */
export interface Drawn {
  value: number;
  unit: string;
  /** What it is, for a message: "null RPC at 21", "node 3: busy". */
  label: string;
  /** The run's output it is a value of (a curve's series), where the chart knows it. */
  source?: string;
  /** Drawn as a colour among many (a map's channel, a timeline's bin), read only by pointing. */
  shade?: boolean;
}

/** A chart kind: how a run becomes its data `D`, and what the page does with that data. */
export interface ChartKind<K extends ChartKindName, D> {
  /** The chart's data from its spec, the run and the pinned runs. */
  build(spec: SpecOf<K>, context: BuildContext): D;
  /**
   * The shared component that draws it, as an element (ChartView returns it, so the page's tree
   * is the component's own); `height` is for the kinds drawn to a height.
   */
  draw(props: ChartProps<D>): ReactElement;
  /** The plotted data as a table in `words`: the page's for the table view, an export's for CSV. */
  table(data: D, words: TableWords): ChartTable;
  /** The keys of the series it colours, which keep one colour in every chart of a preset. */
  colourKeys?(spec: SpecOf<K>, run: RunView): string[];
  /** Its points in the order of the run's sweep, as it labels them (a trace view opens at one). */
  points?(data: D): string[];
  /** The place among `points` of the point at sweep value `x`, or -1. */
  pointAt?(data: D, x: number): number;
  /** Axes that side by side gives the same ends on both sides. */
  axes?: { extent(data: D): Extent; fix(data: D, ends: AxisEnds): D };
  /** Both sides' charts as one chart of both runs; null where they cannot share one plot. */
  merge?(left: D, right: D, names: SideNames): D | null;
  /**
   * Every outcome it draws as a number in a unit: what a tour's walker compares with the answers
   * of the tour's questions, which nothing drawn before their reveal may come near.
   */
  drawn(data: D): Drawn[];
  /** The axes a reader may switch between linear and log. */
  logAxes?(data: D): { x: AxisSpec; y: AxisSpec };
  /** The planes (z) of a 3-D chart a reader picks from; null for a chart of one plane. */
  planes?(data: D): number | null;
}
