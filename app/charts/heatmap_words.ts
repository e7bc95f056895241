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
import { joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';

/** The text alternative: network, plane, layout, maximum, mean and the busiest channel. */
export function describeChannelHeatmap(data: ChannelHeatmapData): string {
  const net = network(data);
  const channels = planeChannels(data);
  const stats = planeStats(channels);
  const parts = [
    chartsT('heatmap.describe', {
      quantity: quantity(data),
      network: net.name,
      planes: net.n === 3 ? 'yes' : 'no',
      plane: String(net.plane),
      kz: String(net.kz),
      layout: net.folded ? 'folded' : net.n === 1 ? 'row' : 'grid',
      last: String(net.columns - 1),
      columns: String(net.columns),
      kx: String(net.kx - 1),
      top: percent(cubeHeatTop(data)),
    }),
    ...planeMarks(data).map((m) => chartsT('heatmap.ringedSentence', { mark: m.text })),
  ];
  if (net.torus && !net.folded) parts.push(chartsT('heatmap.wrapStubs'));
  if (net.n === 3) parts.push(chartsT('heatmap.zTriangles'));
  if (stats?.busiest) {
    parts.push(
      chartsT('heatmap.stats', {
        measured: String(stats.measured),
        max: percent(stats.max),
        mean: percent(stats.mean),
        busiest: channelTitle(net.n, stats.busiest),
      }),
    );
  }
  const missing = channels.length - (stats?.measured ?? 0);
  if (missing > 0) parts.push(chartsT('heatmap.missing', { missing: String(missing) }));
  return joinSentences(parts);
}
