// The curve kinds' preset fields, one schema for all three as they take the same fields: a line
// chart, a latency-load curve and a speed-up (with the slope of its ideal line).
import { z } from 'zod';

import {
  AxisOverride,
  InsteadBase,
  RuleSpec,
  SeriesPattern,
  ValueRef,
  chartBase,
  chartSpec,
} from '../fields';

export const curvesSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['line', 'latency-load', 'speedup']),
      series: SeriesPattern,
      /**
       * Lines fitted to the curves (`prefix*` patterns), drawn dashed in the colour of the curve
       * whose key (the engine's Series.key) they carry.
       */
      fits: SeriesPattern.optional(),
      mode: z.enum(['line', 'points', 'line+points']).optional(),
      x: AxisOverride.optional(),
      y: AxisOverride.optional(),
      marks: z
        .array(z.object({ label: z.string().min(1), x: ValueRef, y: ValueRef }).strict())
        .optional(),
      /** What the legend calls the marks: "current" (points of this run's configuration) unless set. */
      marksLegend: z.string().min(1).optional(),
      rules: z.array(RuleSpec).optional(),
      /** Dashed lines y = slope x through the origin: accepted = offered load. */
      guides: z.array(z.object({ label: z.string().min(1), slope: ValueRef }).strict()).optional(),
      /**
       * Analytical models the engine computes beside the simulation, drawn dashed with a "Models"
       * toggle: curves (series named as `series` are; in the colour of the curve whose key they
       * carry, else grey) and rules (grey). One that a run lacks (a model of another topology) is
       * left out.
       */
      models: z
        .object({ series: SeriesPattern.optional(), rules: z.array(RuleSpec).optional() })
        .strict()
        .optional(),
      /** Scalar holding a curve's saturation load, `{series}` standing for the series name. */
      saturation: z.string().includes('{series}').optional(),
      /** Speedup charts: slope of the dashed ideal line. */
      idealSlope: ValueRef.optional(),
      /**
       * A sentence drawn across the plot while its state holds, saying why the plot is empty (a
       * template as a readout's `detail`); the first that holds is drawn.
       */
      instead: z
        .array(z.object({ ...InsteadBase, text: z.string().min(1) }).strict())
        .min(1)
        .optional(),
    })
    .strict(),
  (chart, path, names) => {
    names.series(`${path}.series`, chart.series);
    names.series(`${path}.fits`, chart.fits);
    names.series(`${path}.models.series`, chart.models?.series);
    (chart.marks ?? []).forEach((m, j) => {
      names.scalar(`${path}.marks.${j}.x`, m.x);
      names.scalar(`${path}.marks.${j}.y`, m.y);
    });
    [...(chart.rules ?? []), ...(chart.models?.rules ?? [])].forEach((r, j) => {
      names.scalar(`${path}.rules.${j}.value`, r.value);
      names.states(`${path}.rules.${j}.instead`, r.instead ?? []);
    });
    (chart.guides ?? []).forEach((g, j) => names.scalar(`${path}.guides.${j}.slope`, g.slope));
    names.scalar(`${path}.idealSlope`, chart.idealSlope);
    if (chart.saturation) {
      names.scalar(`${path}.saturation`, chart.saturation.replace('{series}', '*'));
    }
    names.states(`${path}.instead`, chart.instead ?? []);
  },
);
