// A channel graph's layout: switches in columns by their distance from the terminals, each
// channel a line keeping to its right, and the read-out's targets.
import type { ChartSize } from './ChartBox';
import { chartFontSize } from './ChartBox';
import type { ChannelGraph, GraphChannel } from '../results/chart_data';
import { formatReadable } from '../results/format';
import { fatTreePlacement } from './fattree_geometry';
import type { GraphNode, GraphPlacement } from './graph_placement';
import { channelGraphCaptionParts } from './graph_words';
import { heatColor, heatLegendLayout, heatTop } from './heat_scale';
import { palette } from './palette';
import type { ReadoutTarget } from './Readout';

/** How the graph is drawn: px limits of the router boxes, terminal dots and channel lines. */
/**
 * A drawn channel as the readout shows it: at its line's middle (an arc's, a quadratic through
 * control point (cx, cy): a quarter of each end and half the control point), its utilization.
 */
export function channelTargets(
  channels: readonly {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
    cx?: number;
    cy?: number;
    color: string;
    title: string;
    value: number | null;
  }[],
): ReadoutTarget[] {
  return channels.map((c, i) => ({
    series: i,
    px: (c.x1 + 2 * (c.cx ?? (c.x1 + c.x2) / 2) + c.x2) / 4,
    py: (c.y1 + 2 * (c.cy ?? (c.y1 + c.y2) / 2) + c.y2) / 4,
    color: c.color,
    title: c.title,
    lines: [`utilization: ${c.value === null ? 'no data' : formatReadable(c.value, PERCENT)}`],
  }));
}

export const STYLE = {
  router: { max: 28, min: 4, share: 0.6 },
  terminal: { max: 5, min: 1.5 },
  line: { max: 3, min: 1 },
  /** Sideways offset of the two directions of a link, in line widths. */
  lane: 1.2,
  noDataOpacity: 0.3,
  outer: 8,
} as const;

const PERCENT = { unit: '', format: 'percent' } as const;

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
function columnPlacement(
  graph: ChannelGraph,
  innerWidth: number,
  innerHeight: number,
): GraphPlacement {
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
 * Everything the graph map draws, in plot coordinates: routers as boxes in columns (the ones
 * nearest the terminals on the right; a fat tree's in rows, fattree_geometry.ts), terminals as
 * dots in a last column, each channel as a line coloured by utilization with an arrow-free lane
 * offset so the two directions of a link lie side by side, and read-out targets at the channels'
 * middles. Pure, so it can be tested.
 */
export function channelGraphGeometry(graph: ChannelGraph, size: ChartSize) {
  const fontSize = chartFontSize(size);
  const scaleTop = heatTop(graph.channels.map((c) => c.value));
  const legend = heatLegendLayout(
    channelGraphCaptionParts(graph),
    scaleTop,
    size.width - 2 * STYLE.outer,
    fontSize,
  );
  const top = STYLE.outer + legend.height;
  const innerWidth = Math.max(20, size.width - 2 * STYLE.outer);
  const innerHeight = Math.max(20, size.height - top - STYLE.outer);
  const { nodes, routerRoom, spacing } = graph.fatTree
    ? fatTreePlacement(graph, graph.fatTree, innerWidth, innerHeight)
    : columnPlacement(graph, innerWidth, innerHeight);
  const routerSize = Math.min(
    STYLE.router.max,
    Math.max(STYLE.router.min, STYLE.router.share * routerRoom),
  );
  const lineWidth = Math.min(STYLE.line.max, Math.max(STYLE.line.min, spacing / 6));
  const terminalRadius = Math.min(STYLE.terminal.max, Math.max(STYLE.terminal.min, spacing / 4));
  const name = (id: number) =>
    id >= graph.routers ? `terminal ${id - graph.routers}` : `switch ${id}`;
  const channels = graph.channels.map((c: GraphChannel) => {
    const a = nodes.get(c.from) ?? { px: 0, py: 0 };
    const b = nodes.get(c.to) ?? { px: 0, py: 0 };
    const length = Math.hypot(b.px - a.px, b.py - a.py) || 1;
    // Keep right of the direction of travel, so a link's two directions do not overlap.
    const [ox, oy] = [
      (-(b.py - a.py) / length) * lineWidth * STYLE.lane,
      ((b.px - a.px) / length) * lineWidth * STYLE.lane,
    ];
    return {
      ...c,
      x1: a.px + ox,
      y1: a.py + oy,
      x2: b.px + ox,
      y2: b.py + oy,
      color: c.value === null ? palette.grey : heatColor(c.value, scaleTop),
      title: `${name(c.from)} → ${name(c.to)}`,
    };
  });
  const targets = channelTargets(channels);
  const routers = [...nodes.values()].filter((n) => n.id < graph.routers);
  const terminals = [...nodes.values()].filter((n) => n.id >= graph.routers);
  return {
    size,
    fontSize,
    margin: { top, left: STYLE.outer },
    legend,
    scaleTop,
    innerWidth,
    innerHeight,
    routerSize,
    terminalRadius,
    lineWidth,
    routers,
    terminals,
    channels,
    targets,
  };
}

type ColumnsGeometry = ReturnType<typeof channelGraphGeometry>;

/**
 * What a channel graph map draws (a dragonfly's too: dragonfly_geometry.ts; a flattened
 * butterfly's, whose channels are arcs through a control point: flatfly_geometry.ts).
 */
export type GraphGeometry = Omit<ColumnsGeometry, 'channels'> & {
  channels: (ColumnsGeometry['channels'][number] & { cx?: number; cy?: number })[];
};
