// The channel heat map's legend block: caption lines, colour bar and a "no data" key.
import type { ChannelHeatmapData } from '../results/chart_data';
import { textWidth } from '../results/format';
import { colorBarHeight, colorBarLayout, heatScaleNote, wrapParts } from './heat_scale';
import { cubeHeatTop, network, planeChannels, planeMarks, planeStats } from './heatmap_network';
import { STYLE } from './heatmap_style';
import { chartsT } from '../results/words';
import { maxMean } from './heat_scale';

/**
 * The caption's parts: network and plane, then maximum and mean, the colour scale and the nodes
 * ringed.
 */
function captionParts(data: ChannelHeatmapData): string[] {
  const net = network(data);
  const stats = planeStats(planeChannels(data));
  return [
    chartsT('heatmap.networkPlane', {
      network: net.name,
      planes: net.n === 3 ? 'yes' : 'no',
      plane: String(net.plane),
      kz: String(net.kz),
    }),
    ...maxMean(stats),
    ...heatScaleNote(cubeHeatTop(data)),
    ...planeMarks(data).map((m) => chartsT('heatmap.ringed', { mark: m.text })),
  ];
}

export const noDataLabel = () => chartsT('noData');
export const SWATCH_WIDTH = 22;

/**
 * The legend block above the grid, in its own coordinates (the chart places it at 8, 8):
 * caption lines, the colour bar with its ticks and, where channels lack data, a "no data" key.
 */
export function legendBlock(data: ChannelHeatmapData, width: number, fontSize: number) {
  const small = fontSize - 1;
  const available = width - 16;
  const rowHeight = fontSize + 6;
  const caption = wrapParts(captionParts(data), available, fontSize);
  const missing = planeChannels(data).filter((c) => c.value === null).length;
  const noDataWidth = missing > 0 ? 16 + SWATCH_WIDTH + 6 + textWidth(noDataLabel(), small) : 0;
  // The end labels are centred on the bar's ends: half of each hangs past them.
  const inset = textWidth('0\u00a0%', small) / 2;
  const overhang = textWidth('100\u00a0%', small) / 2;
  const barWidth = Math.max(
    60,
    Math.min(STYLE.colorBar.maxWidth, available - inset - overhang - noDataWidth),
  );
  const barY = caption.length * rowHeight + 2;
  const colorBar = colorBarLayout(cubeHeatTop(data), { x: inset, y: barY }, barWidth, fontSize);
  const noData =
    missing > 0
      ? { x: inset + barWidth + overhang + 16, y: barY + STYLE.colorBar.height / 2 }
      : null;
  const height = barY + colorBarHeight(fontSize);
  return { caption, rowHeight, colorBar, noData, height };
}
