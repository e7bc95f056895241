// Groups of routers as the papers draw a dragonfly (Kim, Dally, Scott & Abts 2008): the groups
// around a circle, each group's routers a small ring joined by its local channels, every global
// channel a chord between two groups, terminals as dots outside their routers. Too many routers
// to tell apart: each group is drawn as one box (its local channels not drawn); terminals too
// close: not drawn. Both said in the note. And its schematic at picker size.
import type { ChannelGraph, GroupsLayout } from '../chart_data';
import type { Drawing } from './drawing';
import type { Arc, Place, Placement } from './placement_parts';
import { clamp, laneLine } from './placement_parts';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { PAD, SIZE } from './schematic_parts';

/** How groups are drawn, px. */
export const GROUPS = {
  /** Routers of a group closer than this are drawn as one box per group. */
  routerGap: 8,
  /** Terminal dots closer than this are not drawn. */
  terminalGap: 5,
  router: { max: 12, share: 0.45 },
  terminal: { max: 3.5, min: 1 },
  line: { max: 2.5, min: 0.5 },
  /** A group's ring, as a share of the gap between neighbouring groups' centres. */
  groupShare: 0.27,
  /** A group's disc drawn behind it, in radii of its ring: the routers inside, terminals out. */
  disc: 1.25,
  /** The share of a router's arc of its group's outside that its terminals take. */
  terminalSpread: 0.7,
} as const;

const angleOf = (x: number, y: number) => Math.atan2(y, x);

/** Where the parts are drawn in a square `side` px wide, from its top left. */
export interface GroupsSquare {
  /** Per router: its centre (its group's when the groups are drawn whole). */
  routers: Place[];
  /** Per group: its centre and its ring's radius. */
  groups: (Place & { r: number })[];
  /** Per terminal: its dot, or null where terminals are not drawn. */
  terminals: (Place | null)[];
  /** Per channel of the graph: its line, or null where not drawn. */
  lines: (Arc | null)[];
  /** Each group drawn as one box: its routers and local channels not apart. */
  whole: boolean;
  routerSize: number;
  terminalRadius: number;
  lineWidth: number;
  note: string | null;
}

/**
 * The groups' parts in a square: group G's centre at angle G / g of the circle from the top,
 * its routers on a ring ordered by where their global channels lead (so chords leave a group on
 * the side they go), each router's terminals spread outside it.
 */
export function groupsSquare(graph: ChannelGraph, df: GroupsLayout, side: number): GroupsSquare {
  const g = Math.max(1, df.groups);
  const a = Math.max(1, ...df.index.map((i) => i + 1));
  const half = side / 2;
  const gap = g > 1 ? 2 * Math.sin(Math.PI / g) : 1;
  const share = Math.min(GROUPS.groupShare * gap, 0.35);
  // Centre radius R, ring radius share * R, terminals half a ring further out.
  const R = Math.max(1, (half - 2 - GROUPS.terminal.max) / (1 + 1.5 * share));
  const ring = share * R;
  const groups = Array.from({ length: g }, (_, G) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * G) / g;
    return { px: half + R * Math.cos(angle), py: half + R * Math.sin(angle), r: ring };
  });
  const routerGap = a > 1 ? 2 * ring * Math.sin(Math.PI / a) : 2 * ring;
  const whole = routerGap < GROUPS.routerGap;
  // Each router's slot on its group's ring: in the order of the angles (from the way in to the
  // circle's centre) of the mean of the groups its global channels lead to.
  const toward = Array.from({ length: graph.routers }, () => [0, 0]);
  graph.channels.forEach((c, i) => {
    if (!df.global[i] || c.to >= graph.routers) return;
    const [from, to] = [groups[df.group[c.from]!]!, groups[df.group[c.to]!]!];
    const t = toward[c.from]!;
    t[0]! += to.px - from.px;
    t[1]! += to.py - from.py;
  });
  const angle = Array<number>(graph.routers).fill(0);
  for (let G = 0; G < g; G++) {
    const centre = groups[G]!;
    const inward = angleOf(half - centre.px, half - centre.py);
    const members = df.group.flatMap((x, r) => (x === G ? [r] : []));
    const relative = (r: number) => {
      const [x, y] = toward[r]!;
      const d = x === 0 && y === 0 ? 0 : angleOf(x!, y!) - inward;
      return Math.atan2(Math.sin(d), Math.cos(d));
    };
    members.sort((p, q) => relative(p) - relative(q) || p - q);
    members.forEach((r, k) => {
      angle[r] = inward + ((k - (members.length - 1) / 2) * 2 * Math.PI) / Math.max(1, a);
    });
  }
  const routers = angle.map((t, r) => {
    const c = groups[df.group[r]!] ?? { px: half, py: half };
    return whole
      ? { px: c.px, py: c.py }
      : { px: c.px + ring * Math.cos(t), py: c.py + ring * Math.sin(t) };
  });
  // Terminals by router, in order, from the channels that deliver to them.
  const terminalRouter = Array<number>(graph.terminals).fill(-1);
  for (const c of graph.channels) {
    if (c.to >= graph.routers) terminalRouter[c.to - graph.routers] = c.from;
  }
  const perRouter = Math.max(1, Math.ceil(graph.terminals / Math.max(1, graph.routers)));
  const outer = 1.5 * ring;
  const spread = (GROUPS.terminalSpread * 2 * Math.PI) / Math.max(1, a) / perRouter;
  const terminalGap = outer * spread;
  const dots = !whole && terminalGap >= GROUPS.terminalGap;
  const seen = Array<number>(graph.routers).fill(0);
  const terminals = terminalRouter.map((r) => {
    if (!dots || r < 0) return null;
    const k = seen[r]!++;
    const c = groups[df.group[r]!]!;
    const t = angle[r]! + (k - (perRouter - 1) / 2) * spread;
    return { px: c.px + outer * Math.cos(t), py: c.py + outer * Math.sin(t) };
  });
  const routerSize = whole
    ? Math.min(2 * ring, 16)
    : Math.min(GROUPS.router.max, GROUPS.router.share * routerGap);
  // Thin enough that the chords' ends (two directions of g - 1 links per group) fit side by
  // side along the circle.
  const perChord = (2 * Math.PI * R) / Math.max(1, 2 * g * (g - 1));
  const lineWidth = clamp(
    Math.min(whole ? Infinity : routerSize / 4, perChord / 1.2),
    GROUPS.line.min,
    GROUPS.line.max,
  );
  const lines = graph.channels.map((c, i): Arc | null => {
    const local = !df.global[i] && c.to < graph.routers;
    const start = routers[c.from];
    const end = c.to < graph.routers ? routers[c.to] : terminals[c.to - graph.routers];
    if (!start || !end || (whole && local)) return null;
    return laneLine(start, end, lineWidth);
  });
  const left = [
    ...(whole ? [chartsT('drawing.groupsWhole')] : []),
    ...(dots ? [] : [chartsT('drawing.terminalsNotDrawn')]),
  ];
  return {
    routers,
    groups,
    terminals,
    lines,
    whole,
    routerSize,
    terminalRadius: clamp(terminalGap / 2.6, GROUPS.terminal.min, GROUPS.terminal.max),
    lineWidth,
    note: left.length > 0 ? left.join(chartsT('drawing.noteSeparator')) : null,
  };
}

/** How a drawing of groups names a router. */
export function groupsRouterName(df: GroupsLayout, router: number): string {
  return chartsT('drawing.groupRouter', {
    group: String(df.group[router] ?? '?'),
    router: String(df.index[router] ?? '?'),
  });
}

/**
 * The groups in a `width` x `height` px box: the square of groupsSquare centred in it, each
 * group whole or its routers apart, discs behind groups drawn apart.
 */
export function groupsPlacement(
  graph: ChannelGraph,
  df: GroupsLayout,
  width: number,
  height: number,
): Placement {
  const side = Math.min(width, height);
  const p = groupsSquare(graph, df, side);
  const [dx, dy] = [(width - side) / 2, (height - side) / 2];
  const at = (q: Place) => ({ px: q.px + dx, py: q.py + dy });
  const shift = (l: Arc | null): Arc | null =>
    l && { x1: l.x1 + dx, y1: l.y1 + dy, x2: l.x2 + dx, y2: l.y2 + dy };
  return {
    routers: p.routers.map(at),
    // Whole groups: one box each, its first router's.
    boxes: p.routers.flatMap((_, id) => (p.whole && df.index[id] !== 0 ? [] : [id])),
    terminals: p.terminals.map((q) => q && at(q)),
    lines: p.lines.map(shift),
    routerSize: p.routerSize,
    terminalRadius: p.terminalRadius,
    lineWidth: p.lineWidth,
    note: p.note,
    discs: p.whole ? [] : p.groups.map((q) => ({ ...at(q), r: q.r * GROUPS.disc })),
    routerName: (router) => groupsRouterName(df, router),
  };
}

/** Groups a schematic draws at most, and routers per group; the label keeps all. */
const MAX_GROUPS = 12;
const MAX_GROUP_ROUTERS = 4;

/**
 * Groups at picker size: on a circle, each a ring of its routers all joined (its local channels),
 * every two groups joined by a chord (their global channel).
 */
export function groupsSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  const [terminals = 1, routers = 2, groups = 1] = [
    drawing.terminalsPerRouter,
    drawing.extent[1] ?? 2,
    drawing.extent[0] ?? 1,
  ].map((d) => Math.max(0, Math.round(d)));
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
    label: chartsT('schematic.groups', {
      shape: shapeName(shape),
      groups: String(groups),
      nodes: String(groups * routers * terminals),
    }),
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.2, ring / 3)),
    stroke: shown > 8 ? 0.35 : 0.6,
  };
}
