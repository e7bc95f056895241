// A fat tree as its papers draw it (Leiserson 1985; Petrini & Vanneschi 1997): the terminals in a
// row at the bottom, each level of switches a row above them, the top level highest, each
// switch in its level's order so a bottom switch sits over its own terminals. The channel graph
// map and the packet view both place it here (graph_geometry.ts sizes and colours the marks).
import type { ChannelGraph, FatTreeLevels } from '../results/chart_data';
import type { GraphNode, GraphPlacement } from './graph_placement';

/**
 * Switch (level l, index s) at row l from the top, s-th of its level across the width; terminal
 * t t-th across the bottom row. Routers get the room of a switch in its row, lines and terminal
 * dots the spacing of the terminals.
 */
export function fatTreePlacement(
  graph: ChannelGraph,
  ft: FatTreeLevels,
  innerWidth: number,
  innerHeight: number,
): GraphPlacement {
  const perLevel = Math.max(1, ...ft.index.map((i) => i + 1));
  const rowHeight = innerHeight / (ft.levels + 1);
  const across = (i: number, count: number) => ((i + 0.5) * innerWidth) / Math.max(1, count);
  const nodes = new Map<number, GraphNode>();
  for (let r = 0; r < graph.routers; r++) {
    const py = ((ft.level[r] ?? 0) + 0.5) * rowHeight;
    nodes.set(r, { id: r, px: across(ft.index[r] ?? 0, perLevel), py });
  }
  for (let t = 0; t < graph.terminals; t++) {
    const id = graph.routers + t;
    nodes.set(id, { id, px: across(t, graph.terminals), py: (ft.levels + 0.5) * rowHeight });
  }
  return {
    nodes,
    routerRoom: Math.min(innerWidth / perLevel, rowHeight),
    spacing: innerWidth / Math.max(1, graph.terminals),
  };
}
