import type { BuiltChart } from './registry';
import { chartKind } from './registry';

/**
 * Draws a built chart with the shared component of its kind; `width` fixes its width in px,
 * `height` the height of the kinds drawn to a height (the others follow their width).
 */
export function ChartView({
  name,
  title,
  chart,
  width,
  height,
  fontSize,
}: {
  name: string;
  title: string;
  chart: BuiltChart;
  width?: number;
  height?: number;
  /** Text size; without it the chart's own for its width. */
  fontSize?: number;
}) {
  return chartKind(chart.kind).draw({ name, title, data: chart.data, width, height, fontSize });
}
