// A tree (a fat tree's drawing) checked against the engine's own description of a fat tree: its
// levels in rows above the terminals, the top level highest, each bottom switch over its own
// terminals, every part inside the map at a phone's width and a wide screen's; and the packet
// view drawing it so.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap } from '../engine/types';
import type { TreeLayout } from '../results/chart_data';
import { networkHeatmapData } from '../results/drawing/map_data';
import { packetLayout } from '../views/packets/packet_layout';
import { ChannelGraphMap } from './ChannelGraphMap';
import { channelGraphGeometry } from './graph_geometry';

/** k and n of the trees drawn: 64 terminals under 3 levels, 16 under 4. */
const TREES = { k4n3: [4, 3], k2n4: [2, 4] } as const;
type TreeName = keyof typeof TREES;

let networks: Record<TreeName, NetworkMap>;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const out: Partial<Record<TreeName, NetworkMap>> = {};
  for (const [name, [k, n]] of Object.entries(TREES)) {
    const params = { topology: 6, fattree_arity: k, fattree_levels: n };
    out[name as TreeName] = (await engine.describe('network_traffic', params))[0]!;
  }
  networks = out as Record<TreeName, NetworkMap>;
  engine.dispose();
}, 60_000);

const graphOf = (name: TreeName) => networkHeatmapData(networks[name], 'value', 0).graph!;

describe('networkHeatmapData(fat tree)', () => {
  it("reads the levels and switches from the drawing's axes", () => {
    const ft = graphOf('k4n3').layout as TreeLayout;
    expect(ft.kind).toBe('tree');
    expect(ft.levels).toBe(3);
    expect(ft.level.slice(14, 18)).toEqual([0, 0, 1, 1]);
    expect(ft.index.slice(14, 18)).toEqual([14, 15, 0, 1]);
  });
});

describe('channelGraphGeometry(fat tree)', () => {
  it.each([
    ['k4n3', 390],
    ['k4n3', 1920],
    ['k2n4', 390],
    ['k2n4', 1920],
  ] as const)('draws %s in rows, terminals below, inside %i px', (name, width) => {
    const graph = graphOf(name);
    const ft = graph.layout as TreeLayout;
    const g = channelGraphGeometry(graph, { width, height: 480 });
    const [k] = TREES[name];
    const rowOf = new Map<number, number>();
    for (const r of g.routers) {
      expect(r.px).toBeGreaterThanOrEqual(g.routerSize / 2);
      expect(r.px).toBeLessThanOrEqual(g.innerWidth - g.routerSize / 2);
      rowOf.set(ft.level[r.id]!, r.py);
    }
    // One height per level, the top level highest, the terminals lowest.
    expect(new Set(g.routers.map((r) => r.py)).size).toBe(ft.levels);
    for (let l = 1; l < ft.levels; l++) expect(rowOf.get(l)!).toBeGreaterThan(rowOf.get(l - 1)!);
    const bottom = Math.max(...rowOf.values());
    for (const t of g.terminals) {
      expect(t.py).toBeGreaterThan(bottom);
      expect(t.py).toBeLessThanOrEqual(g.innerHeight);
    }
    // A bottom switch is centred over its k terminals; switches of a row do not overlap.
    for (const r of g.routers.filter((q) => ft.level[q.id] === ft.levels - 1)) {
      const mine = g.terminals.filter(
        (t) => Math.floor((t.id - graph.routers) / k) === ft.index[r.id],
      );
      const mean = mine.reduce((a, t) => a + t.px, 0) / mine.length;
      expect(r.px).toBeCloseTo(mean, 6);
    }
    const perLevel = g.routers.length / ft.levels;
    expect(g.innerWidth / perLevel).toBeGreaterThanOrEqual(g.routerSize);
    expect(g.channels).toHaveLength(graph.channels.length);
  });

  it('words the drawing as levels in rows', () => {
    const graph = graphOf('k4n3');
    const html = renderToStaticMarkup(
      <ChannelGraphMap
        name="map"
        title="Channel utilization"
        data={{ dims: [], torus: false, channels: [], plane: 0, graph }}
        width={390}
      />,
    );
    expect(html).toContain('A fat tree&#x27;s 3 levels of switches in rows');
    expect(html.match(/<rect class="heatmap-node"/g)).toHaveLength(48);
  });
});

describe('packetLayout(fat tree)', () => {
  it.each([
    ['k4n3', 390],
    ['k4n3', 1920],
  ] as const)('draws every channel and input of %s at %i px, inside the view', (name, width) => {
    const net = networks[name];
    const layout = packetLayout(net, { plane: 0, buffer: 4, width, maxHeight: 720 });
    expect(layout.height).toBeLessThanOrEqual(720);
    const channels = net.channels.columns[0]!.values.length;
    expect(layout.channelSegs.filter((s) => s.length === 1)).toHaveLength(channels);
    const inputs = Array.from(layout.inputRouter).filter((r) => r >= 0).length;
    expect(layout.buffers.filter(Boolean)).toHaveLength(inputs);
    for (const b of layout.buffers.filter(Boolean)) {
      for (const [x, y] of [
        [b!.x1, b!.y1],
        [b!.x2, b!.y2],
      ]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(layout.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(layout.height);
      }
    }
    // A terminal's buffer runs up from its dot to its switch, not a stub beside the switch.
    const t0 = layout.terminalAt[0]!;
    expect(t0.py).toBeGreaterThan(
      Math.max(...layout.nodes.filter((n) => n.kind === 'router').map((n) => n.py)),
    );
  });
});
