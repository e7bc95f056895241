// A line chart: the run's series against a swept x, as the preset's curve spec names them.
import { buildCurves, curveParts } from './curves';
import type { ChartKind } from './kind';
import { LineChart } from '../charts/LineChart';
import type { LineChartData } from '../results/chart_data';
import { mergeLines } from '../results/side_figure';

export const lineKind: ChartKind<'line', LineChartData> = {
  ...curveParts,
  build: buildCurves,
  draw: (props) => <LineChart {...props} />,
  merge: mergeLines,
};
