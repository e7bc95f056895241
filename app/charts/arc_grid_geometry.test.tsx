// A grid of arcs of whole rows (a flattened butterfly's drawing) checked against the engine's own
// description of a flattened butterfly: its grid read from the routers' coordinates, every channel drawn within the box, a row's two
// directions bulging apart, longer spans higher, and the map and its read-out at phone and
// desktop widths.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap } from '../engine/types';
import type { ArcGridLayout, ChannelGraph } from '../results/chart_data';
import { arcGridHeight, arcGridPlacement } from '../results/drawing/arc_grid';
import { networkHeatmapData } from '../results/drawing/map_data';
import { ChannelGraphMap } from './ChannelGraphMap';
import { channelGraphGeometry } from './graph_geometry';
import type { FlatflyName } from './fixtures/flatfly_networks';
import { describeFlatflies } from './fixtures/flatfly_networks';

let networks: Record<FlatflyName, NetworkMap>;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  networks = await describeFlatflies(engine);
  engine.dispose();
}, 60_000);

function graphOf(name: FlatflyName): { graph: ChannelGraph; ff: ArcGridLayout } {
  const graph = networkHeatmapData(networks[name], 'value', 0).graph!;
  return { graph, ff: graph.layout as ArcGridLayout };
}

describe('networkHeatmapData(flattened butterfly)', () => {
  it('draws it as a graph, its grid from the axes and each channel its dimension', () => {
    const data = networkHeatmapData(networks.ff64, 'value', 0);
    expect(data.dims).toEqual([]);
    const { graph, ff } = graphOf('ff64');
    expect(ff.kind).toBe('arc grid');
    expect(ff.wholeRows).toBe(true);
    expect(ff.radix).toEqual([4, 4]);
    expect(ff.position[6]).toEqual([2, 1]);
    // 16 routers of 2 x 3 channels, and 64 terminals' deliveries.
    expect(ff.dimension.filter((d) => d === 0)).toHaveLength(48);
    expect(ff.dimension.filter((d) => d === 1)).toHaveLength(48);
    expect(graph.channels).toHaveLength(96 + 64);
    expect(graphOf('cube27').ff.radix).toHaveLength(3);
  });
});

describe('arcGridPlacement(graph, grid, width, height)', () => {
  it.each([
    ['ff64', 374],
    ['ff64', 1904],
    ['row8', 374],
    ['cube27', 374],
    ['cube27', 1904],
    ['ff2048', 1904],
  ] as const)('draws every channel of %s within %i px', (name, width) => {
    const { graph, ff } = graphOf(name);
    const height = arcGridHeight(ff, width);
    const p = arcGridPlacement(graph, ff, width, height);
    expect(p.lines.every((l) => l !== null)).toBe(true);
    // A quadratic's middle (a quarter of each end, half its control point) within the box.
    let [least, right, bottom] = [Infinity, -Infinity, -Infinity];
    for (const l of p.lines) {
      const x = (l!.x1 + 2 * (l!.cx ?? l!.x1) + l!.x2) / 4;
      const y = (l!.y1 + 2 * (l!.cy ?? l!.y1) + l!.y2) / 4;
      [least, right, bottom] = [Math.min(least, x, y), Math.max(right, x), Math.max(bottom, y)];
    }
    expect(least).toBeGreaterThanOrEqual(-1e-6);
    expect(right).toBeLessThanOrEqual(width + 1e-6);
    expect(bottom).toBeLessThanOrEqual(height + 1e-6);
    // Routers in their grid: along x by column, along y by row.
    const [a, b] = [p.routers[0]!, p.routers[1]!];
    expect(b.px).toBeGreaterThan(a.px);
    expect(b.py).toBeCloseTo(a.py, 6);
  });

  it("bulges a row's two directions to opposite sides, a longer span higher", () => {
    const { graph, ff } = graphOf('row8');
    const p = arcGridPlacement(graph, ff, 800, arcGridHeight(ff, 800));
    const arc = (from: number, to: number) =>
      p.lines[graph.channels.findIndex((c) => c.from === from && c.to === to)]!;
    const rise = (l: ReturnType<typeof arc>) => l.cy! - (l.y1 + l.y2) / 2;
    expect(Math.sign(rise(arc(0, 3)))).toBe(-Math.sign(rise(arc(3, 0))));
    expect(Math.abs(rise(arc(0, 7)))).toBeGreaterThan(Math.abs(rise(arc(0, 3))));
    // The arc from 0 to 7 clears router 1's box.
    const l = arc(0, 7);
    const t = 1 / 7;
    const y = (1 - t) ** 2 * l.y1 + 2 * t * (1 - t) * l.cy! + t * t * l.y2;
    expect(Math.abs(y - p.routers[1]!.py)).toBeGreaterThan(p.routerSize / 2);
  });

  it('draws the terminals around their routers, and leaves them out when too close', () => {
    const small = graphOf('ff64');
    const p = arcGridPlacement(small.graph, small.ff, 1904, arcGridHeight(small.ff, 1904));
    expect(p.note).toBeNull();
    expect(p.terminals.every((t) => t !== null)).toBe(true);
    const big = graphOf('ff2048');
    const q = arcGridPlacement(big.graph, big.ff, 374, arcGridHeight(big.ff, 374));
    expect(q.note).toBe('terminals not drawn');
  });
});

describe('ChannelGraphMap(flattened butterfly)', () => {
  it.each([390, 1920])('draws the arcs as paths at %i px, with a read-out at each', (width) => {
    const data = networkHeatmapData(networks.ff64, 'value', 0);
    const html = renderToStaticMarkup(
      <ChannelGraphMap name="map" title="Channel utilization" data={data} width={width} />,
    );
    expect(html.match(/<path class="graph-channel"/g)).toHaveLength(96);
    expect(html.match(/<line class="graph-channel"/g)).toHaveLength(64);
    expect(html).toContain('flattened butterfly');
    const g = channelGraphGeometry(data.graph!, { width });
    expect(g.targets).toHaveLength(160);
    expect(g.size.height).toBeLessThanOrEqual(760 + g.margin.top + 8);
  });
});
