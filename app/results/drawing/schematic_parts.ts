// What a picker card's schematic draws, and at what size: the topology and its sizes in, the
// geometry (planes, lines, dots, captions) out.
export type SchematicTopology =
  | 'mesh'
  | 'torus'
  | 'ring'
  | 'fly'
  | 'crossbar'
  | 'router network'
  | 'dragonfly'
  | 'fat tree'
  | 'flattened butterfly';

export interface SchematicProps {
  topology: SchematicTopology;
  /**
   * Nodes along each dimension (x, y, z, d4 and on); for a fly its radix and stages, for a
   * crossbar its ports, for a router network its leaf routers, terminals per leaf and spines (no
   * leaf: two terminals linked directly), for a dragonfly its terminals per router, routers per
   * group, global channels per router and groups, for a fat tree its arity and levels, for a
   * flattened butterfly its routers per row, dimensions, terminals per router and routers.
   */
  dims: number[];
  /** Nodes drawn, in x-first order; all of `dims` unless fewer (a node count filling a grid). */
  nodes?: number;
  /** A mesh's or torus's terminals a router (its concentration); 1 when absent. */
  concentration?: number;
  /** A fly: the names of identical networks drawn side by side, the nodes on both sides. */
  networks?: string[];
}

export const SIZE = 96;
export const PAD = 8;

export interface Point {
  x: number;
  y: number;
}

/** Straight pieces a schematic's arc is drawn as. */
const ARC_PIECES = 5;

/** An arc from a to b whose middle rises `rise` to the left of the way from a to b, in pieces. */
export function arcLines(a: Point, b: Point, rise: number): [Point, Point][] {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [dy / length, -dx / length];
  const points = Array.from({ length: ARC_PIECES + 1 }, (_, i) => {
    const t = i / ARC_PIECES;
    const h = 4 * rise * t * (1 - t);
    return { x: a.x + dx * t + nx * h, y: a.y + dy * t + ny * h };
  });
  return points.slice(1).map((q, i): [Point, Point] => [points[i]!, q]);
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
