// The channel-dependency graph drawn from the engine's own graph (a ring and a torus, with and
// without a dateline): its cycles thick vermillion where the engine found them, none once the dateline is on.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap } from '../engine/types';
import { findNetwork } from '../engine/types';
import {
  ChannelDependencyGraph,
  dependencyCaption,
  dependencyGeometry,
} from './ChannelDependencyGraph';
import { dependencyGraphData } from '../results/dependency_graph_data';

const graphs: Record<string, NetworkMap | undefined> = {};
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const light = { injection_rate: 0.02, sweep_rates: [0.02], warmup_cycles: 100, max_cycles: 1000 };
  const runs = {
    ring: { topology: 1, dims: [8], vcs: 1, dateline: 1 },
    ringDated: { topology: 1, dims: [8], vcs: 2, dateline: 0 },
    torus: { topology: 1, dims: [4, 4], vcs: 1, dateline: 1 },
    torusDated: { topology: 1, dims: [4, 4], vcs: 2, dateline: 0 },
    mesh: { topology: 0, dims: [4, 4] },
  };
  for (const [name, params] of Object.entries(runs)) {
    const { result } = await engine.run({
      model: 'network_traffic',
      params: { ...params, ...light },
      seed: 1,
    });
    graphs[name] = findNetwork(result, 'channel_dependencies');
  }
  engine.dispose();
}, 60_000);

function draw(name: string, width = 640) {
  const errors = vi.spyOn(console, 'error');
  const html = renderToStaticMarkup(
    <ChannelDependencyGraph
      name="cdg"
      title="CDG"
      data={dependencyGraphData(graphs[name])}
      width={width}
    />,
  );
  expect(errors).not.toHaveBeenCalled();
  return html;
}

const redEdges = (html: string) => (html.match(/class="cdg-cycle"/g) ?? []).length;

describe('ChannelDependencyGraph', () => {
  it('draws the ring without a dateline with its two cycles thick vermillion', () => {
    const data = dependencyGraphData(graphs.ring);
    expect(data.channels).toHaveLength(16);
    expect(data.edges).toHaveLength(16);
    expect(data.cycles).toBe(2);
    const html = draw('ring');
    expect(redEdges(html)).toBe(16);
    expect(html).toContain('2 cycles (16 dependences, thick vermillion)');
  });

  it('draws no cycle once the dateline is on, a dot per class beside each channel', () => {
    const data = dependencyGraphData(graphs.ringDated);
    expect(data.cycles).toBe(0);
    expect(new Set(data.edges.map((e) => e.toClass))).toEqual(new Set([0, 1]));
    const html = draw('ringDated');
    expect(redEdges(html)).toBe(0);
    expect(html).toContain('and no cycle');
    expect((html.match(/<circle/g) ?? []).length).toBe(32);
    expect(redEdges(draw('torusDated'))).toBe(0);
  });

  it('draws a torus on its grid, the wrap-around channels inside the chart', () => {
    const data = dependencyGraphData(graphs.torus);
    expect(data.cycles).toBe(8);
    expect(redEdges(draw('torus'))).toBeGreaterThan(0);
    for (const width of [320, 700, 1200]) {
      const g = dependencyGeometry(data, width);
      for (const c of g.channels) {
        for (const [x, y] of c.nodes.values()) {
          expect(x).toBeGreaterThan(0);
          expect(x).toBeLessThan(g.width);
          expect(y).toBeGreaterThan(0);
          expect(y).toBeLessThan(g.height);
        }
      }
      // Each channel's node apart from every other's.
      const at = g.channels.map((c) =>
        c.nodes
          .get(0)!
          .map((v) => v.toFixed(1))
          .join(),
      );
      expect(new Set(at).size).toBe(at.length);
    }
  });

  it('says there is no graph for a mesh, without drawing one', () => {
    expect(graphs.mesh).toBeUndefined();
    const data = dependencyGraphData(graphs.mesh);
    expect(dependencyCaption(data)).toBe(
      'No channel-dependency graph: it is drawn for a ring or torus.',
    );
    expect(draw('mesh')).not.toContain('<circle');
  });
});
