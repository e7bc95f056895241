// Bars of named segments, each a value of the run.
import { z } from 'zod';

import { AxisOverride, ValueRef, chartBase, chartSpec } from '../fields';

export const stackedBarsSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['stacked-bars']),
      y: AxisOverride.extend({ label: z.string().min(1), unit: z.string() }),
      /** Print each bar's total above it (the default); false for shares of one whole (100 %). */
      totals: z.boolean().optional(),
      /**
       * Said above the plot while the run's bars all read the same (each segment to a part in
       * 10^9): why they do, where a reader would expect them to differ (a what-if whose
       * speed-ups are all alike draws the measured bar again).
       */
      sameNote: z.string().min(1).optional(),
      bars: z
        .array(
          z
            .object({
              label: z.string().min(1),
              /** Every segment is divided by this (e.g. to show costs in units of one reduction). */
              divideBy: ValueRef.optional(),
              segments: z
                .array(
                  z
                    .object({ key: z.string().min(1), label: z.string().min(1), value: ValueRef })
                    .strict(),
                )
                .min(1),
            })
            .strict(),
        )
        .min(1),
    })
    .strict(),
  (chart, path, names) =>
    chart.bars.forEach((bar, j) => {
      names.scalar(`${path}.bars.${j}.divideBy`, bar.divideBy);
      bar.segments.forEach((seg, k) =>
        names.scalar(`${path}.bars.${j}.segments.${k}.value`, seg.value),
      );
    }),
);
