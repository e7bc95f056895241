// Switches in columns by their distance from the terminals, terminals in a last column on the
// right: how stages (a fly), any graph (a network of C104s) and a crossbar's one switch are
// placed, each channel a line keeping to its right. A tree's levels are sized alike (tree.ts).
import type { ChannelGraph } from '../chart_data';
import type { Place, Placement } from './placement_parts';
import { clamp, laneLine, switchName } from './placement_parts';

/** A placed node: a router index, or routers + t for terminal t. */
export interface GraphNode extends Place {
  id: number;
}

/** Where a graph's nodes go, and the spacing its routers, terminals and lines are sized by. */
export interface GraphPlacement {
  /** By id, in the order the nodes are drawn. */
  nodes: Map<number, GraphNode>;
  /** The room a router has, px: the least of its column's width and its row's height. */
  routerRoom: number;
  /** The spacing of the most crowded row or column, px: terminal dots and lines fit it. */
  spacing: number;
}

/** px limits of the router boxes, terminal dots and channel lines. */
export const COLUMNS = {
  router: { max: 28, min: 4, share: 0.6 },
  terminal: { max: 5, min: 1.5 },
  line: { max: 3, min: 1 },
} as const;

/**
 * Columns of the drawing: a router's column is its distance (over channels either way) from the
 * routers that deliver to terminals, so a fly's stages, a Clos network's levels and a lone
 * crossbar each fall into place without knowing the shape. Terminals make the last column.
 */
export function graphColumns(graph: ChannelGraph): number[] {
  const level = Array<number>(graph.routers).fill(-1);
  const next = Array.from({ length: graph.routers }, () => new Set<number>());
  let frontier: number[] = [];
  for (const c of graph.channels) {
    if (c.to >= graph.routers) {
      if (level[c.from] === -1) frontier.push(c.from);
      level[c.from] = 0;
    } else {
      next[c.from]?.add(c.to);
      next[c.to]?.add(c.from);
    }
  }
  for (let depth = 1; frontier.length > 0; depth++) {
    const found: number[] = [];
    for (const r of frontier) {
      for (const n of next[r] ?? []) {
        if (level[n] === -1) {
          level[n] = depth;
          found.push(n);
        }
      }
    }
    frontier = found;
  }
  // A router out of reach (no route to a terminal) goes with the farthest.
  const deepest = Math.max(0, ...level);
  return level.map((l) => (l === -1 ? deepest : l));
}

/** Switches in columns by distance from the terminals (graphColumns), terminals rightmost. */
function columnNodes(graph: ChannelGraph, innerWidth: number, innerHeight: number): GraphPlacement {
  const column = graphColumns(graph);
  const columns = Math.max(0, ...column) + 2;
  const colWidth = innerWidth / columns;
  // Column c (distance from the terminals) is drawn at index columns - 2 - c: terminals rightmost.
  const byColumn = new Map<number, number[]>();
  column.forEach((c, r) => byColumn.set(c, [...(byColumn.get(c) ?? []), r]));
  const tallest = Math.max(graph.terminals, ...[...byColumn.values()].map((rs) => rs.length));
  const rowHeight = innerHeight / Math.max(1, tallest);
  const place = (index: number, count: number) => ((index + 0.5) * innerHeight) / count;
  const nodes = new Map<number, GraphNode>();
  for (const [c, routers] of byColumn) {
    routers.forEach((r, i) => {
      nodes.set(r, { id: r, px: (columns - 2 - c + 0.5) * colWidth, py: place(i, routers.length) });
    });
  }
  for (let t = 0; t < graph.terminals; t++) {
    const id = graph.routers + t;
    nodes.set(id, { id, px: (columns - 0.5) * colWidth, py: place(t, graph.terminals) });
  }
  return { nodes, routerRoom: Math.min(colWidth, rowHeight), spacing: rowHeight };
}

/**
 * Placed nodes as a Placement: routers as boxes sized by their room, terminals as dots and lines
 * sized by the spacing, every channel a straight line keeping to its right.
 */
export function sizedPlacement(graph: ChannelGraph, placed: GraphPlacement): Placement {
  const { nodes, routerRoom, spacing } = placed;
  const routerSize = clamp(
    COLUMNS.router.share * routerRoom,
    COLUMNS.router.min,
    COLUMNS.router.max,
  );
  const lineWidth = clamp(spacing / 6, COLUMNS.line.min, COLUMNS.line.max);
  const terminalRadius = clamp(spacing / 4, COLUMNS.terminal.min, COLUMNS.terminal.max);
  const origin = { px: 0, py: 0 };
  const lines = graph.channels.map((c) =>
    laneLine(nodes.get(c.from) ?? origin, nodes.get(c.to) ?? origin, lineWidth),
  );
  const at = (id: number): Place => {
    const n = nodes.get(id) ?? origin;
    return { px: n.px, py: n.py };
  };
  return {
    routers: Array.from({ length: graph.routers }, (_, r) => at(r)),
    boxes: [...nodes.keys()].filter((id) => id < graph.routers),
    terminals: Array.from({ length: graph.terminals }, (_, t) =>
      nodes.has(graph.routers + t) ? at(graph.routers + t) : null,
    ),
    lines,
    routerSize,
    terminalRadius,
    lineWidth,
    note: null,
    discs: [],
    routerName: switchName,
  };
}

/** Switches in columns in a `width` x `height` px box, terminals in the last column. */
export function columnsPlacement(graph: ChannelGraph, width: number, height: number): Placement {
  return sizedPlacement(graph, columnNodes(graph, width, height));
}
