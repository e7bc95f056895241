export type SchematicTopology = 'mesh' | 'torus' | 'ring' | 'fly' | 'crossbar' | 'router network';

export interface SchematicProps {
  topology: SchematicTopology;
  /**
   * Nodes along each dimension, 1 to 3 of them (x, y, z); for a fly its radix and stages, for a
   * crossbar its ports, for a router network its leaf routers, terminals per leaf and spines (no
   * leaf: two terminals linked directly).
   */
  dims: number[];
  /** Nodes drawn, in x-first order; all of `dims` unless fewer (a node count filling a grid). */
  nodes?: number;
  /** A fly: the names of identical networks drawn side by side, the nodes on both sides. */
  networks?: string[];
}

const SIZE = 96;
const PAD = 8;
/** Grids up to this many nodes a side show their nodes as dots; larger ones show the lattice. */
const MAX_DOTS_SIDE = 8;

/** Grid of a mesh or torus: columns and rows as near square as the node count allows. */
export function gridShape(nodes: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(nodes)));
  return { columns, rows: Math.max(1, Math.ceil(nodes / columns)) };
}

interface Point {
  x: number;
  y: number;
}

/**
 * What a schematic draws: planes back to front, each an outline; the front one (or the only one)
 * with its lattice lines and dots.
 */
export interface SchematicGeometry {
  label: string;
  /** One per z, the back plane first; the front plane (z = 0) is drawn last, on top. */
  planes: { corners: Point[]; lines: [Point, Point][]; dots: Point[] }[];
  /** Lines joining the planes' corners (3-D only). */
  depth: [Point, Point][];
  /** The wrap-around links of a torus, drawn as a frame. */
  wrap: boolean;
  /** Dot radius and lattice line width, both smaller for denser lattices. */
  radius: number;
  stroke: number;
  /** Names written under parts of the drawing (the networks of a machine with several). */
  captions?: (Point & { text: string })[];
}

/**
 * The geometry of a k-ary n-cube at picker size: a ring, a 2-D grid, or a 3-D mesh as stacked
 * planes in an oblique projection. Large machines keep their real structure, scaled (the lattice
 * without dots), and the node count is in the label.
 */
export function schematicGeometry({
  topology,
  dims,
  nodes,
  networks,
}: SchematicProps): SchematicGeometry {
  if (topology === 'fly' && networks && networks.length > 0) {
    return flyNetworks(dims, networks, nodes);
  }
  if (topology === 'fly' || topology === 'crossbar' || topology === 'router network') {
    return switchedGeometry(topology, dims);
  }
  const sides = dims.map((d) => Math.max(1, Math.round(d)));
  const total = sides.reduce((a, b) => a * b, 1);
  const count = Math.max(1, Math.min(total, Math.round(nodes ?? total)));
  const shape = sides.length > 1 ? sides.join('×') + ' ' : '';
  const label = `${topology} ${shape}of ${count} nodes`;

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

/** Switches drawn per column (or row) at most; the label keeps the real counts. */
const MAX_SWITCHES = 8;

/** Points spread evenly over [from, to] (the padded side by default) at `at` across. */
function spread(
  count: number,
  at: number,
  vertical: boolean,
  from = PAD,
  to = SIZE - PAD,
): Point[] {
  return Array.from({ length: count }, (_, i) => {
    const along = count === 1 ? (from + to) / 2 : from + ((to - from) * i) / (count - 1);
    return vertical ? { x: at, y: along } : { x: along, y: at };
  });
}

/**
 * A k-ary n-fly's columns of switches between x0 and x1, `shown` of them per column over [y0,
 * y1], wired stage to stage by the perfect shuffle.
 */
function flyColumns(
  k: number,
  n: number,
  shown: number,
  [x0, x1]: [number, number],
  [y0, y1]: [number, number],
): { dots: Point[]; lines: [Point, Point][] } {
  const columns = Array.from({ length: n }, (_, s) =>
    spread(shown, n === 1 ? (x0 + x1) / 2 : x0 + ((x1 - x0) * s) / (n - 1), true, y0, y1),
  );
  const dots: Point[] = [];
  const lines: [Point, Point][] = [];
  columns.forEach((column, s) => {
    dots.push(...column);
    const next = columns[s + 1];
    if (!next) return;
    column.forEach((p, i) => {
      for (let j = 0; j < Math.min(k, shown); j++) lines.push([p, next[(i * k + j) % shown]!]);
    });
  });
  return { dots, lines };
}

/** Switches per column of each network when several are drawn side by side. */
const NETWORK_SWITCHES = 4;
/** Room under the networks for their names, px. */
const CAPTION_ROOM = 14;

/**
 * Identical flies side by side (PIE64's PAN and DAN), each named under it, the nodes as a column
 * of dots on both sides: each node's master sends into every network from the left, its slave
 * receives from the right.
 */
function flyNetworks(dims: number[], networks: string[], nodes?: number): SchematicGeometry {
  const [a = 2, b = 1] = dims.map((d) => Math.max(0, Math.round(d)));
  const [k, n] = [Math.max(2, a), Math.max(1, b)];
  const shown = Math.min(k ** (n - 1), NETWORK_SWITCHES);
  const count = Math.max(1, Math.round(nodes ?? k ** n));
  const bottom = SIZE - CAPTION_ROOM;
  const side = spread(Math.min(count, 2 * MAX_SWITCHES), PAD, true, PAD, bottom - 4);
  const dots: Point[] = [...side, ...side.map((p) => ({ x: SIZE - PAD, y: p.y }))];
  const lines: [Point, Point][] = [];
  const captions: SchematicGeometry['captions'] = [];
  const inner = [PAD + 10, SIZE - PAD - 10];
  const width = (inner[1]! - inner[0]!) / networks.length;
  networks.forEach((name, i) => {
    const x0 = inner[0]! + i * width + 4;
    const x1 = x0 + width - 8;
    const fly = flyColumns(k, n, shown, [x0, x1], [PAD + 6, bottom - 10]);
    dots.push(...fly.dots);
    lines.push(...fly.lines);
    captions.push({ x: (x0 + x1) / 2, y: SIZE - 4, text: name });
  });
  return {
    label: `${networks.join(' and ')}: ${networks.length} × ${k}-ary ${n}-fly of ${count} nodes`,
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: 1.6,
    stroke: 0.6,
    captions,
  };
}

/**
 * A switched network at picker size: a fly as columns of switches (dots) wired stage to stage
 * by the perfect shuffle, a crossbar as its grid of input and output lines, a router network as
 * rows of spines, leaf routers and terminals.
 */
function switchedGeometry(topology: SchematicTopology, dims: number[]): SchematicGeometry {
  const [a = 1, b = 1, c = 0] = dims.map((d) => Math.max(0, Math.round(d)));
  const lines: [Point, Point][] = [];
  const dots: Point[] = [];
  const corners: Point[] = [];
  let label: string;
  if (topology === 'fly') {
    const [k, n] = [Math.max(2, a), Math.max(1, b)];
    const shown = Math.min(k ** (n - 1), MAX_SWITCHES);
    const fly = flyColumns(k, n, shown, [PAD, SIZE - PAD], [PAD, SIZE - PAD]);
    dots.push(...fly.dots);
    lines.push(...fly.lines);
    label = `${k}-ary ${n}-fly of ${k ** n} nodes`;
  } else if (topology === 'crossbar') {
    const ports = Math.max(1, a);
    const shown = Math.min(ports, 2 * MAX_SWITCHES);
    const inputs = spread(shown, PAD, true);
    const outputs = spread(shown, PAD, false);
    inputs.forEach((p) => lines.push([p, { x: SIZE - PAD, y: p.y }]));
    outputs.forEach((p) => lines.push([p, { x: p.x, y: SIZE - PAD }]));
    corners.push(
      { x: PAD, y: PAD },
      { x: SIZE - PAD, y: PAD },
      { x: SIZE - PAD, y: SIZE - PAD },
      { x: PAD, y: SIZE - PAD },
    );
    label = `${ports}×${ports} crossbar of ${ports} nodes`;
  } else if (a === 0) {
    const ends = spread(2, SIZE / 2, false);
    dots.push(...ends);
    lines.push([ends[0]!, ends[1]!]);
    label = 'router network: a direct link of 2 nodes';
  } else {
    const [leaves, perLeaf, spines] = [a, Math.max(1, b), c];
    const spineRow = spread(Math.min(spines, MAX_SWITCHES), PAD, false);
    const leafRow = spread(Math.min(leaves, MAX_SWITCHES), SIZE / 2, false);
    const terminals = Math.min(leaves * perLeaf, 2 * MAX_SWITCHES);
    const terminalRow = spread(terminals, SIZE - PAD, false);
    for (const leaf of leafRow) for (const spine of spineRow) lines.push([leaf, spine]);
    terminalRow.forEach((t, i) => {
      lines.push([t, leafRow[Math.floor((i * leafRow.length) / terminals)]!]);
    });
    dots.push(...spineRow, ...leafRow, ...terminalRow);
    label = `router network of ${leaves + spines} routers and ${leaves * perLeaf} nodes`;
  }
  return {
    label,
    planes: [{ corners, lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(1.2, Math.min(4, 30 / Math.max(1, dots.length))),
    stroke: 0.8,
  };
}

const points = (ps: Point[]) => ps.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');

/** A small drawing of a machine's topology for the picker card, sized from its parameters. */
export function Schematic(props: SchematicProps) {
  const g = schematicGeometry(props);
  return (
    <svg className="schematic" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={g.label}>
      <title>{g.label}</title>
      {g.wrap ? (
        <rect x={3} y={3} width={SIZE - 6} height={SIZE - 6} rx={10} className="wrap" />
      ) : null}
      {g.depth.map(([a, b], i) => (
        <line key={`d${i}`} className="depth" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      ))}
      {(g.captions ?? []).map((c) => (
        <text key={c.text} className="caption" x={c.x} y={c.y} textAnchor="middle">
          {c.text}
        </text>
      ))}
      {g.planes.map((plane, z) => (
        <g key={z} className="plane" data-plane={z}>
          {plane.corners.length > 0 ? <polygon points={points(plane.corners)} /> : null}
          {plane.lines.map(([a, b], i) => (
            <line key={i} x1={a.x} y1={a.y} x2={b.x} y2={b.y} style={{ strokeWidth: g.stroke }} />
          ))}
          {plane.dots.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={g.radius} />
          ))}
        </g>
      ))}
    </svg>
  );
}
