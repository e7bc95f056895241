// The channel heat map's geometry: the grid's cells, nodes, rings and channels placed, and the
// read-out's targets.
import type { ChartSize } from './ChartBox';
import { chartFontSize } from './ChartBox';
import type { ChannelHeatmapData } from '../results/chart_data';
import { gridPlace } from '../results/drawing/grid';
import { formatReadable } from '../results/format';
import type { PlaneChannel } from './heatmap_network';
import {
  channelTitle,
  coordinates,
  cubeHeatTop,
  network,
  PERCENT,
  planeChannels,
  planeMarks,
  quantity,
} from './heatmap_network';
import { legendBlock } from './heatmap_legend';
import type { ChannelPart } from './heatmap_parts';
import { segmentPart, trianglePart } from './heatmap_parts';
import { STYLE, utilizationColor } from './heatmap_style';
import type { ReadoutTarget } from './Readout';
import { chartsT } from '../results/words';

export const OUTER = 8;
/** Space between the legend block and the grid. */
const LEGEND_GAP = 10;

/**
 * The height that gives the grid square cells at this width, clamped to 240..480 px like the
 * other charts' default height.
 */
export function channelHeatmapHeight(
  data: ChannelHeatmapData,
  width: number,
  fontSize?: number,
): number {
  const net = network(data);
  const legend = legendBlock(data, width, chartFontSize({ width, fontSize }));
  const cell = (width - 2 * OUTER) / net.columns;
  const natural = OUTER + legend.height + LEGEND_GAP + cell * net.rows + OUTER;
  return Math.min(480, Math.max(240, Math.round(natural)));
}

export interface ChannelMark extends PlaneChannel {
  color: string;
  /** The leaving piece first; a wrap-around channel also has the piece entering the far side. */
  parts: ChannelPart[];
  /** Read-out anchor: the first part's centre. */
  px: number;
  py: number;
}

/**
 * Everything the heat map draws, in plot coordinates (origin at the grid's top left; x to the
 * right, y upwards): node squares, channel parts with colour and value, the legend block (caption,
 * colour bar and ticks) and read-out targets. Each channel keeps to its right, like traffic, so
 * the two directions of a link lie side by side; on a torus a wrap-around channel leaves the grid
 * as a stub and enters it again on the other side. Pure, so it can be tested with tolerances.
 */
export function channelHeatmapGeometry(data: ChannelHeatmapData, size: ChartSize) {
  const net = network(data);
  const fontSize = chartFontSize(size);
  const legend = legendBlock(data, size.width, fontSize);
  const top = OUTER + legend.height + LEGEND_GAP;
  const availableWidth = Math.max(20, size.width - 2 * OUTER);
  const availableHeight = Math.max(20, size.height - top - OUTER);
  const cell = Math.min(availableWidth / net.columns, availableHeight / net.rows);
  const innerWidth = cell * net.columns;
  const innerHeight = cell * net.rows;
  const margin = {
    top: top + (availableHeight - innerHeight) / 2,
    left: (size.width - innerWidth) / 2,
  };

  const nodeSize = cell * (net.n === 3 ? STYLE.node.cube : STYLE.node.flat);
  const { thickness: th, pad: pd } = STYLE;
  const thickness = Math.min(th.max, Math.max(th.min, cell * th.fraction));
  const pad = Math.max(pd.min, cell * pd.fraction);
  const lane = (thickness * (1 + STYLE.laneGap)) / 2;
  // A node's centre on screen, from its coordinates (folded where the ring is).
  const centre = (x: number, y: number): [number, number] => {
    const [gx, gy] = gridPlace(data, x, y);
    return [(gx + 0.5) * cell, innerHeight - (gy + 0.5) * cell];
  };
  const reach = nodeSize / 2 + pad;

  const nodes = Array.from({ length: net.kx * net.ky }, (_, i) => {
    const x = i % net.kx;
    const y = Math.floor(i / net.kx);
    const [px, py] = centre(x, y);
    return { x, y, px, py, size: nodeSize };
  });
  const rings = planeMarks(data).map((m) => {
    const [px, py] = centre(m.at[0], m.at[1]);
    return { ...m, px, py, r: nodeSize * 0.85 };
  });

  const parts = (c: PlaneChannel): ChannelPart[] => {
    const [px, py] = centre(c.x, c.y);
    if (c.axis === 2) {
      // The upper half of a diamond in the node square for +z, the lower half for -z.
      const s = 0.4 * nodeSize;
      const tip = c.sign > 0 ? py - s : py + s;
      return [
        trianglePart([
          [px - s, py],
          [px, tip],
          [px + s, py],
        ]),
      ];
    }
    // Screen direction of travel; y is drawn upwards. On a folded ring every link joins two
    // nodes next to each other on screen, the wrap-around too: the way is the one between them.
    const [tx0, ty0] = centre(c.to[0], c.to[1]);
    const [dx, dy] = net.folded
      ? [Math.sign(Math.round(tx0 - px)), Math.sign(Math.round(ty0 - py))]
      : c.axis === 0
        ? [c.sign, 0]
        : [0, -c.sign];
    // Keep right: the right-hand side of travel (dx, dy) on screen is (-dy, dx).
    const [ox, oy] = [-dy * lane, dx * lane];
    const [sx, sy] = [px + dx * reach + ox, py + dy * reach + oy];
    if (!c.wrap || net.folded) {
      const [ex, ey] = [px + dx * (cell - reach) + ox, py + dy * (cell - reach) + oy];
      return [segmentPart(sx, sy, ex, ey, thickness, true)];
    }
    // Leaves to the grid's edge (half a cell out), enters from the opposite edge.
    const [tx, ty] = [tx0, ty0];
    return [
      segmentPart(sx, sy, px + (dx * cell) / 2 + ox, py + (dy * cell) / 2 + oy, thickness, false),
      segmentPart(
        tx - (dx * cell) / 2 + ox,
        ty - (dy * cell) / 2 + oy,
        tx - dx * reach + ox,
        ty - dy * reach + oy,
        thickness,
        true,
      ),
    ];
  };

  const scaleTop = cubeHeatTop(data);
  const unsorted = planeChannels(data).map((c): ChannelMark => {
    const p = parts(c);
    return {
      ...c,
      color: utilizationColor(c.value, scaleTop),
      parts: p,
      px: p[0]?.cx ?? 0,
      py: p[0]?.cy ?? 0,
    };
  });
  // Rows of anchors from the bottom up, left to right within a row, so that the arrow keys move
  // the read-out in the direction they point.
  const level = (c: ChannelMark) => Math.round(c.py * 1000) / 1000;
  const levels = [...new Set(unsorted.map(level))].sort((a, b) => b - a);
  const rows = new Map(levels.map((l, i) => [l, i]));
  const row = (c: ChannelMark) => rows.get(level(c)) ?? 0;
  const channels = unsorted.sort((a, b) => row(a) - row(b) || a.px - b.px);

  const targets: ReadoutTarget[] = channels.map((c) => {
    const first = c.parts[0]?.box ?? { x: c.px, y: c.py, width: 0, height: 0 };

    return {
      series: row(c),
      px: c.px,
      py: c.py,
      rect: { x: first.x - 2, y: first.y - 2, width: first.width + 4, height: first.height + 4 },
      color: c.color,
      title: channelTitle(net.n, c),
      lines: [
        c.value === null
          ? chartsT('noDataFor', { label: quantity(data) })
          : chartsT('line.value', {
              label: quantity(data),
              value: formatReadable(c.value, PERCENT),
            }),
        chartsT('heatmap.to', { at: coordinates(net.n, c.to), wrap: c.wrap ? 'yes' : 'no' }),
      ],
    };
  });

  return {
    size,
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    cell,
    nodeSize,
    thickness,
    nodes,
    rings,
    channels,
    legend,
    targets,
  };
}

/** Index of the channel with a part centre nearest to (px, py), or null if there is none. */
export function nearestChannel(channels: ChannelMark[], px: number, py: number): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  channels.forEach((c, i) => {
    for (const part of c.parts) {
      const distance = Math.hypot(part.cx - px, part.cy - py);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
  });
  return best;
}

export type ChannelHeatmapGeometry = ReturnType<typeof channelHeatmapGeometry>;
