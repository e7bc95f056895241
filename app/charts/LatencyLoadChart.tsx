import type { ChartProps } from './ChartBox';
import type { LatencyLoadData } from '../results/chart_data';
import { LineChart } from './LineChart';

/**
 * Latency against offered or accepted load, one curve per message length or variant; each
 * curve's saturationX is marked on it. Axis scales are the data's (linear unless it says log).
 */
export function LatencyLoadChart(props: ChartProps<LatencyLoadData>) {
  return <LineChart {...props} />;
}
