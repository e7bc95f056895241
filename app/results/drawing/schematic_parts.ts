// What a picker card's schematic draws, and at what size: the geometry (planes, lines, dots,
// captions) every kind of drawing gives its schematic in, and the parts they share.
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

/** Switches drawn per column (or row) at most; the label keeps the real counts. */
export const MAX_SWITCHES = 8;

/** Points spread evenly over [from, to] (the padded side by default) at `at` across. */
export function spread(
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

/** A schematic of one plane of lines and dots, sized by its dots. */
export function switchedGeometry(
  label: string,
  plane: SchematicGeometry['planes'][number],
): SchematicGeometry {
  return {
    label,
    planes: [plane],
    depth: [],
    wrap: false,
    radius: Math.max(1.2, Math.min(4, 30 / Math.max(1, plane.dots.length))),
    stroke: 0.8,
  };
}
