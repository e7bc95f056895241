// A latency-load curve: latency against the offered load, each curve to its saturation.
import { buildCurves, curveParts } from './curves';
import type { ChartKind } from './kind';
import { LatencyLoadChart } from '../charts/LatencyLoadChart';
import type { LatencyLoadData } from '../results/chart_data';
import { mergeLines } from '../results/side_figure';

export const latencyLoadKind: ChartKind<'latency-load', LatencyLoadData> = {
  ...curveParts,
  build: buildCurves,
  draw: (props) => <LatencyLoadChart {...props} />,
  merge: mergeLines,
};
