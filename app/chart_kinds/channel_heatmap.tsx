// A network's channels coloured by what the run measured: on the grid of a cube, as the graph of
// another network, or as the crosspoints of a lone crossbar.
import type { ChartKind } from './kind';
import { ChannelGraphMap } from '../charts/ChannelGraphMap';
import { ChannelHeatmap } from '../charts/ChannelHeatmap';
import { CrosspointMap } from '../charts/CrosspointMap';
import { heatTop } from '../charts/heat_scale';
import { channelHeatmapTable } from '../charts/chart_table';
import type { ChannelHeatmapData } from '../results/chart_data';
import { networkHeatmapData } from '../results/drawing/map_data';
import { findNetwork } from '../engine/types';

export const channelHeatmapKind: ChartKind<'channel-heatmap', ChannelHeatmapData> = {
  /**
   * The network the spec names, drawn from the engine's description by the drawing it declares:
   * a grid or ring on its lattice, any other as its graph. A run that has not described it yet
   * draws no channels.
   */
  build(spec, { run, options }) {
    const plane = options.plane ?? 0;
    const network = findNetwork(run.result, spec.network);
    if (!network) return { dims: [1], torus: false, channels: [], plane };
    const data = networkHeatmapData(network, spec.value, plane);
    const other = spec.scaleWith;
    if (!other || !network.channels.columns.some((c) => c.name === other)) return data;
    // One top over both columns' drawn channels, so the two maps share their colours.
    const drawn = (d: ChannelHeatmapData) => (d.graph?.channels ?? d.channels).map((c) => c.value);
    const top = heatTop([...drawn(data), ...drawn(networkHeatmapData(network, other, plane))]);
    return data.graph ? { ...data, top, graph: { ...data.graph, top } } : { ...data, top };
  },
  // A grid or crosspoints are drawn to their width, their shape setting their height; a graph
  // also to a height where the frame fixes one (presented, embedded at a size, a figure).
  draw: ({ name, title, data, width, height, fontSize }) => {
    const props = { name, title, data, width, fontSize };
    return data.graph?.crosspoints ? (
      <CrosspointMap {...props} />
    ) : data.graph ? (
      <ChannelGraphMap {...props} height={height} />
    ) : (
      <ChannelHeatmap {...props} />
    );
  },
  table: channelHeatmapTable,
  // Every channel's (or crosspoint's) share, printed as a percentage.
  drawn: (data) =>
    channelHeatmapTable(data).rows.flatMap((row) => {
      const value = row.at(-1);
      return typeof value === 'number'
        ? [{ value, unit: 'fraction', label: row.slice(0, -1).join(' '), shade: true }]
        : [];
    }),
  planes: (data) => (!data.graph && data.dims.length === 3 ? (data.dims[2] ?? 1) : null),
};
