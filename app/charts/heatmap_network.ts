// The lattice a channel heat map draws (results/drawing/grid.ts): its drawn plane and channels,
// in words too.
import type { ChannelHeatmapData } from '../results/chart_data';
import { latticeOf } from '../results/drawing/grid';
import { heatTop, sharePercent } from './heat_scale';
import { chartsT } from '../results/words';

/** The top of the colour scale: over every plane, so moving between planes keeps the colours. */
export function cubeHeatTop(data: ChannelHeatmapData): number {
  return data.top ?? heatTop(data.channels.map((c) => c.value));
}

export const PERCENT = { unit: '', format: 'percent' } as const;
export const percent = sharePercent;

/**
 * The lattice as drawn (results/drawing/grid.ts: radices and plane made valid, a ring or line
 * of 4 or more nodes folded into two rows) and its name in words.
 */
export function network(data: ChannelHeatmapData) {
  const net = latticeOf(data);
  const { n, kx, dims } = net;
  const c = data.concentration ?? 1;
  const name = chartsT('heatmap.network', {
    line: n === 1 ? 'yes' : 'no',
    kx: String(kx),
    dims: dims.join(' × '),
    torus: data.torus ? 'yes' : 'no',
    concentrated: c > 1 ? 'yes' : 'no',
    c: String(c),
  });
  return { ...net, name };
}

/** One channel of the drawn plane: where it leaves from, where it goes, and its utilization. */
export interface PlaneChannel {
  x: number;
  y: number;
  z: number;
  /** As the engine names it ("+x"). */
  direction: string;
  /** The axis it runs along (0: x, 1: y, 2: z) and which way (1 up the axis, -1 down). */
  axis: number;
  sign: 1 | -1;
  /** The fraction of cycles it was busy; null where the data has no finite value. */
  value: number | null;
  to: [number, number, number];
  /** A torus channel from one edge of the grid to the other. */
  wrap: boolean;
}

/**
 * Every channel leaving a node of the drawn plane, the ±z ones in 3-D included, in the engine's
 * order (node by node, x fastest, port by port): its axis is the coordinate its ends differ in,
 * its way the step between them, reversed where it wraps around.
 */
export function planeChannels(data: ChannelHeatmapData): PlaneChannel[] {
  const net = network(data);
  const channels: PlaneChannel[] = [];
  for (const c of data.channels) {
    const [x, y, z] = c.from;
    if (z !== net.plane) continue;
    const axis = c.from.findIndex((at, d) => at !== c.to[d]);
    if (axis < 0) continue;
    const up = (c.to[axis] ?? 0) > (c.from[axis] ?? 0);
    const sign = up !== c.wrap ? 1 : -1;
    const value = c.value !== null && Number.isFinite(c.value) ? c.value : null;
    channels.push({ x, y, z, direction: c.direction, axis, sign, value, to: c.to, wrap: c.wrap });
  }
  return channels;
}

/** Maximum, mean and busiest of the channels with data; null when none has any. */
export function planeStats(channels: PlaneChannel[]) {
  const measured = channels.filter((c) => c.value !== null);
  if (measured.length === 0) return null;
  const values = measured.map((c) => c.value ?? 0);
  const max = Math.max(...values);
  const busiest = measured[values.indexOf(max)];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { max, mean, busiest, measured: measured.length };
}

export function coordinates(n: number, at: [number, number, number]): string {
  return `(${at.slice(0, n).join(', ')})`;
}

export function channelTitle(n: number, c: PlaneChannel): string {
  return `${coordinates(n, [c.x, c.y, c.z])} → ${c.direction}`;
}

/** What the channels' values measure, in words. */
export function quantity(data: ChannelHeatmapData): string {
  return data.quantity ?? chartsT('heatmap.utilization');
}

/** The marked nodes of the drawn plane, each as "the hot spot (4, 4)". */
export function planeMarks(data: ChannelHeatmapData) {
  const net = network(data);
  return (data.marks ?? [])
    .filter((m) => net.n < 3 || m.at[2] === net.plane)
    .map((m) => ({
      ...m,
      text: chartsT('heatmap.markAt', { mark: m.label, at: coordinates(net.n, m.at) }),
    }));
}
