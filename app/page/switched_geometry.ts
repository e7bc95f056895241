// The geometry of a switched network's schematic: a fly's columns of switches, identical flies
// side by side, a crossbar's grid, a router network's rows of routers and terminals, a
// dragonfly's groups on a circle, a flattened butterfly's grid of rows joined by arcs.
import type { Point, SchematicGeometry, SchematicTopology } from './schematic_types';
import { PAD, SIZE, arcLines } from './schematic_types';

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
export function flyNetworks(dims: number[], networks: string[], nodes?: number): SchematicGeometry {
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
export function switchedGeometry(topology: SchematicTopology, dims: number[]): SchematicGeometry {
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

/** Groups a dragonfly's schematic draws at most, and routers per group; the label keeps all. */
const MAX_GROUPS = 12;
const MAX_GROUP_ROUTERS = 4;

/**
 * A dragonfly at picker size: its groups on a circle, each a ring of its routers all joined (its
 * local channels), every two groups joined by a chord (their global channel).
 */
export function dragonflySchematic(dims: number[]): SchematicGeometry {
  const [terminals = 1, routers = 2, globals = 1, given = 0] = dims.map((d) =>
    Math.max(0, Math.round(d)),
  );
  const groups = given > 0 ? given : routers * globals + 1;
  const shown = Math.min(groups, MAX_GROUPS);
  const perGroup = Math.min(routers, MAX_GROUP_ROUTERS);
  const gap = shown > 1 ? 2 * Math.sin(Math.PI / shown) : 1;
  const share = Math.min(0.3 * gap, 0.3);
  const r = (SIZE / 2 - PAD / 2) / (1 + share);
  const ring = share * r;
  const lines: [Point, Point][] = [];
  const centres: Point[] = [];
  const rings: Point[][] = [];
  for (let G = 0; G < shown; G++) {
    const angle = -Math.PI / 2 + (2 * Math.PI * G) / shown;
    const [cx, cy] = [SIZE / 2 + r * Math.cos(angle), SIZE / 2 + r * Math.sin(angle)];
    centres.push({ x: cx, y: cy });
    const members = Array.from({ length: perGroup }, (_, i) => {
      const t = angle + Math.PI + (2 * Math.PI * (i + 0.5)) / perGroup;
      return { x: cx + ring * Math.cos(t), y: cy + ring * Math.sin(t) };
    });
    members.forEach((q, i) => members.slice(i + 1).forEach((s) => lines.push([q, s])));
    rings.push(members);
  }
  // A chord leaves each group from its router nearest the other group.
  const nearest = (G: number, to: Point) =>
    rings[G]!.reduce((a, b) =>
      Math.hypot(b.x - to.x, b.y - to.y) < Math.hypot(a.x - to.x, a.y - to.y) ? b : a,
    );
  for (let G = 0; G < shown; G++) {
    for (let H = G + 1; H < shown; H++) {
      lines.push([nearest(G, centres[H]!), nearest(H, centres[G]!)]);
    }
  }
  const dots = rings.flat();
  return {
    label: `dragonfly of ${groups} groups, ${groups * routers * terminals} nodes`,
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.2, ring / 3)),
    stroke: shown > 8 ? 0.35 : 0.6,
  };
}

/** Routers a side a flattened butterfly's schematic draws at most; the label keeps all. */
const MAX_FLATFLY_SIDE = 5;

/**
 * A flattened butterfly at picker size: one plane of its routers (a row of them for one
 * dimension), the routers of each row and column all joined by arcs bulging to one side.
 */
export function flatflySchematic(dims: number[]): SchematicGeometry {
  const [k = 2, n = 1, c = 1, given = 0] = dims.map((d) => Math.max(0, Math.round(d)));
  const routers = given > 0 ? given : k ** n;
  const side = Math.max(2, Math.min(k, MAX_FLATFLY_SIDE));
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
    label: `flattened butterfly ${Array<number>(n).fill(k).join('×')}, ${routers * c} nodes`,
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.2, step / 8)),
    stroke: side > 4 ? 0.4 : 0.6,
  };
}
