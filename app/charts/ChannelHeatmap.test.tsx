import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ChannelHeatmap } from './ChannelHeatmap';
import { channelHeatmapGeometry } from './heatmap_geometry';
import { planeChannels } from './heatmap_network';
import { describeChannelHeatmap } from './heatmap_words';
import type { ChannelHeatmapData } from '../results/chart_data';
import {
  mesh8x8x8Uniform,
  ring16HotSpot,
  size,
  torus4x4HotSpot,
  uniform,
} from './fixtures/channel_heatmap';
import { checkSvgSnapshot } from './svg_snapshot';

describe('describeChannelHeatmap()', () => {
  it('gives the grid, plane, maximum, mean and busiest channel', () => {
    const text = describeChannelHeatmap(torus4x4HotSpot);
    expect(text).toContain('4 × 4 torus: nodes on a grid, x to the right and y upwards');
    expect(text).toContain('Wrap-around channels are stubs');
    // Fixture: uniform 0.75 × 0.2 plus 8 hot-spot flows of 0.08 on the wrap into (0, 0).
    expect(text).toContain('64 channels: max 79\u00a0%');
    expect(text).toContain('busiest (0, 3) → +y at 79\u00a0%');
    expect(describeChannelHeatmap(mesh8x8x8Uniform)).toContain('8 × 8 × 8 mesh, plane z = 3 of 8');
  });
});

describe('a marked node and what the channels measure', () => {
  const hot: ChannelHeatmapData = {
    ...uniform([4, 4], false, 0.5),
    quantity: 'occupancy',
    marks: [{ at: [2, 1, 0], label: 'hot spot' }],
  };

  it('rings the hot spot on its node, and names it in the caption and the description', () => {
    const g = channelHeatmapGeometry(hot, size);
    const node = g.nodes.find((n) => n.x === 2 && n.y === 1)!;
    expect(g.rings).toHaveLength(1);
    expect(g.rings[0]!.px).toBeCloseTo(node.px, 9);
    expect(g.rings[0]!.py).toBeCloseTo(node.py, 9);
    expect(g.rings[0]!.r).toBeGreaterThan(node.size / 2);
    expect(g.legend.caption.join(' ')).toContain('ringed: hot spot (2, 1)');
    expect(describeChannelHeatmap(hot)).toMatch(
      /^Channel occupancy, 4 × 4 mesh.*Ringed: hot spot \(2, 1\)\./,
    );
    const html = renderToStaticMarkup(<ChannelHeatmap name="h" title="t" data={hot} width={640} />);
    expect(html).toContain('class="heatmap-mark"');
  });

  it('reads out the quantity the channels measure, utilization unless said', () => {
    const lines = (data: ChannelHeatmapData) =>
      channelHeatmapGeometry(data, size).targets[0]!.lines;
    expect(lines(hot)[0]).toMatch(/^occupancy: 50/);
    expect(lines(uniform([4, 4], false, 0.5))[0]).toMatch(/^utilization: 50/);
    expect(channelHeatmapGeometry(uniform([4, 4], false, 0.5), size).rings).toEqual([]);
  });

  it('rings a mark only on the plane drawn', () => {
    const cube: ChannelHeatmapData = {
      ...uniform([2, 2, 2], false, 0.5),
      marks: [{ at: [1, 1, 1], label: 'hot spot' }],
    };
    expect(channelHeatmapGeometry(cube, size).rings).toEqual([]);
    expect(channelHeatmapGeometry({ ...cube, plane: 1 }, size).rings).toHaveLength(1);
  });
});

describe('mesh8x8x8Uniform fixture', () => {
  it('matches the closed form of uniform traffic under dimension-order routing', () => {
    for (const c of planeChannels(mesh8x8x8Uniform)) {
      const dim = 'xyz'.indexOf(c.direction[1]!);
      const at = [c.x, c.y, c.z][dim]!;
      const crossings = c.direction[0] === '+' ? (at + 1) * (7 - at) : at * (8 - at);
      expect(c.value).toBeCloseTo((0.4 * crossings) / 8, 9);
    }
  });
});

describe('<ChannelHeatmap>', () => {
  const render = (data: ChannelHeatmapData, width: number, height?: number) =>
    renderToStaticMarkup(
      <ChannelHeatmap
        name="channels"
        title="Channel utilization"
        data={data}
        width={width}
        height={height}
      />,
    );

  /** The torus fixture with (1, 2) → +x missing and (2, 0) → +y NaN. */
  const withGaps: ChannelHeatmapData = {
    ...torus4x4HotSpot,
    channels: torus4x4HotSpot.channels.map((c) => {
      const [x, y] = c.from;
      const gap =
        (x === 1 && y === 2 && c.direction === '+x') ||
        (x === 2 && y === 0 && c.direction === '+y');
      return gap ? { ...c, value: Number.NaN } : c;
    }),
  };

  it('draws plane 3 of the 8 × 8 × 8 mesh under uniform traffic', () => {
    expect(() =>
      checkSvgSnapshot('channel-heatmap-mesh-8x8x8', render(mesh8x8x8Uniform, 640)),
    ).not.toThrow();
  });

  it('draws the 4 × 4 torus with two channels missing at 320 px', () => {
    expect(() =>
      checkSvgSnapshot('channel-heatmap-torus-narrow', render(withGaps, 320)),
    ).not.toThrow();
  });

  it('draws the 16-node ring folded into two rows', () => {
    expect(() =>
      checkSvgSnapshot('channel-heatmap-ring', render(ring16HotSpot, 960)),
    ).not.toThrow();
  });
});
