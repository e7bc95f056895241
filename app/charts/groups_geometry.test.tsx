// Groups (a dragonfly's drawing) checked against the engine's own description of a dragonfly:
// every part within the square, every channel drawn where the groups are drawn apart, one chord
// per pair of groups, and the thinning of a large one said in its note.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap } from '../engine/types';
import type { ChannelGraph, GroupsLayout } from '../results/chart_data';
import { groupsSquare } from '../results/drawing/groups';
import { networkHeatmapData } from '../results/drawing/map_data';
import { ChannelGraphMap } from './ChannelGraphMap';
import { channelGraphGeometry } from './graph_geometry';
import type { DragonflyName } from './fixtures/dragonfly_networks';
import { describeDragonflies } from './fixtures/dragonfly_networks';

let networks: Record<DragonflyName, NetworkMap>;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  networks = await describeDragonflies(engine);
  engine.dispose();
}, 60_000);

function graphOf(name: DragonflyName): { graph: ChannelGraph; df: GroupsLayout } {
  const graph = networkHeatmapData(networks[name], 'value', 0).graph!;
  return { graph, df: graph.layout as GroupsLayout };
}

/** The pairs of groups the drawn global channels join, each pair once. */
function chordPairs(graph: ChannelGraph, df: GroupsLayout, lines: unknown[]) {
  const pairs = new Set<string>();
  graph.channels.forEach((c, i) => {
    if (!df.global[i] || !lines[i]) return;
    const [g, h] = [df.group[c.from]!, df.group[c.to]!].sort((x, y) => x - y);
    pairs.add(`${g}-${h}`);
  });
  return pairs;
}

describe('networkHeatmapData(dragonfly)', () => {
  it("reads the groups from the drawing's axes and the global channels from their ends' groups", () => {
    const { graph, df } = graphOf('df72');
    expect(df.kind).toBe('groups');
    expect(df.groups).toBe(9);
    expect(df.group.slice(0, 9)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2]);
    expect(df.index.slice(0, 5)).toEqual([0, 1, 2, 3, 0]);
    // Two directions of one link per pair of groups; none to a terminal.
    expect(df.global.filter(Boolean)).toHaveLength(9 * 8);
    const within = graph.channels.filter(
      (c, i) => df.global[i] && df.group[c.from] === df.group[c.to],
    );
    expect(within).toEqual([]);
  });
});

describe('groupsSquare(graph, groups, side)', () => {
  it.each([
    ['small', 390],
    ['df72', 374],
    ['df72', 1184],
    ['df1056', 1184],
  ] as const)('draws every part of the %s dragonfly apart at %i px, within it', (name, side) => {
    const { graph, df } = graphOf(name);
    const p = groupsSquare(graph, df, side);
    expect(p.whole).toBe(false);
    expect(p.note).toBeNull();
    // Every channel a line, every terminal a dot, inside the square with room for the dot.
    expect(p.lines.every((l) => l !== null)).toBe(true);
    expect(p.terminals.every((t) => t !== null)).toBe(true);
    const margin = p.terminalRadius;
    for (const q of [...p.routers, ...p.terminals.map((t) => t!)]) {
      expect(q.px).toBeGreaterThanOrEqual(margin);
      expect(q.px).toBeLessThanOrEqual(side - margin);
      expect(q.py).toBeGreaterThanOrEqual(margin);
      expect(q.py).toBeLessThanOrEqual(side - margin);
    }
    const g = df.groups;
    expect(chordPairs(graph, df, p.lines).size).toBe((g * (g - 1)) / 2);
    // A router on its group's ring, its terminals farther out than it.
    p.routers.forEach((q, r) => {
      const c = p.groups[df.group[r]!]!;
      expect(Math.hypot(q.px - c.px, q.py - c.py)).toBeCloseTo(c.r, 6);
    });
    graph.channels.forEach((c) => {
      if (c.to < graph.routers) return;
      const t = p.terminals[c.to - graph.routers]!;
      const group = p.groups[df.group[c.from]!]!;
      expect(Math.hypot(t.px - group.px, t.py - group.py)).toBeGreaterThan(group.r * 1.2);
    });
    // Routers no closer than the least gap: a box each.
    const a = p.routers.length / g;
    expect(2 * p.groups[0]!.r * Math.sin(Math.PI / a)).toBeGreaterThanOrEqual(8);
  });

  it('leaves out the terminals of the 1,056-terminal dragonfly at 744 px, and says so', () => {
    const { graph, df } = graphOf('df1056');
    const p = groupsSquare(graph, df, 744);
    expect(p.whole).toBe(false);
    expect(p.note).toBe('terminals not drawn');
    expect(p.terminals.every((t) => t === null)).toBe(true);
    // Every channel between routers drawn: 33 groups of 8 * 7 local and 33 * 32 global.
    expect(p.lines.filter(Boolean)).toHaveLength(33 * 56 + 33 * 32);
  });

  it('draws a group of the 1,056-terminal dragonfly as one box at 374 px, and says so', () => {
    const { graph, df } = graphOf('df1056');
    const p = groupsSquare(graph, df, 374);
    expect(p.whole).toBe(true);
    expect(p.note).toBe(
      "each group's routers drawn as one box, its local channels not drawn; terminals not drawn",
    );
    // Only the global channels: both directions of the 528 chords.
    expect(p.lines.filter(Boolean)).toHaveLength(33 * 32);
    expect(chordPairs(graph, df, p.lines).size).toBe(528);
    p.routers.forEach((q, r) => {
      expect(q).toEqual({ px: p.groups[df.group[r]!]!.px, py: p.groups[df.group[r]!]!.py });
    });
  });

  it("turns a group's routers toward where their global channels go", () => {
    const { graph, df } = graphOf('df72');
    const p = groupsSquare(graph, df, 600);
    // Most chords leave their router on the group's side facing the other group (a router's two
    // channels may go both ways round, so not all can).
    let [facing, chords] = [0, 0];
    graph.channels.forEach((c, i) => {
      if (!df.global[i]) return;
      const [from, to] = [p.groups[df.group[c.from]!]!, p.groups[df.group[c.to]!]!];
      const router = p.routers[c.from]!;
      const dot =
        (router.px - from.px) * (to.px - from.px) + (router.py - from.py) * (to.py - from.py);
      chords++;
      if (dot > 0) facing++;
    });
    expect(chords).toBe(72);
    expect(facing / chords).toBeGreaterThan(0.8);
  });
});

describe('channelGraphGeometry(groups, size)', () => {
  it('centres the circle under the legend, as tall as the width up to its cap', () => {
    const { graph } = graphOf('df72');
    const g = channelGraphGeometry(graph, { width: 390 });
    expect(g.innerHeight).toBeCloseTo(374, 6);
    expect(g.size.height).toBeCloseTo(g.margin.top + 374 + 8, 6);
    expect(g.channels).toHaveLength(graph.channels.length);
    expect(g.targets).toHaveLength(graph.channels.length);
    for (const c of g.channels) {
      for (const [x, y] of [
        [c.x1, c.y1],
        [c.x2, c.y2],
      ]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(g.innerWidth);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(g.innerHeight);
      }
    }
    expect(g.channels[0]!.title).toMatch(/^group 0 router 0 → /);
  });

  it("words the drawing's groups and thinning in the caption and text alternative", () => {
    const { graph } = graphOf('df1056');
    const html = renderToStaticMarkup(
      <ChannelGraphMap
        name="map"
        title="Channel utilization"
        data={{ dims: [], torus: false, channels: [], plane: 0, graph }}
        width={390}
      />,
    );
    expect(html).toContain('33 groups of 8 routers');
    expect(html).toContain('terminals not drawn');
    expect(html).toContain('A dragonfly&#x27;s groups around a circle');
    // One box per group.
    expect(html.match(/<rect class="heatmap-node"/g)).toHaveLength(33);
  });
});
