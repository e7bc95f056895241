// Every chart kind's preset fields, one file a kind in chart_specs/ (what a preset may say of a
// chart and which outputs of the run it names); what a kind draws is in app/chart_kinds/. A new
// kind is its file there and one entry in this list, and one in chart_kinds/registry.ts.
import { z } from 'zod';

import { channelDependenciesSpec } from './chart_specs/channel_dependencies';
import { channelHeatmapSpec } from './chart_specs/channel_heatmap';
import { curvesSpec } from './chart_specs/curves';
import { stackedBarsSpec } from './chart_specs/stacked_bars';
import { timelineSpec } from './chart_specs/timeline';
import { workRateStacksSpec } from './chart_specs/work_rate_stacks';
import type { ChartSpecKind, OutputNames } from './fields';

const SPECS = [
  curvesSpec,
  stackedBarsSpec,
  workRateStacksSpec,
  channelHeatmapSpec,
  timelineSpec,
  channelDependenciesSpec,
] as const;

type SchemaOf<T> = T extends ChartSpecKind<infer S> ? S : never;
type Schemas<T extends readonly unknown[]> = { -readonly [I in keyof T]: SchemaOf<T[I]> };

// map keeps the list's order but not its tuple type, which zod's union is typed by.
export const ChartSpecSchema = z.discriminatedUnion(
  'kind',
  SPECS.map((s) => s.schema) as Schemas<typeof SPECS>,
);

export type ChartSpec = z.infer<typeof ChartSpecSchema>;
/** The chart kinds a preset may name. */
export type ChartKindName = ChartSpec['kind'];

/** Reports to `names` every output of the run that a chart spec names. */
export function chartOutputs(chart: ChartSpec, path: string, names: OutputNames): void {
  for (const spec of SPECS) spec.outputs(chart, path, names);
}
