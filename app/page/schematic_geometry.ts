// The geometry of a schematic: a k-ary n-cube (ring, grid, stacked planes) drawn here, a switched
// network (fly, crossbar, router network, dragonfly, flattened butterfly) by switched_geometry.ts,
// a fat tree by fattree_schematic.ts.
import type { Point, SchematicGeometry, SchematicProps } from './schematic_types';
import { PAD, SIZE } from './schematic_types';
import { fatTreeSchematic } from './fattree_schematic';
import { foldedCubeSchematic } from './folded_schematic';
import {
  dragonflySchematic,
  flatflySchematic,
  flyNetworks,
  switchedGeometry,
} from './switched_geometry';

/** Grids up to this many nodes a side show their nodes as dots; larger ones show the lattice. */
const MAX_DOTS_SIDE = 8;

/** Grid of a mesh or torus: columns and rows as near square as the node count allows. */
export function gridShape(nodes: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(nodes)));
  return { columns, rows: Math.max(1, Math.ceil(nodes / columns)) };
}

/**
 * The geometry of a k-ary n-cube at picker size: a ring, a 2-D grid, a 3-D mesh as stacked
 * planes in an oblique projection, or more dimensions folded onto a plane (folded_schematic.ts). Large machines keep their real structure, scaled (the lattice
 * without dots), and the node count is in the label.
 */
export function schematicGeometry({
  topology,
  dims,
  nodes,
  networks,
  concentration = 1,
}: SchematicProps): SchematicGeometry {
  if (topology === 'fly' && networks && networks.length > 0) {
    return flyNetworks(dims, networks, nodes);
  }
  if (topology === 'dragonfly') return dragonflySchematic(dims);
  if (topology === 'fat tree') return fatTreeSchematic(dims);
  if (topology === 'flattened butterfly') return flatflySchematic(dims);
  if (topology === 'fly' || topology === 'crossbar' || topology === 'router network') {
    return switchedGeometry(topology, dims);
  }
  const sides = dims.map((d) => Math.max(1, Math.round(d)));
  if (sides.length > 3) return foldedCubeSchematic(sides, topology === 'torus', concentration);
  const total = sides.reduce((a, b) => a * b, 1);
  const count = Math.max(1, Math.min(total, Math.round(nodes ?? total)));
  const shape = sides.length > 1 ? sides.join('×') + ' ' : '';
  const label =
    concentration > 1
      ? `${topology} ${shape}of ${count} routers, ${count * concentration} nodes`
      : `${topology} ${shape}of ${count} nodes`;

  if (topology === 'ring' || sides.length === 1) {
    const r = SIZE / 2 - PAD;
    const dots = Array.from({ length: count }, (_, i) => {
      const a = (2 * Math.PI * i) / count - Math.PI / 2;
      return { x: SIZE / 2 + r * Math.cos(a), y: SIZE / 2 + r * Math.sin(a) };
    });
    const lines = dots.map((p, i): [Point, Point] => [p, dots[(i + 1) % count]!]);
    return {
      label,
      planes: [{ corners: [], lines: count > 1 ? lines : [], dots }],
      depth: [],
      wrap: false,
      radius: Math.max(1.2, Math.min(5, 60 / count)),
      stroke: 1.2,
    };
  }

  const [columns = 1, rows = 1, layers = 1] = sides;
  // A 3-D mesh: each plane shrinks to leave room for the offset of the ones behind it.
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
    wrap: topology === 'torus',
    radius: Math.max(
      1.2,
      Math.min(rows === 1 ? gap / 3 : 5, 40 / Math.max(columns, rows, Math.sqrt(count))),
    ),
    stroke: Math.min(1.2, gap / 3),
  };
}
