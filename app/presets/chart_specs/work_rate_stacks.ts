// Each processor's work rate stacked, one bar a configuration.
import { z } from 'zod';

import { SeriesPattern, ValueRef, chartBase, chartSpec } from '../fields';

export const workRateStacksSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['work-rate-stacks']),
      series: SeriesPattern,
      processors: ValueRef,
    })
    .strict(),
  (chart, path, names) => {
    names.series(`${path}.series`, chart.series);
    names.scalar(`${path}.processors`, chart.processors);
  },
);
