import { ChannelDependencyGraph } from './ChannelDependencyGraph';
import { ChannelGraphMap } from './ChannelGraphMap';
import { CrosspointMap } from './CrosspointMap';
import { ChannelHeatmap } from './ChannelHeatmap';
import { LatencyLoadChart } from './LatencyLoadChart';
import { LineChart } from './LineChart';
import { SpeedupChart } from './SpeedupChart';
import { StackedBarChart } from './StackedBarChart';
import { TimelineChart } from './TimelineChart';
import { WorkRateStacks } from './WorkRateStacks';
import type { ChartTable } from '../results/chart_data';
import {
  channelHeatmapTable,
  lineChartTable,
  stackedBarTable,
  timelineTable,
  workRateStacksTable,
} from './chart_table';
import type { BuiltChart } from '../results/chart_builder';

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
}: {
  name: string;
  title: string;
  chart: BuiltChart;
  width?: number;
  height?: number;
}) {
  switch (chart.kind) {
    case 'line':
      return (
        <LineChart name={name} title={title} data={chart.data} width={width} height={height} />
      );
    case 'latency-load':
      return (
        <LatencyLoadChart
          name={name}
          title={title}
          data={chart.data}
          width={width}
          height={height}
        />
      );
    case 'speedup':
      return (
        <SpeedupChart name={name} title={title} data={chart.data} width={width} height={height} />
      );
    case 'stacked-bars':
      return (
        <StackedBarChart
          name={name}
          title={title}
          data={chart.data}
          width={width}
          height={height}
        />
      );
    case 'work-rate-stacks':
      return (
        <WorkRateStacks name={name} title={title} data={chart.data} width={width} height={height} />
      );
    case 'channel-heatmap':
      return chart.data.graph?.crosspoints ? (
        <CrosspointMap name={name} title={title} data={chart.data} width={width} />
      ) : chart.data.graph ? (
        <ChannelGraphMap name={name} title={title} data={chart.data} width={width} />
      ) : (
        <ChannelHeatmap name={name} title={title} data={chart.data} width={width} />
      );
    case 'timeline':
      return <TimelineChart name={name} title={title} data={chart.data} width={width} />;
    case 'channel-dependencies':
      return <ChannelDependencyGraph name={name} title={title} data={chart.data} width={width} />;
  }
}

/** The plotted data as a table, for the table view and the CSV export. */
export function builtChartTable(chart: BuiltChart): ChartTable {
  switch (chart.kind) {
    case 'line':
    case 'latency-load':
    case 'speedup':
      return lineChartTable(chart.data);
    case 'stacked-bars':
      return stackedBarTable(chart.data);
    case 'work-rate-stacks':
      return workRateStacksTable(chart.data);
    case 'channel-heatmap':
      return channelHeatmapTable(chart.data);
    case 'timeline':
      return timelineTable(chart.data);
    case 'channel-dependencies':
      return {
        columns: ['from channel', 'from class', 'to channel', 'to class', 'cycle'],
        rows: chart.data.edges.map((e) => [e.from, e.fromClass, e.to, e.toClass, e.cycle]),
      };
  }
}
