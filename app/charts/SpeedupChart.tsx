import type { ChartProps, ChartSize } from './ChartBox';
import type { Guide, SpeedupData } from '../results/chart_data';
import { chartsT } from '../results/words';
import { lineChartGeometry } from './line_geometry';
import { describeLineChart } from './line_words';
import { LinePlot } from './LinePlot';
import { useChartSize } from './use_measured_width';

function idealGuide(data: SpeedupData): Guide {
  return { id: 'ideal', label: chartsT('line.ideal'), slope: data.idealSlope };
}

/** The line-chart geometry plus the ideal line y = idealSlope · x across the x domain. */
export function speedupGeometry(data: SpeedupData, size: ChartSize) {
  return lineChartGeometry(data, size, [idealGuide(data)]);
}

/** Speedup (or rate) against processors, one curve per grain or depth, with the ideal dashed. */
export function SpeedupChart({
  data,
  description,
  width,
  height,
  fontSize,
  ...rest
}: ChartProps<SpeedupData>) {
  const { ref, size } = useChartSize(width, height, fontSize);
  return (
    <LinePlot
      {...rest}
      description={description ?? describeLineChart(data, [idealGuide(data)])}
      geometry={speedupGeometry(data, size)}
      boxRef={ref}
    />
  );
}
