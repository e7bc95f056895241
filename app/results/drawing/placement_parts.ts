// What every placement of a graph gives (placement.ts): where its routers, terminals and channels
// go in a box, how large they are drawn, and how its routers are named.

export interface Place {
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

export interface Placement {
  /** Per router: its centre (its group's, where a group is drawn as one box). */
  routers: Place[];
  /** The routers drawn as boxes of their own, in the order they are drawn. */
  boxes: number[];
  /** Per terminal: its dot, or null where terminals are not drawn. */
  terminals: (Place | null)[];
  /** Per channel of the graph: its line (both directions side by side), or null where not drawn. */
  lines: (Arc | null)[];
  routerSize: number;
  terminalRadius: number;
  lineWidth: number;
  /** What the drawing leaves out, in words; null when nothing. */
  note: string | null;
  /** Discs drawn behind groups of routers: centre and radius. */
  discs: (Place & { r: number })[];
  /** How the drawing names a router ("switch 5", "group 2 router 1", "(1, 3)"). */
  routerName(router: number): string;
}

/** Sideways offset of the two directions of a link, in line widths. */
export const LANE = 1.2;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A router named by its number, where the drawing has no better name. */
export const switchName = (router: number) => `switch ${router}`;

/**
 * The straight line from a to b moved sideways to the right of the way from a to b by LANE line
 * widths, so a link's two directions lie side by side.
 */
export function laneLine(a: Place, b: Place, lineWidth: number): Arc {
  const length = Math.hypot(b.px - a.px, b.py - a.py) || 1;
  const [ox, oy] = [
    (-(b.py - a.py) / length) * lineWidth * LANE,
    ((b.px - a.px) / length) * lineWidth * LANE,
  ];
  return { x1: a.px + ox, y1: a.py + oy, x2: b.px + ox, y2: b.py + oy };
}
