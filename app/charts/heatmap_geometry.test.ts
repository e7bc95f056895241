// The channel heat map's geometry: cells, nodes, channels keeping to their right, wrap-around
// stubs, ±z triangles, the read-out's order and the colour scale.
import { interpolateViridis } from 'd3-scale-chromatic';
import { describe, expect, it } from 'vitest';

import { channelHeatmapGeometry, channelHeatmapHeight, nearestChannel } from './heatmap_geometry';
import type { ChannelMark } from './heatmap_geometry';
import { planeChannels } from './heatmap_network';
import { describeChannelHeatmap } from './heatmap_words';
import type { ChannelHeatmapData } from '../results/chart_data';
import {
  cubeChannels,
  mesh8x8x8Uniform,
  ring16HotSpot,
  size,
  torus4x4HotSpot,
  uniform,
} from './fixtures/channel_heatmap';
import { palette } from './palette';
import { moveReadout } from './Readout';

function channel(channels: ChannelMark[], x: number, y: number, direction: string): ChannelMark {
  const found = channels.find((c) => c.x === x && c.y === y && c.direction === direction);
  if (!found) throw new Error(`no channel (${x}, ${y}) ${direction}`);
  return found;
}

describe('channelHeatmapGeometry()', () => {
  it('draws square cells, centred, with x to the right and y upwards', () => {
    const g = channelHeatmapGeometry(torus4x4HotSpot, size);
    expect(g.innerWidth / 4).toBeCloseTo(g.cell, 9);
    expect(g.innerHeight / 4).toBeCloseTo(g.cell, 9);
    expect(2 * g.margin.left + g.innerWidth).toBeCloseTo(size.width, 9);
    expect(g.margin.top + g.innerHeight).toBeLessThanOrEqual(size.height);
    const node = g.nodes.find((n) => n.x === 1 && n.y === 2)!;
    expect(node.px).toBeCloseTo(1.5 * g.cell, 9);
    expect(node.py).toBeCloseTo(g.innerHeight - 2.5 * g.cell, 9);
  });

  it('puts the two channels of a link side by side, each keeping to its right', () => {
    const g = channelHeatmapGeometry(torus4x4HotSpot, size);
    const reach = g.nodeSize / 2 + Math.max(1, 0.05 * g.cell);
    const lane = (g.thickness * 1.4) / 2;
    const [x1, x2, py] = [1.5 * g.cell, 2.5 * g.cell, g.innerHeight - 2.5 * g.cell];
    const east = channel(g.channels, 1, 2, '+x').parts[0]!.line!;
    expect(east.x1).toBeCloseTo(x1 + reach, 9);
    expect(east.x2).toBeCloseTo(x2 - reach, 9);
    expect(east.y1).toBeCloseTo(py + lane, 9);
    expect(east.y2).toBeCloseTo(py + lane, 9);
    const west = channel(g.channels, 2, 2, '-x').parts[0]!.line!;
    expect(west.x1).toBeCloseTo(x2 - reach, 9);
    expect(west.x2).toBeCloseTo(x1 + reach, 9);
    expect(west.y1).toBeCloseTo(py - lane, 9);
    // Lanes leave a gap between the two channels.
    expect(2 * lane - g.thickness).toBeGreaterThan(0);
    const north = channel(g.channels, 1, 2, '+y').parts[0]!.line!;
    expect(north.x1).toBeCloseTo(x1 + lane, 9);
    expect(north.y1).toBeCloseTo(py - reach, 9);
    expect(north.y2).toBeCloseTo(py - g.cell + reach, 9);
  });

  it('colours 0 and 1 with the ends of viridis, values beyond 1 as 1', () => {
    const data: ChannelHeatmapData = {
      dims: [2],
      torus: false,
      plane: 0,
      channels: cubeChannels([2], false, [[0], [0, 1.5]]),
    };
    const g = channelHeatmapGeometry(data, size);
    expect(channel(g.channels, 0, 0, '+x').color).toBe(interpolateViridis(0));
    expect(channel(g.channels, 1, 0, '-x').color).toBe(interpolateViridis(1));
    const stops = g.legend.colorBar.stops;
    expect(stops[0]).toEqual({ offset: 0, color: interpolateViridis(0) });
    expect(stops.at(-1)).toEqual({ offset: 1, color: interpolateViridis(1) });
    const labels = g.legend.colorBar.ticks.map((t) => t.label);
    expect(labels[0]).toBe('0\u00a0%');
    expect(labels.at(-1)).toBe('100\u00a0%');
    expect(g.legend.colorBar.ticks.at(-1)!.offset).toBeCloseTo(g.legend.colorBar.width, 9);
  });

  it('draws wrap-around stubs leaving and re-entering the grid on a torus only', () => {
    const g = channelHeatmapGeometry(torus4x4HotSpot, size);
    expect(g.channels).toHaveLength(64);
    expect(g.channels.filter((c) => c.wrap)).toHaveLength(16);
    const east = channel(g.channels, 3, 1, '+x');
    expect(east.to).toEqual([0, 1, 0]);
    const [leave, enter] = east.parts.map((p) => p.line!);
    expect(leave!.x2).toBeCloseTo(g.innerWidth, 9);
    expect(enter!.x1).toBeCloseTo(0, 9);
    expect(enter!.x2).toBeCloseTo(0.5 * g.cell - g.nodeSize / 2 - Math.max(1, 0.05 * g.cell), 9);
    expect(enter!.y1).toBeCloseTo(leave!.y1, 9);
    const south = channel(g.channels, 2, 0, '-y').parts.map((p) => p.line!);
    expect(south[0]!.y2).toBeCloseTo(g.innerHeight, 9);
    expect(south[1]!.y1).toBeCloseTo(0, 9);

    const links = torus4x4HotSpot.channels.filter((c) => !c.wrap);
    const mesh = channelHeatmapGeometry(
      { ...torus4x4HotSpot, torus: false, channels: links },
      size,
    );
    expect(mesh.channels).toHaveLength(48);
    expect(mesh.channels.some((c) => c.wrap || c.parts.length > 1)).toBe(false);
  });

  it('draws +z and -z as the upper and lower triangles inside the node square', () => {
    const g = channelHeatmapGeometry(mesh8x8x8Uniform, size);
    const node = g.nodes.find((n) => n.x === 2 && n.y === 5)!;
    const up = channel(g.channels, 2, 5, '+z').parts[0]!;
    const down = channel(g.channels, 2, 5, '-z').parts[0]!;
    expect(up.cy).toBeLessThan(node.py);
    expect(down.cy).toBeGreaterThan(node.py);
    for (const { box } of [up, down]) {
      expect(box.x).toBeGreaterThanOrEqual(node.px - node.size / 2);
      expect(box.x + box.width).toBeLessThanOrEqual(node.px + node.size / 2);
      expect(box.height).toBeCloseTo(0.4 * node.size, 9);
    }
    // A mesh's bottom plane has no -z channels.
    const bottom = channelHeatmapGeometry({ ...mesh8x8x8Uniform, plane: 0 }, size);
    expect(bottom.channels.filter((c) => c.direction === '-z')).toHaveLength(0);
    expect(bottom.channels.filter((c) => c.direction === '+z')).toHaveLength(64);
  });

  it('clamps the plane into the network and ignores it below three dimensions', () => {
    for (const [plane, drawn] of [
      [99, 7],
      [-3, 0],
      [Number.NaN, 0],
      [2.6, 3],
    ] as const) {
      const channels = planeChannels({ ...mesh8x8x8Uniform, plane });
      expect(channels.every((c) => c.z === drawn)).toBe(true);
      expect(describeChannelHeatmap({ ...mesh8x8x8Uniform, plane })).toContain(
        `plane z = ${drawn} of 8`,
      );
    }
    expect(planeChannels({ ...torus4x4HotSpot, plane: 5 }).every((c) => c.z === 0)).toBe(true);
  });

  it('draws missing and NaN values grey as no data, without throwing', () => {
    const data: ChannelHeatmapData = {
      dims: [3, 2],
      torus: false,
      plane: 0,
      channels: cubeChannels([3, 2], false, [
        [0.5, Number.NaN, 0.5, 0.5],
        [],
        [0.2, 0.2, 0.2, 0.2, 0.2, 0.2],
      ]),
    };
    const g = channelHeatmapGeometry(data, size);
    // The busiest channel is at 50 %, so the colours keep the 0 to 100 % scale.
    expect(channel(g.channels, 0, 0, '+x').color).toBe(interpolateViridis(0.5));
    for (const c of [channel(g.channels, 1, 0, '+x'), channel(g.channels, 1, 1, '-x')]) {
      expect(c.value).toBeNull();
      expect(c.color).toBe(palette.grey);
    }
    // util[3] (-y) is absent altogether.
    expect(channel(g.channels, 2, 1, '-y').color).toBe(palette.grey);
    expect(g.legend.noData).not.toBeNull();
    const target = g.targets[g.channels.indexOf(channel(g.channels, 1, 0, '+x'))]!;
    expect(target.lines[0]).toBe('utilization: no data');
    // +x of node 1 (NaN) and node 4 (past the array's end), the four -x and the three -y.
    expect(describeChannelHeatmap(data)).toContain('9 channels have no data.');
    expect(channelHeatmapGeometry(torus4x4HotSpot, size).legend.noData).toBeNull();

    for (const bad of [
      { dims: [], torus: true, plane: 0, channels: [] },
      { dims: [Number.NaN, 0, 4.5], torus: false, plane: 1, channels: [] },
    ]) {
      const broken = channelHeatmapGeometry(bad, size);
      expect(broken.nodes.length).toBeGreaterThan(0);
      expect(describeChannelHeatmap(bad)).toContain('Channel utilization');
    }
  });

  it('draws a one-dimensional ring folded into a loop of two rows, every link between neighbours', () => {
    const g = channelHeatmapGeometry(ring16HotSpot, size);
    expect([...new Set(g.nodes.map((n) => Math.round(n.py)))]).toHaveLength(2);
    expect(g.innerHeight).toBeCloseTo(2 * g.cell, 9);
    expect(g.innerWidth).toBeCloseTo(8 * g.cell, 9);
    // Out along the top, back along the bottom: node 0 above node 15, node 7 above node 8.
    const at = (x: number) => g.nodes.find((n) => n.x === x)!;
    expect(at(0).px).toBeCloseTo(at(15).px, 9);
    expect(at(0).py).toBeLessThan(at(15).py);
    expect(at(7).px).toBeCloseTo(at(8).px, 9);
    expect(g.channels).toHaveLength(32);
    // The wrap-around links too are one piece from a node to its neighbour on screen.
    for (const c of g.channels) {
      expect(c.parts).toHaveLength(1);
      expect(Math.hypot(c.parts[0]!.cx - c.px, c.parts[0]!.cy - c.py)).toBeLessThan(g.cell);
    }
    const wraps = g.channels.filter((c) => c.wrap).map((c) => `${c.x} ${c.direction}`);
    expect(wraps.sort()).toEqual(['0 -x', '15 +x']);
    expect(g.targets[0]!.title).toMatch(/^\(\d+\) → [+-]x$/);
    expect(describeChannelHeatmap(ring16HotSpot)).toContain('nodes in a loop of two rows');
  });

  it('scales from 2 × 2 to 32 × 32 and from 320 to 1600 px, parts inside the grid', () => {
    for (const dims of [
      [2, 2],
      [32, 32],
    ]) {
      for (const width of [320, 1600]) {
        const data = uniform(dims, true, 0.5);
        const g = channelHeatmapGeometry(data, {
          width,
          height: channelHeatmapHeight(data, width),
        });
        expect(g.thickness).toBeGreaterThanOrEqual(1.5);
        expect(g.thickness).toBeLessThanOrEqual(Math.max(1.5, g.cell * 0.1));
        expect(g.nodeSize).toBeCloseTo(0.3 * g.cell, 9);
        const boxes = g.channels.flatMap((c) => c.parts.map((p) => p.box));
        expect(Math.min(...boxes.map((b) => b.x))).toBeGreaterThanOrEqual(-1e-9);
        expect(Math.min(...boxes.map((b) => b.y))).toBeGreaterThanOrEqual(-1e-9);
        expect(Math.max(...boxes.map((b) => b.x + b.width))).toBeLessThanOrEqual(
          g.innerWidth + 1e-9,
        );
        expect(Math.max(...boxes.map((b) => b.y + b.height))).toBeLessThanOrEqual(
          g.innerHeight + 1e-9,
        );
      }
    }
  });

  it('reads out the channel whose part centre is nearest the pointer', () => {
    const g = channelHeatmapGeometry(mesh8x8x8Uniform, size);
    const east = channel(g.channels, 3, 4, '+x');
    const index = nearestChannel(g.channels, east.px + 1, east.py + 0.4);
    expect(g.channels[index!]).toBe(east);
    // Closed form of the fixture: 0.4 × (3 + 1) × (8 − 1 − 3) / 8.
    expect(g.targets[index!]!.title).toBe('(3, 4, 3) → +x');
    expect(g.targets[index!]!.lines).toEqual(['utilization: 80\u00a0%', 'to (4, 4, 3)']);

    const torus = channelHeatmapGeometry(torus4x4HotSpot, size);
    const wrap = channel(torus.channels, 3, 1, '+x');
    const enter = wrap.parts[1]!;
    expect(torus.channels[nearestChannel(torus.channels, enter.cx, enter.cy)!]).toBe(wrap);
    expect(torus.targets[torus.channels.indexOf(wrap)]!.lines[1]).toBe('to (0, 1), wrap-around');
  });

  it('moves the read-out with the arrow keys in the direction they point', () => {
    const g = channelHeatmapGeometry(torus4x4HotSpot, size);
    const start = g.channels.indexOf(channel(g.channels, 1, 1, '+x'));
    const right = g.channels[moveReadout(g.targets, start, 'ArrowRight')!]!;
    expect(right.py).toBeCloseTo(g.channels[start]!.py, 9);
    expect(right.px).toBeGreaterThan(g.channels[start]!.px);
    const up = g.channels[moveReadout(g.targets, start, 'ArrowUp')!]!;
    expect(up.py).toBeLessThan(g.channels[start]!.py);
    expect(moveReadout(g.targets, start, 'Escape')).toBeNull();
  });

  it('sizes the default height for square cells, clamped to 240..480 px', () => {
    expect(channelHeatmapHeight(mesh8x8x8Uniform, 640)).toBe(480);
    const g = channelHeatmapGeometry(torus4x4HotSpot, {
      width: 320,
      height: channelHeatmapHeight(torus4x4HotSpot, 320),
    });
    // At 320 px the grid fills the width: the height was derived from it.
    expect(g.innerWidth).toBeCloseTo(320 - 16, 6);
  });
});

describe('the colour scale', () => {
  it('runs to a round top at or above the busiest channel, said in the legend', () => {
    // A lightly loaded 4 x 4 mesh, every channel between 10 and 18 %.
    const light = uniform([4, 4], false, 0.1, [[0, 5, 0.18]]);
    const g = channelHeatmapGeometry(light, size);
    expect(g.legend.colorBar.ticks.at(-1)!.label).toBe('20\u00a0%');
    expect(g.legend.caption.join(' ')).toContain('colours 0 to 20\u00a0%');
    // 18 % is 90 % of the scale's height, not its darkest fifth.
    expect(channel(g.channels, 1, 1, '+x').color).toBe(interpolateViridis(0.9));
    expect(channel(g.channels, 0, 0, '+x').color).toBe(interpolateViridis(0.5));
    expect(describeChannelHeatmap(light)).toContain('coloured from 0 to 20\u00a0%');
    // Moving to another plane keeps the scale: it spans every plane.
    const cube = uniform([2, 2, 2], false, 0.1, [[0, 4, 0.3]]);
    for (const plane of [0, 1]) {
      const top = channelHeatmapGeometry({ ...cube, plane }, size).legend.colorBar.ticks.at(-1);
      expect(top!.label).toBe('30\u00a0%');
    }
    // A busy network keeps 0 to 100 % and says nothing more.
    const busy = channelHeatmapGeometry(uniform([4, 4], false, 0.6), size);
    expect(busy.legend.colorBar.ticks.at(-1)!.label).toBe('100\u00a0%');
    expect(busy.legend.caption.join(' ')).not.toContain('colours');
  });
});
