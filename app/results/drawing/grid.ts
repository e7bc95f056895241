// Routers on a lattice by their coordinates (a grid, and a ring): where the channel maps and the
// packet view put each node of the drawn plane, and the schematic at picker size (a ring, a 2-D
// grid, a 3-D lattice as stacked planes in an oblique projection).
import type { ChannelHeatmapData } from '../chart_data';
import type { Drawing } from './drawing';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { PAD, SIZE } from './schematic_parts';

/**
 * The lattice as drawn: radices and plane made valid, so bad data draws instead of throwing. A
 * ring or line of 4 or more nodes (an even number) is drawn folded into a loop of two rows, out
 * along the top and back along the bottom: a row of k would draw each node k times smaller than
 * the page allows (the deadlock ring was a 40 px strip on a projector).
 */
export function latticeOf(data: ChannelHeatmapData) {
  const dims = data.dims
    .slice(0, 3)
    .map((k) => (Number.isFinite(k) ? Math.max(1, Math.floor(k)) : 1));
  const n = Math.max(1, dims.length);
  const [kx = 1, ky = 1, kz = 1] = dims;
  const plane = Number.isFinite(data.plane)
    ? Math.min(kz - 1, Math.max(0, Math.round(data.plane)))
    : 0;
  const folded = n === 1 && kx >= 4 && kx % 2 === 0;
  return {
    dims,
    n,
    kx,
    ky,
    kz,
    plane: n === 3 ? plane : 0,
    torus: data.torus,
    folded,
    columns: folded ? kx / 2 : kx,
    rows: folded ? 2 : ky,
  };
}

/**
 * Where node (x, y) of the plane is drawn, in cells from the grid's bottom left: its own
 * coordinates, or on a folded ring x from 0 along the top row and back along the bottom.
 */
export function gridPlace(data: ChannelHeatmapData, x: number, y: number): [number, number] {
  const net = latticeOf(data);
  if (!net.folded) return [x, y];
  return x < net.columns ? [x, 1] : [net.kx - 1 - x, 0];
}

/** The drawn grid's columns and rows (a folded ring's two rows). */
export function gridShape(data: ChannelHeatmapData): { columns: number; rows: number } {
  const net = latticeOf(data);
  return { columns: net.columns, rows: net.rows };
}

/** Grids up to this many nodes a side show their nodes as dots; larger ones show the lattice. */
const MAX_DOTS_SIDE = 8;

/** The counts a lattice's label says: `count` nodes, or `count` routers of `concentration`. */
function counts(count: number, concentration: number) {
  return {
    concentrated: concentration > 1 ? 'yes' : 'no',
    routers: String(count),
    nodes: String(concentration > 1 ? count * concentration : count),
  };
}

/** A ring of `nodes` at picker size: its nodes on a circle, each joined to the next. */
export function ringSchematic(drawing: Drawing, nodes?: number): SchematicGeometry {
  const total = Math.max(1, Math.round(drawing.extent[0] ?? 1));
  const count = Math.max(1, Math.min(total, Math.round(nodes ?? total)));
  const r = SIZE / 2 - PAD;
  const dots = Array.from({ length: count }, (_, i) => {
    const a = (2 * Math.PI * i) / count - Math.PI / 2;
    return { x: SIZE / 2 + r * Math.cos(a), y: SIZE / 2 + r * Math.sin(a) };
  });
  const lines = dots.map((p, i): [Point, Point] => [p, dots[(i + 1) % count]!]);
  return {
    label: chartsT('schematic.ring', counts(count, drawing.terminalsPerRouter)),
    planes: [{ corners: [], lines: count > 1 ? lines : [], dots }],
    depth: [],
    wrap: false,
    radius: Math.max(1.2, Math.min(5, 60 / count)),
    stroke: 1.2,
  };
}

/**
 * A lattice at picker size: a line as a row of the grid, a 2-D grid, a 3-D one as stacked planes
 * in an oblique projection, its first `nodes` drawn in x-first order. Large lattices keep their
 * real structure, scaled (without dots), and the node count is in the label.
 */
export function gridSchematic(drawing: Drawing, shape: string, nodes?: number): SchematicGeometry {
  const given = drawing.extent.map((d) => Math.max(1, Math.round(d)));
  // A line is drawn as a row of the grid.
  const sides = given.length === 1 ? [given[0]!, 1] : given;
  const total = sides.reduce((a, b) => a * b, 1);
  const count = Math.max(1, Math.min(total, Math.round(nodes ?? total)));
  const label = chartsT('schematic.lattice', {
    shape: shapeName(shape),
    sides: sides.join('×'),
    ...counts(count, drawing.terminalsPerRouter),
  });
  const [columns = 1, rows = 1, layers = 1] = sides;
  // A 3-D lattice: each plane shrinks to leave room for the offset of the ones behind it.
  const offset = layers > 1 ? (SIZE - 2 * PAD) * 0.35 : 0;
  const width = SIZE - 2 * PAD - offset;
  const gap = width / Math.max(1, Math.max(columns, rows) - 1);
  const shift = layers > 1 ? offset / (layers - 1) : 0;
  // A plane with fewer rows than columns (4x2, a p x 1 row) sits in the middle, not at the top.
  const top = layers > 1 ? offset : (width - (rows - 1) * gap) / 2;
  const at = (c: number, r: number, z: number): Point => ({
    x: PAD + c * gap + z * shift,
    y: PAD + top + r * gap - z * shift,
  });
  // A single row keeps its dots up to twice as many nodes as a grid's side.
  const dotted =
    rows === 1 ? columns <= 2 * MAX_DOTS_SIDE : Math.max(columns, rows) <= MAX_DOTS_SIDE;
  const planes: SchematicGeometry['planes'] = [];
  for (let z = layers - 1; z >= 0; z--) {
    const inPlane = Math.min(columns * rows, count - z * columns * rows);
    if (inPlane <= 0) continue;
    const lastRow = Math.ceil(inPlane / columns) - 1;
    const lines: [Point, Point][] = [];
    // The planes behind the front one are outlines: their lattices would hide each other.
    if (z === 0) {
      for (let r = 0; r <= lastRow; r++) {
        const end = r === lastRow ? (inPlane - 1) % columns : columns - 1;
        if (end > 0) lines.push([at(0, r, z), at(end, r, z)]);
      }
      for (let c = 0; c < columns; c++) {
        const end = c <= (inPlane - 1) % columns ? lastRow : lastRow - 1;
        if (end > 0) lines.push([at(c, 0, z), at(c, end, z)]);
      }
    }
    const dots: Point[] = [];
    if (dotted && z === 0) {
      for (let i = 0; i < inPlane; i++) dots.push(at(i % columns, Math.floor(i / columns), z));
    }
    planes.push({
      corners: [
        at(0, 0, z),
        at(columns - 1, 0, z),
        at(columns - 1, rows - 1, z),
        at(0, rows - 1, z),
      ],
      lines,
      dots,
    });
  }
  const depth: [Point, Point][] =
    layers > 1
      ? [
          [0, 0],
          [columns - 1, 0],
          [columns - 1, rows - 1],
          [0, rows - 1],
        ].map(([c, r]) => [at(c!, r!, 0), at(c!, r!, layers - 1)])
      : [];
  return {
    label,
    planes,
    depth,
    wrap: drawing.wraps,
    radius: Math.max(
      1.2,
      Math.min(rows === 1 ? gap / 3 : 5, 40 / Math.max(columns, rows, Math.sqrt(count))),
    ),
    stroke: Math.min(1.2, gap / 3),
  };
}
