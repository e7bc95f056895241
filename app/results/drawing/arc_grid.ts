// A grid of arcs as Kim, Dally & Abts (2007) draw a flattened butterfly: the routers on a grid by
// their coordinates (x across, y down; a third dimension's planes side by side, a fourth's
// stacked, and so on, each block beside or below the last), every row's channels arcs between
// its routers, each direction bulging to its right so the two do not overlap, longer spans
// higher so they clear the routers between; terminals as dots around their router. A k-ary
// n-cube of more than three dimensions is drawn alike, its rows' neighbours joined. And both at
// picker size.
import type { ArcGridLayout, ChannelGraph } from '../chart_data';
import type { Drawing } from './drawing';
import type { Arc, Place, Placement } from './placement_parts';
import { LANE, clamp } from './placement_parts';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { PAD, SIZE, arcLines } from './schematic_parts';

/** How a grid of arcs is drawn: sizes in cells of the grid, or px. */
export const ARC_GRID = {
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
} as const;

/**
 * Where each coordinate of the dimensions along one side lands, in cells (the first 1 apart, each
 * later one a step over the block so far and a gap), and the side's extent past its first cell.
 */
function fold(radix: number[]) {
  const steps: number[] = [];
  let span = 0;
  for (const [i, k] of radix.entries()) {
    const step = i === 0 ? 1 : span + 1 + ARC_GRID.planeGap;
    steps.push(step);
    span += (k - 1) * step;
  }
  return { steps, span };
}

/** The dimensions across (x, z, ...) and down (y, w, ...). */
function sidesOf(ff: ArcGridLayout) {
  return {
    across: fold(ff.radix.filter((_, d) => d % 2 === 0)),
    down: fold(ff.radix.filter((_, d) => d % 2 === 1)),
  };
}

/** A router's cell on the grid: column and row. */
function cellOf(ff: ArcGridLayout, router: number): [number, number] {
  const { across, down } = sidesOf(ff);
  let [column, row] = [0, 0];
  (ff.position[router] ?? []).forEach((v, d) => {
    if (d % 2 === 0) column += v * (across.steps[d / 2] ?? 0);
    else row += v * (down.steps[(d - 1) / 2] ?? 0);
  });
  return [column, row];
}

/** The grid's extent in cells: columns and rows, and the arcs' reach past them either way. */
function extentOf(ff: ArcGridLayout) {
  const { across, down } = sidesOf(ff);
  const [cols, rows] = [across.span, down.span];
  const n = ff.radix.length;
  const [k0 = 1, k1 = 1] = ff.radix;
  // Arcs along x (and z) bulge up or down, along y (and w) left or right.
  const reachY = Math.max(ARC_GRID.bulge * (k0 - 1), ARC_GRID.planeBulge * cols * (n > 2 ? 1 : 0));
  const reachX =
    n > 1 ? Math.max(ARC_GRID.bulge * (k1 - 1), ARC_GRID.planeBulge * rows * (n > 3 ? 1 : 0)) : 0;
  return { cols, rows, reachX, reachY };
}

/** The px a grid of arcs `width` wide takes at most (its cells square). */
export function arcGridHeight(ff: ArcGridLayout, width: number): number {
  const e = extentOf(ff);
  return (width / (e.cols + 1 + 2 * e.reachX)) * (e.rows + 1 + 2 * e.reachY);
}

/** How a grid of arcs names a router: its coordinates. */
export function arcGridRouterName(ff: ArcGridLayout, router: number): string {
  return `(${(ff.position[router] ?? []).join(', ')})`;
}

/** The parts in a `width` x `height` px box from its top left, the grid centred in it. */
export function arcGridPlacement(
  graph: ChannelGraph,
  ff: ArcGridLayout,
  width: number,
  height: number,
): Placement {
  const e = extentOf(ff);
  const [wide, tall] = [e.cols + 1 + 2 * e.reachX, e.rows + 1 + 2 * e.reachY];
  const cell = Math.max(1, Math.min(width / wide, height / tall));
  const [left, top] = [(width - cell * wide) / 2, (height - cell * tall) / 2];
  const routers = Array.from({ length: graph.routers }, (_, r) => {
    const [c, w] = cellOf(ff, r);
    return { px: left + (c + 0.5 + e.reachX) * cell, py: top + (w + 0.5 + e.reachY) * cell };
  });
  const routerSize = Math.min(ARC_GRID.router.max, ARC_GRID.router.share * cell);
  const lineWidth = clamp(cell * ARC_GRID.line.share, ARC_GRID.line.min, ARC_GRID.line.max);
  // Terminals on a ring around their router, spread alike.
  const perRouter = Math.max(1, Math.ceil(graph.terminals / Math.max(1, graph.routers)));
  const ring = ARC_GRID.terminalRing * cell;
  const dots =
    (2 * Math.PI * ring) / perRouter >= ARC_GRID.terminalGap &&
    ring - routerSize / 2 >= ARC_GRID.terminalGap;
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
    const lane = lineWidth * LANE;
    const line = {
      x1: start.px + nx * lane,
      y1: start.py + ny * lane,
      x2: end.px + nx * lane,
      y2: end.py + ny * lane,
    };
    const d = ff.dimension[i] ?? -1;
    if (d < 0) return line;
    // A quadratic's middle is half way to its control point.
    const rise = 2 * (d < 2 ? ARC_GRID.bulge : ARC_GRID.planeBulge) * length;
    return {
      ...line,
      cx: (line.x1 + line.x2) / 2 + nx * rise,
      cy: (line.y1 + line.y2) / 2 + ny * rise,
    };
  });
  return {
    routers,
    boxes: routers.map((_, r) => r),
    terminals,
    lines,
    routerSize,
    terminalRadius: clamp(ring / 4, ARC_GRID.terminal.min, ARC_GRID.terminal.max),
    lineWidth,
    note: dots ? null : chartsT('drawing.terminalsNotDrawn'),
    discs: [],
    routerName: (router) => arcGridRouterName(ff, router),
  };
}

/** Routers a side the schematic of whole rows draws at most; the label keeps all. */
const MAX_ROWS_SIDE = 5;

/**
 * Whole rows joined at picker size: one plane of the routers (a row of them for one dimension),
 * the routers of each row and column all joined by arcs bulging to one side.
 */
function wholeRowsSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  const [k = 2, n = 1, c = 1] = [
    drawing.extent[0] ?? 2,
    drawing.extent.length,
    drawing.terminalsPerRouter,
  ].map((d) => Math.max(0, Math.round(d)));
  const routers = drawing.extent.reduce((a, b) => a * b, 1);
  const side = Math.max(2, Math.min(k, MAX_ROWS_SIDE));
  const rows = n > 1 ? side : 1;
  const step = (SIZE - 2 * PAD) / Math.max(1, side - 1);
  const top = rows === 1 ? SIZE / 2 : PAD;
  const at = (x: number, y: number): Point => ({ x: PAD + x * step, y: top + y * step });
  const lines: [Point, Point][] = [];
  const arc = (a: Point, b: Point, rise: number) => lines.push(...arcLines(a, b, rise));
  const bulge = (span: number) => Math.min(PAD * 0.9, span * step * 0.15);
  for (let y = 0; y < rows; y++) {
    for (let a = 0; a < side; a++) {
      for (let b = a + 1; b < side; b++) {
        arc(at(a, y), at(b, y), bulge(b - a));
        if (rows > 1) arc(at(y, b), at(y, a), bulge(b - a));
      }
    }
  }
  const dots = Array.from({ length: side * rows }, (_, i) => at(i % side, Math.floor(i / side)));
  return {
    label: chartsT('schematic.wholeRows', {
      shape: shapeName(shape),
      sides: drawing.extent.join('×'),
      nodes: String(routers * c),
    }),
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.2, step / 8)),
    stroke: side > 4 ? 0.4 : 0.6,
  };
}

/** The most routers a folded schematic draws along either side of the picture. */
const MOST_SIDE = 12;
/** An arc's rise per unit of its span. */
const BULGE = 0.18;

/** Where each coordinate of the folded dimensions lands along one side of the plane, in cells. */
function foldSchematic(sides: number[]) {
  const offsets: number[] = [];
  let extent = 0;
  for (const [i, k] of sides.entries()) {
    // The first side's cells are 1 apart; each later one steps over the block so far and a gap.
    const step = i === 0 ? 1 : extent + 2;
    offsets.push(step);
    extent = i === 0 ? k - 1 : extent + (k - 1) * step;
  }
  return { offsets, extent };
}

/** The dimensions drawn: the first ones whose folded plane fits MOST_SIDE cells a side. */
function drawn(sides: number[]): number {
  for (let n = sides.length; n > 2; n--) {
    const across = foldSchematic(sides.slice(0, n).filter((_, d) => d % 2 === 0)).extent;
    const down = foldSchematic(sides.slice(0, n).filter((_, d) => d % 2 === 1)).extent;
    if (Math.max(across, down) < MOST_SIDE) return n;
  }
  return 2;
}

/**
 * Neighbours joined at picker size (a k-ary n-cube of more than three dimensions): its
 * dimensions folded onto a plane, the odd ones (x, z, d5, ...) across and the even ones (y, d4,
 * d6, ...) down, each past the first two a copy of the block before it beside or below it with a
 * gap. The links of x and y are the lattice; a later dimension's links are arcs between the
 * copies, so they do not run over the lattice. Large cubes draw their first dimensions only; the
 * label keeps all.
 */
function neighboursSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  const sides = drawing.extent.map((d) => Math.max(1, Math.round(d)));
  const torus = drawing.wraps;
  const concentration = drawing.terminalsPerRouter;
  const n = drawn(sides);
  const shown = sides.slice(0, n).map((k, d) => Math.min(k, d < 2 ? MOST_SIDE : k));
  const across = foldSchematic(shown.filter((_, d) => d % 2 === 0));
  const down = foldSchematic(shown.filter((_, d) => d % 2 === 1));
  // Arcs along a row rise above it, along a column to its right, by BULGE of their span.
  const [up, right] = [BULGE * across.extent, BULGE * down.extent];
  const cell = (SIZE - 2 * PAD) / Math.max(1, across.extent + right, down.extent + up);
  const left = (SIZE - (across.extent + right) * cell) / 2;
  const top = (SIZE - (down.extent - up) * cell) / 2;
  const at = (c: number[]): Point => {
    let [x, y] = [0, 0];
    c.forEach((v, d) => {
      const offset = (d % 2 === 0 ? across : down).offsets[Math.floor(d / 2)] ?? 1;
      if (d % 2 === 0) x += v * offset;
      else y += v * offset;
    });
    return { x: left + x * cell, y: top + y * cell };
  };
  const lines: [Point, Point][] = [];
  const arc = (a: Point, b: Point) =>
    lines.push(...arcLines(a, b, BULGE * Math.hypot(b.x - a.x, b.y - a.y)));
  const count = shown.reduce((a, b) => a * b, 1);
  const dots: Point[] = [];
  for (let node = 0; node < count; node++) {
    const c: number[] = [];
    let rest = node;
    for (const k of shown) {
      c.push(rest % k);
      rest = Math.floor(rest / k);
    }
    dots.push(at(c));
    // Each link once, from its lower end (a torus's wrap-around link from the top end).
    shown.forEach((k, d) => {
      const last = c[d] === k - 1;
      if (last && !(torus && k > 2)) return;
      const next = c.map((v, i) => (i === d ? (v + 1) % k : v));
      if (d < 2 && !last) lines.push([at(c), at(next)]);
      else arc(at(c), at(next));
    });
  }
  const total = sides.reduce((a, b) => a * b, 1);
  const binary = sides.every((k) => k === 2);
  return {
    label: chartsT('schematic.neighbours', {
      name: binary && !torus ? 'cube' : 'lattice',
      dims: String(sides.length),
      shape: shapeName(shape),
      sides: sides.join('×'),
      concentrated: concentration > 1 ? 'yes' : 'no',
      routers: String(total),
      nodes: String(concentration > 1 ? total * concentration : total),
      partial: n < sides.length ? 'yes' : 'no',
      drawn: String(n),
    }),
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.5, cell / 4)),
    stroke: Math.max(0.35, Math.min(0.8, cell / 10)),
  };
}

/** A grid of arcs at picker size: its rows' routers all joined, or its neighbours. */
export function arcGridSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  return drawing.wholeRows
    ? wholeRowsSchematic(drawing, shape)
    : neighboursSchematic(drawing, shape);
}
