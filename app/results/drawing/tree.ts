// A tree as its papers draw a fat tree (Leiserson 1985; Petrini & Vanneschi 1997): the
// terminals in a row at the bottom, each level of switches a row above them, the top level
// highest, each switch in its level's order so a bottom switch sits over its own terminals; and
// its schematic at picker size.
import type { ChannelGraph, TreeLayout } from '../chart_data';
import type { GraphNode } from './columns';
import { sizedPlacement } from './columns';
import type { Drawing } from './drawing';
import type { Placement } from './placement_parts';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { PAD, SIZE } from './schematic_parts';

/**
 * Switch (level l, index s) at row l from the top, s-th of its level across the width; terminal
 * t t-th across the bottom row. Routers get the room of a switch in its row, lines and terminal
 * dots the spacing of the terminals.
 */
export function treePlacement(
  graph: ChannelGraph,
  tree: TreeLayout,
  innerWidth: number,
  innerHeight: number,
): Placement {
  const perLevel = Math.max(1, ...tree.index.map((i) => i + 1));
  const rowHeight = innerHeight / (tree.levels + 1);
  const across = (i: number, count: number) => ((i + 0.5) * innerWidth) / Math.max(1, count);
  const nodes = new Map<number, GraphNode>();
  for (let r = 0; r < graph.routers; r++) {
    const py = ((tree.level[r] ?? 0) + 0.5) * rowHeight;
    nodes.set(r, { id: r, px: across(tree.index[r] ?? 0, perLevel), py });
  }
  for (let t = 0; t < graph.terminals; t++) {
    const id = graph.routers + t;
    nodes.set(id, { id, px: across(t, graph.terminals), py: (tree.levels + 0.5) * rowHeight });
  }
  return sizedPlacement(graph, {
    nodes,
    routerRoom: Math.min(innerWidth / perLevel, rowHeight),
    spacing: innerWidth / Math.max(1, graph.terminals),
  });
}

/** Switches drawn per level at most, and terminals; the label keeps the real counts. */
const MAX_SWITCHES = 8;
const MAX_TERMINALS = 16;

/** `count` points across the padded width at height y. */
function row(count: number, y: number): Point[] {
  return Array.from({ length: count }, (_, i) => ({
    x: PAD + ((SIZE - 2 * PAD) * (i + 0.5)) / count,
    y,
  }));
}

/**
 * A tree of `radix`-port switches in `extent[0]` levels at picker size: level l's switches in
 * row l from the top, the terminals below; down port p of switch s on level l leads to s with
 * base-k digit n - 2 - l set to p. Of a wide tree the first switches of each level are drawn, the
 * links among them, and some terminals under each bottom switch.
 */
export function treeSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  const [k = 2, n = 1] = [drawing.radix, drawing.extent[0] ?? 1].map((d) =>
    Math.max(1, Math.round(d)),
  );
  const perLevel = k ** (n - 1);
  const terminals = perLevel * k;
  const shown = Math.min(perLevel, MAX_SWITCHES);
  const gap = (SIZE - 2 * PAD) / n;
  const levels = Array.from({ length: n }, (_, l) => row(shown, PAD + l * gap));
  // Each bottom switch drawn over its own terminals, as many of them as there is room for.
  const perLeaf = Math.min(k, Math.floor(MAX_TERMINALS / shown));
  const leaves = row(shown * perLeaf, PAD + n * gap);
  const lines: [Point, Point][] = [];
  levels.forEach((switches, l) => {
    switches.forEach((at, s) => {
      for (let p = 0; p < k; p++) {
        if (l === n - 1) {
          if (p < perLeaf) lines.push([at, leaves[s * perLeaf + p]!]);
          continue;
        }
        const w = k ** (n - 2 - l);
        const below = levels[l + 1]![s + (p - (Math.floor(s / w) % k)) * w];
        if (below) lines.push([at, below]);
      }
    });
  });
  return {
    label: chartsT('schematic.tree', {
      shape: shapeName(shape),
      levels: String(n),
      switches: String(perLevel),
      nodes: String(terminals),
    }),
    planes: [{ corners: [], lines, dots: [...levels.flat(), ...leaves] }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.5, (SIZE - 2 * PAD) / Math.max(shown, leaves.length) / 3)),
    stroke: shown * k > 16 ? 0.35 : 0.6,
  };
}
