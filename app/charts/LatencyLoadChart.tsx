import type { ChartProps } from './ChartBox';
import type { LatencyLoadData } from './chart_data';
import { describeLineChart, LinePlot, lineChartGeometry } from './LineChart';
import { useChartSize } from './use_measured_width';

/**
 * Latency against offered or accepted load, one curve per message length or variant; each
 * curve's saturationX is marked on it. Axis scales are the data's (linear unless it says log).
 */
export function LatencyLoadChart({
  name,
  title,
  description,
  data,
  width,
  height,
}: ChartProps<LatencyLoadData>) {
  const { ref, size } = useChartSize(width, height);
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
