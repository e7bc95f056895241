// A network's channel-dependency graph, its cycles marked.
import { z } from 'zod';

import { chartBase, chartSpec } from '../fields';

export const channelDependenciesSpec = chartSpec(
  z
    .object({
      ...chartBase,
      kind: z.enum(['channel-dependencies']),
      /** The network output holding the channel-dependency graph (its dependencies table). */
      network: z.string().min(1),
    })
    .strict(),
  (chart, path, names) => names.output(`${path}.network`, 'network', chart.network),
);
