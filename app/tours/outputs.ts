// What of its runs a tour's step shows (its `outputs`): only some charts, some of a chart's
// curves, some readouts, the model-vs-paper table or not. Pure: the page and the walker share it.
import { z } from 'zod';

import type { ChartSpec } from '../presets/schema';
import { namesMeet } from '../presets/problems';
import { ChartId } from '../link/url_state';

/** What of its runs a tour's step shows (a step's `outputs`); a kind left out: all of it. */
export const StepOutputs = z
  .object({
    /** A chart by its id, or with only the curves named (a curve chart's series or fits). */
    charts: z
      .array(
        z.union([
          ChartId,
          z.object({ chart: ChartId, series: z.array(z.string().min(1)).min(1) }).strict(),
        ]),
      )
      .optional(),
    readouts: z.array(z.number().int().nonnegative()).optional(),
    table: z.boolean().optional(),
    /**
     * "How the model is set": what each calibrated cost was fitted on. A step shows it only when
     * it says so: a calibration names the paper's measurement, which a later question may ask.
     */
    basis: z.boolean().optional(),
  })
  .strict();

export type StepOutputsSpec = z.infer<typeof StepOutputs>;

/**
 * Which charts, curves, readouts and tables of a run the page shows: everything outside a tour
 * (`outputs` undefined), what the step names in one.
 */
export interface Shown {
  chart(id: string): boolean;
  /** The chart as the step draws it: only the curves the step names (a curve chart's spec). */
  spec<S extends ChartSpec>(spec: S): S;
  readout(index: number): boolean;
  table: boolean;
  /** The costs' calibrations ("How the model is set"). */
  basis: boolean;
}

type ChartOutput = NonNullable<StepOutputsSpec['charts']>[number];

const chartId = (c: ChartOutput) => (typeof c === 'string' ? c : c.chart);

/** The names of `patterns` (exact or `prefix*`) that one of `names` meets. */
function meeting(patterns: string[] | undefined, names: string[]): string[] {
  return names.filter((n) => (patterns ?? []).some((p) => namesMeet(p, n)));
}

export function shownBy(outputs: StepOutputsSpec | undefined): Shown {
  const charts = outputs?.charts;
  return {
    chart: (id) => charts?.some((c) => chartId(c) === id) ?? true,
    spec(spec) {
      const named = charts?.find((c) => chartId(c) === spec.id);
      if (!named || typeof named === 'string' || !('series' in spec)) return spec;
      const { series } = named;
      const drawn = { ...spec, series: meeting(spec.series, series) };
      if ('fits' in drawn && drawn.fits) drawn.fits = meeting(drawn.fits, series);
      if ('models' in drawn && drawn.models?.series)
        drawn.models = { ...drawn.models, series: meeting(drawn.models.series, series) };
      return drawn;
    },
    readout: (index) => outputs?.readouts?.includes(index) ?? true,
    table: outputs?.table ?? true,
    basis: outputs === undefined || outputs.basis === true,
  };
}

/** Every curve a curve chart may draw, by the patterns its spec names. */
export function curvePatterns(spec: ChartSpec): string[] {
  if (!('series' in spec)) return [];
  const fits = 'fits' in spec ? (spec.fits ?? []) : [];
  const models = 'models' in spec ? (spec.models?.series ?? []) : [];
  return [...spec.series, ...fits, ...models];
}
