import type { ChartProps } from './ChartBox';
import type { LineChartData } from '../results/chart_data';
import { lineChartGeometry } from './line_geometry';
import { describeLineChart } from './line_words';
import { LinePlot } from './LinePlot';
import { useChartSize } from './use_measured_width';

/** Line or scatter chart of any number of curves, with marks, rules and saturation markers. */
export function LineChart({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<LineChartData>) {
  const { ref, size } = useChartSize(width, height, fontSize);
  return (
    <LinePlot
      name={name}
      title={title}
      description={description ?? describeLineChart(data)}
      geometry={lineChartGeometry(data, size)}
      boxRef={ref}
    />
  );
}
