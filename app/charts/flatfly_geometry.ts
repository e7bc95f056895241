// A flattened butterfly as Kim, Dally & Abts (2007) draw it: the routers on a grid by their
// coordinates (x across, y down; a third dimension's planes side by side, a fourth's stacked, and
// so on, each block beside or below the last), every row's channels arcs between its routers,
// each direction bulging to its right so the two do not overlap, longer spans higher so they
// clear the routers between; terminals as dots around their router. A k-ary n-cube of more than
// three dimensions is drawn alike, its rows' neighbours joined. The channel graph map and the
// packet view both place it here.
import type { ChartSize } from './ChartBox';
import { chartFontSize } from './ChartBox';
import type { ArcGrid, ChannelGraph } from '../results/chart_data';
import { channelGraphCaptionParts } from './graph_words';
import type { GraphGeometry } from './graph_geometry';
import { channelTargets, STYLE } from './graph_geometry';
import { heatColor, heatLegendLayout, heatTop } from './heat_scale';
import { palette } from './palette';

/** How a flattened butterfly is drawn: sizes in cells of the grid, or px. */
export const FLATFLY = {
  /** Cells between a third or fourth dimension's planes. */
  planeGap: 1,
  /** An arc's height per cell it spans: within a plane, and between planes. */
  bulge: 0.15,
  planeBulge: 0.05,
  router: { max: 14, share: 0.3 },
  /** The ring of a router's terminals, in cells. */
  terminalRing: 0.32,
  /** Terminal dots closer than this (px), or nearer their router's box, are not drawn. */
  terminalGap: 5,
  terminal: { max: 3.5, min: 1 },
  line: { max: 2.5, min: 0.5, share: 1 / 14 },
  /**
   * The tallest the map draws, legend and grid, when its height is not given, px: the cube's heat
   * map's tallest, so a presented map, twice as large, fits a 1080 px screen too.
   */
  side: 480,
} as const;

interface Place {
  px: number;
  py: number;
}

/** A channel drawn from (x1, y1) to (x2, y2), a quadratic arc through control (cx, cy) if set. */
export interface Arc {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  cx?: number;
  cy?: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Where each coordinate of the dimensions along one side lands, in cells (the first 1 apart, each
 * later one a step over the block so far and a gap), and the side's extent past its first cell.
 */
function fold(radix: number[]) {
  const steps: number[] = [];
  let span = 0;
  for (const [i, k] of radix.entries()) {
    const step = i === 0 ? 1 : span + 1 + FLATFLY.planeGap;
    steps.push(step);
    span += (k - 1) * step;
  }
  return { steps, span };
}

/** The dimensions across (x, z, ...) and down (y, w, ...). */
function sides(ff: ArcGrid) {
  return {
    across: fold(ff.radix.filter((_, d) => d % 2 === 0)),
    down: fold(ff.radix.filter((_, d) => d % 2 === 1)),
  };
}

/** A router's cell on the grid: column and row. */
function cellOf(ff: ArcGrid, router: number): [number, number] {
  const { across, down } = sides(ff);
  let [column, row] = [0, 0];
  (ff.position[router] ?? []).forEach((v, d) => {
    if (d % 2 === 0) column += v * (across.steps[d / 2] ?? 0);
    else row += v * (down.steps[(d - 1) / 2] ?? 0);
  });
  return [column, row];
}

/** The grid's extent in cells: columns and rows, and the arcs' reach past them either way. */
function extent(ff: ArcGrid) {
  const { across, down } = sides(ff);
  const [cols, rows] = [across.span, down.span];
  const n = ff.radix.length;
  const [k0 = 1, k1 = 1] = ff.radix;
  // Arcs along x (and z) bulge up or down, along y (and w) left or right.
  const reachY = Math.max(FLATFLY.bulge * (k0 - 1), FLATFLY.planeBulge * cols * (n > 2 ? 1 : 0));
  const reachX =
    n > 1 ? Math.max(FLATFLY.bulge * (k1 - 1), FLATFLY.planeBulge * rows * (n > 3 ? 1 : 0)) : 0;
  return { cols, rows, reachX, reachY };
}

/** The px a flattened butterfly `width` wide takes at most (its cells square). */
export function flatflyHeight(ff: ArcGrid, width: number): number {
  const e = extent(ff);
  return (width / (e.cols + 1 + 2 * e.reachX)) * (e.rows + 1 + 2 * e.reachY);
}

/** The parts in a `width` x `height` px box from its top left, the grid centred in it. */
export function flatflyPlacement(graph: ChannelGraph, ff: ArcGrid, width: number, height: number) {
  const e = extent(ff);
  const [wide, tall] = [e.cols + 1 + 2 * e.reachX, e.rows + 1 + 2 * e.reachY];
  const cell = Math.max(1, Math.min(width / wide, height / tall));
  const [left, top] = [(width - cell * wide) / 2, (height - cell * tall) / 2];
  const routers = Array.from({ length: graph.routers }, (_, r) => {
    const [c, w] = cellOf(ff, r);
    return { px: left + (c + 0.5 + e.reachX) * cell, py: top + (w + 0.5 + e.reachY) * cell };
  });
  const routerSize = Math.min(FLATFLY.router.max, FLATFLY.router.share * cell);
  const lineWidth = clamp(cell * FLATFLY.line.share, FLATFLY.line.min, FLATFLY.line.max);
  // Terminals on a ring around their router, spread alike.
  const perRouter = Math.max(1, Math.ceil(graph.terminals / Math.max(1, graph.routers)));
  const ring = FLATFLY.terminalRing * cell;
  const dots =
    (2 * Math.PI * ring) / perRouter >= FLATFLY.terminalGap &&
    ring - routerSize / 2 >= FLATFLY.terminalGap;
  const seen = Array<number>(graph.routers).fill(0);
  const terminalRouter = Array<number>(graph.terminals).fill(-1);
  for (const c of graph.channels) {
    if (c.to >= graph.routers) terminalRouter[c.to - graph.routers] = c.from;
  }
  const terminals = terminalRouter.map((r): Place | null => {
    const at = routers[r];
    if (!dots || !at) return null;
    const t = Math.PI / 4 + (2 * Math.PI * seen[r]!++) / perRouter;
    return { px: at.px + ring * Math.cos(t), py: at.py + ring * Math.sin(t) };
  });
  const lines = graph.channels.map((c, i): Arc | null => {
    const start = routers[c.from];
    const end = c.to < graph.routers ? routers[c.to] : terminals[c.to - graph.routers];
    if (!start || !end) return null;
    const [dx, dy] = [end.px - start.px, end.py - start.py];
    const length = Math.hypot(dx, dy) || 1;
    // Right of the direction of travel.
    const [nx, ny] = [-dy / length, dx / length];
    const lane = lineWidth * STYLE.lane;
    const line = {
      x1: start.px + nx * lane,
      y1: start.py + ny * lane,
      x2: end.px + nx * lane,
      y2: end.py + ny * lane,
    };
    const d = ff.dimension[i] ?? -1;
    if (d < 0) return line;
    // A quadratic's middle is half way to its control point.
    const rise = 2 * (d < 2 ? FLATFLY.bulge : FLATFLY.planeBulge) * length;
    return {
      ...line,
      cx: (line.x1 + line.x2) / 2 + nx * rise,
      cy: (line.y1 + line.y2) / 2 + ny * rise,
    };
  });
  return {
    routers,
    terminals,
    lines,
    routerSize,
    terminalRadius: clamp(ring / 4, FLATFLY.terminal.min, FLATFLY.terminal.max),
    lineWidth,
    note: dots ? null : 'terminals not drawn',
  };
}

/** How the map and the packet view name a flattened butterfly's router: its coordinates. */
export function flatflyRouterName(ff: ArcGrid, router: number): string {
  return `(${(ff.position[router] ?? []).join(', ')})`;
}

/**
 * The channel graph map of a flattened butterfly: the placement under the legend, as wide as the
 * map, the map at most FLATFLY.side tall unless a height is given, each channel coloured by
 * utilization, with read-out targets at their middles.
 */
export function flatflyGeometry(
  graph: ChannelGraph,
  ff: ArcGrid,
  size: Omit<ChartSize, 'height'> & { height?: number },
): GraphGeometry & { note: string | null } {
  const fontSize = chartFontSize(size);
  const scaleTop = heatTop(graph.channels.map((c) => c.value));
  const innerWidth = Math.max(20, size.width - 2 * STYLE.outer);
  const natural = Math.min(flatflyHeight(ff, innerWidth), FLATFLY.side);
  const probe = flatflyPlacement(graph, ff, innerWidth, natural);
  const parts = [...channelGraphCaptionParts(graph), ...(probe.note ? [probe.note] : [])];
  const legend = heatLegendLayout(parts, scaleTop, innerWidth, fontSize);
  const top = STYLE.outer + legend.height;
  const innerHeight = Math.max(
    20,
    size.height === undefined
      ? Math.min(natural, FLATFLY.side - top - STYLE.outer)
      : size.height - top - STYLE.outer,
  );
  const p = flatflyPlacement(graph, ff, innerWidth, innerHeight);
  const name = (id: number) =>
    id >= graph.routers ? `terminal ${id - graph.routers}` : flatflyRouterName(ff, id);
  const channels = graph.channels.flatMap((c, index) => {
    const arc = p.lines[index];
    if (!arc) return [];
    const color = c.value === null ? palette.grey : heatColor(c.value, scaleTop);
    return [{ ...c, index, ...arc, color, title: `${name(c.from)} → ${name(c.to)}` }];
  });
  return {
    size: { ...size, height: top + innerHeight + STYLE.outer },
    fontSize,
    margin: { top, left: STYLE.outer },
    legend,
    scaleTop,
    innerWidth,
    innerHeight,
    routerSize: p.routerSize,
    terminalRadius: p.terminalRadius,
    lineWidth: p.lineWidth,
    routers: p.routers.map((q, id) => ({ id, ...q })),
    terminals: p.terminals.flatMap((q, t) => (q ? [{ id: graph.routers + t, ...q }] : [])),
    channels,
    targets: channelTargets(channels),
    note: p.note,
  };
}
