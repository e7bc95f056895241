// Each processor's time in its states, bin by bin.
import { z } from 'zod';

import { chartBase, chartSpec } from '../fields';

export const timelineSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['timeline']),
      /** The timeline output drawn: one row per processor. */
      timeline: z.string().min(1),
      /** The timeline's states stacked in each processor's band, bottom first, by `key`. */
      states: z
        .array(z.object({ key: z.string().min(1), label: z.string().min(1) }).strict())
        .min(1),
    })
    .strict(),
  (chart, path, names) => names.output(`${path}.timeline`, 'timeline', chart.timeline),
);
