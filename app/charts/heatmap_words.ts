// The channel heat map in words: its text alternative.
import type { ChannelHeatmapData } from '../results/chart_data';
import {
  channelTitle,
  cubeHeatTop,
  network,
  percent,
  planeChannels,
  planeMarks,
  planeStats,
  quantity,
} from './heatmap_network';

/** The text alternative: network, plane, layout, maximum, mean and the busiest channel. */
export function describeChannelHeatmap(data: ChannelHeatmapData): string {
  const net = network(data);
  const channels = planeChannels(data);
  const stats = planeStats(channels);
  const plane = net.n === 3 ? `, plane z = ${net.plane} of ${net.kz}` : '';
  const layout = net.folded
    ? `nodes in a loop of two rows, 0 to ${net.columns - 1} to the right along the top and ` +
      `${net.columns} to ${net.kx - 1} back along the bottom`
    : net.n === 1
      ? 'nodes in a row, x to the right'
      : 'nodes on a grid, x to the right and y upwards';
  const parts = [
    `Channel ${quantity(data)}, ${net.name}${plane}: ${layout}; the two channels of a link ` +
      `side by side, each keeping to its right, coloured from 0 to ` +
      `${percent(cubeHeatTop(data))}.`,
    ...planeMarks(data).map((m) => `Ringed: ${m.text}.`),
  ];
  if (net.torus && !net.folded)
    parts.push('Wrap-around channels are stubs at the edges of the grid.');
  if (net.n === 3) parts.push('+z and -z are the upper and lower triangles in each node.');
  if (stats?.busiest) {
    parts.push(
      `${stats.measured} channels: max ${percent(stats.max)}, mean ${percent(stats.mean)}; ` +
        `busiest ${channelTitle(net.n, stats.busiest)} at ${percent(stats.max)}.`,
    );
  }
  const missing = channels.length - (stats?.measured ?? 0);
  if (missing > 0) parts.push(`${missing} channels have no data.`);
  return parts.join(' ');
}
