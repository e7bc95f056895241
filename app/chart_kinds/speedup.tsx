// A speed-up chart: curves against the machine size, with the dashed ideal line.
import { buildCurves, curveParts } from './curves';
import type { ChartKind } from './kind';
import { SpeedupChart } from '../charts/SpeedupChart';
import { resolveRef } from '../results/chart_builder';
import type { SpeedupData } from '../results/chart_data';
import { mergeLines } from '../results/side_figure';

export const speedupKind: ChartKind<'speedup', SpeedupData> = {
  ...curveParts,
  build: (spec, context) => ({
    ...buildCurves(spec, context),
    idealSlope: resolveRef(spec.idealSlope ?? 1, context.run),
  }),
  draw: (props) => <SpeedupChart {...props} />,
  merge: (left, right, names) => {
    const data = mergeLines(left, right, names);
    return data ? { ...data, idealSlope: left.idealSlope } : null;
  },
};
