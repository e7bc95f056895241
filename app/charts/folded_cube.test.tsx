// A k-ary n-cube of more than three dimensions as the engine describes it, drawn as the grid of
// arcs it declares (a flattened butterfly's too): its dimensions folded onto the plane (x, z, d5 across; y,
// d4 down), every router on a cell of its own, every link an arc within the box, and its
// dependency graph kept to the plane of x and y.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap, Params } from '../engine/types';
import type { ArcGridLayout } from '../results/chart_data';
import { arcGridHeight, arcGridPlacement } from '../results/drawing/arc_grid';
import { latticeHeatmap, networkHeatmapData } from '../results/drawing/map_data';
import { ChannelGraphMap } from './ChannelGraphMap';

let hypercube: NetworkMap;
let torus: NetworkMap;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const model = (await engine.listModels()).find((m) => m.name === 'network_traffic')!;
  const topology = model.params.find((p) => p.name === 'topology')!.choices;
  const networkOf = async (params: Params) =>
    (await engine.describe('network_traffic', params))[0]!;
  hypercube = await networkOf({
    topology: topology.indexOf('mesh'),
    dims: [2, 2, 2, 2, 2],
  });
  torus = await networkOf({
    topology: topology.indexOf('torus'),
    dims: [3, 3, 3, 3],
    vcs: 2,
  });
  engine.dispose();
}, 60_000);

describe('networkHeatmapData(a cube past three dimensions)', () => {
  it('draws a binary 5-cube as a grid of arcs, each channel its dimension', () => {
    const data = networkHeatmapData(hypercube, 'value', 0);
    expect(data.dims).toEqual([]);
    const grid = data.graph!.layout as ArcGridLayout;
    expect(grid.wholeRows).toBe(false);
    expect(grid.radix).toEqual([2, 2, 2, 2, 2]);
    expect(grid.position[31]).toEqual([1, 1, 1, 1, 1]);
    // 80 links, both directions, 32 of each dimension; and 32 terminals' deliveries.
    for (let d = 0; d < 5; d++) expect(grid.dimension.filter((x) => x === d)).toHaveLength(32);
    expect(data.graph!.channels).toHaveLength(160 + 32);
  });

  it('puts every router on a cell of its own and every arc inside the box', () => {
    for (const network of [hypercube, torus]) {
      const graph = networkHeatmapData(network, 'value', 0).graph!;
      const grid = graph.layout as ArcGridLayout;
      const height = arcGridHeight(grid, 600);
      const p = arcGridPlacement(graph, grid, 600, height);
      const cells = new Set(p.routers.map((r) => `${r.px.toFixed(3)},${r.py.toFixed(3)}`));
      expect(cells.size).toBe(graph.routers);
      for (const l of p.lines) {
        const x = (l!.x1 + 2 * (l!.cx ?? l!.x1) + l!.x2) / 4;
        const y = (l!.y1 + 2 * (l!.cy ?? l!.y1) + l!.y2) / 4;
        expect(Math.min(x, y)).toBeGreaterThanOrEqual(-1e-6);
        expect(x).toBeLessThanOrEqual(600 + 1e-6);
        expect(y).toBeLessThanOrEqual(height + 1e-6);
      }
    }
  });

  it('names the shape in the caption and the text alternative', () => {
    const data = networkHeatmapData(torus, 'value', 0);
    const html = renderToStaticMarkup(
      <ChannelGraphMap name="map" title="Channel utilization" data={data} width={800} />,
    );
    expect(html).toContain('3 x 3 x 3 x 3 torus');
    expect(html).toContain('4-dimensional torus');
  });

  it("keeps the dependency graph's channels to the routers whose d4 is 0", () => {
    // The 27 routers of d4 = 0, 6 channels each; the graph keeps those of z = 0 among them.
    const { channels } = latticeHeatmap(torus, 'id', 0);
    expect(channels).toHaveLength(162);
    expect(channels.filter((c) => c.from[2] === 0 && c.to[2] === 0)).toHaveLength(36);
    expect(channels.some((c) => c.direction.endsWith('d4'))).toBe(false);
  });
});
