// A network's channels coloured by a measured value.
import { z } from 'zod';

import { chartBase, chartSpec } from '../fields';

export const channelHeatmapSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['channel-heatmap']),
      /** The network output drawn: the engine's description of it, channel by channel. */
      network: z.string().min(1),
      /** The channels' column holding what the run measured (utilization, occupancy). */
      value: z.string().min(1),
      /**
       * Another column the colour scale also spans, so two maps of one network (measured and
       * modelled) read on one scale.
       */
      scaleWith: z.string().min(1).optional(),
    })
    .strict(),
  (chart, path, names) => names.output(`${path}.network`, 'network', chart.network),
);
