// A dragonfly as its papers draw it (Kim, Dally, Scott & Abts 2008): the groups around a circle,
// each group's routers a small ring joined by its local channels, every global channel a chord
// between two groups, terminals as dots outside their routers. The channel graph map and the
// packet view both place it here. Too many routers to tell apart: each group is drawn as one
// box (its local channels not drawn); terminals too close: not drawn. Both said in the note.
import type { ChartSize } from './ChartBox';
import { chartFontSize } from './ChartBox';
import type { ChannelGraph, DragonflyGroups } from '../results/chart_data';
import { channelGraphCaptionParts } from './graph_words';
import type { GraphGeometry } from './graph_geometry';
import { channelTargets, STYLE } from './graph_geometry';
import { heatColor, heatLegendLayout, heatTop } from './heat_scale';
import { palette } from './palette';

/** How a dragonfly is drawn, px. */
export const DRAGONFLY = {
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
  /**
   * The tallest the map draws, legend and circle, when its height is not given: the cube's heat
   * map's tallest, so a presented map, twice as large, fits a 1080 px screen too.
   */
  side: 480,
} as const;

interface Place {
  px: number;
  py: number;
}

/** A line between two points: a channel from (x1, y1) to (x2, y2). */
export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Where a dragonfly's parts are drawn in a square `side` px wide, from its top left. */
export interface DragonflyPlacement {
  /** Per router: its centre (its group's box when the groups are drawn whole). */
  routers: Place[];
  /** Per group: its centre and its ring's radius. */
  groups: (Place & { r: number })[];
  /** Per terminal: its dot, or null where terminals are not drawn. */
  terminals: (Place | null)[];
  /** Per channel of the graph: its line (both directions side by side), or null where not drawn. */
  lines: (Line | null)[];
  /** Each group drawn as one box: its routers and local channels not apart. */
  whole: boolean;
  routerSize: number;
  terminalRadius: number;
  lineWidth: number;
  /** What the drawing leaves out, in words; null when nothing. */
  note: string | null;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const angleOf = (x: number, y: number) => Math.atan2(y, x);

/**
 * The dragonfly's parts in a square: group G's centre at angle G / g of the circle from the top,
 * its routers on a ring ordered by where their global channels lead (so chords leave a group on
 * the side they go), each router's terminals spread outside it.
 */
export function dragonflyPlacement(graph: ChannelGraph, df: DragonflyGroups, side: number) {
  const g = Math.max(1, df.groups);
  const a = Math.max(1, ...df.index.map((i) => i + 1));
  const half = side / 2;
  const gap = g > 1 ? 2 * Math.sin(Math.PI / g) : 1;
  const share = Math.min(DRAGONFLY.groupShare * gap, 0.35);
  // Centre radius R, ring radius share * R, terminals half a ring further out.
  const R = Math.max(1, (half - 2 - DRAGONFLY.terminal.max) / (1 + 1.5 * share));
  const ring = share * R;
  const groups = Array.from({ length: g }, (_, G) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * G) / g;
    return { px: half + R * Math.cos(angle), py: half + R * Math.sin(angle), r: ring };
  });
  const routerGap = a > 1 ? 2 * ring * Math.sin(Math.PI / a) : 2 * ring;
  const whole = routerGap < DRAGONFLY.routerGap;
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
  const spread = (DRAGONFLY.terminalSpread * 2 * Math.PI) / Math.max(1, a) / perRouter;
  const terminalGap = outer * spread;
  const dots = !whole && terminalGap >= DRAGONFLY.terminalGap;
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
    : Math.min(DRAGONFLY.router.max, DRAGONFLY.router.share * routerGap);
  // Thin enough that the chords' ends (two directions of g - 1 links per group) fit side by
  // side along the circle.
  const perChord = (2 * Math.PI * R) / Math.max(1, 2 * g * (g - 1));
  const lineWidth = clamp(
    Math.min(whole ? Infinity : routerSize / 4, perChord / 1.2),
    DRAGONFLY.line.min,
    DRAGONFLY.line.max,
  );
  const lines = graph.channels.map((c, i): Line | null => {
    const local = !df.global[i] && c.to < graph.routers;
    const start = routers[c.from];
    const end = c.to < graph.routers ? routers[c.to] : terminals[c.to - graph.routers];
    if (!start || !end || (whole && local)) return null;
    const length = Math.hypot(end.px - start.px, end.py - start.py) || 1;
    // Keep right of the direction of travel, so a link's two directions do not overlap.
    const [ox, oy] = [
      (-(end.py - start.py) / length) * lineWidth * STYLE.lane,
      ((end.px - start.px) / length) * lineWidth * STYLE.lane,
    ];
    return { x1: start.px + ox, y1: start.py + oy, x2: end.px + ox, y2: end.py + oy };
  });
  const left = [
    ...(whole ? ["each group's routers drawn as one box, its local channels not drawn"] : []),
    ...(dots ? [] : ['terminals not drawn']),
  ];
  return {
    routers,
    groups,
    terminals,
    lines,
    whole,
    routerSize,
    terminalRadius: clamp(terminalGap / 2.6, DRAGONFLY.terminal.min, DRAGONFLY.terminal.max),
    lineWidth,
    note: left.length > 0 ? left.join('; ') : null,
  } satisfies DragonflyPlacement;
}

/** How the map and the packet view name a dragonfly's router. */
export function dragonflyRouterName(df: DragonflyGroups, router: number): string {
  return `group ${df.group[router] ?? '?'} router ${df.index[router] ?? '?'}`;
}

/**
 * The channel graph map of a dragonfly: the placement in a square centred under the legend (as
 * wide as the map, the map at most DRAGONFLY.side tall unless a height is given), each drawn channel
 * coloured by utilization, with read-out targets at their middles.
 */
export function dragonflyGeometry(
  graph: ChannelGraph,
  df: DragonflyGroups,
  size: Omit<ChartSize, 'height'> & { height?: number },
): GraphGeometry & { note: string | null; groups: DragonflyPlacement['groups'] } {
  const fontSize = chartFontSize(size);
  const scaleTop = heatTop(graph.channels.map((c) => c.value));
  const innerWidth = Math.max(20, size.width - 2 * STYLE.outer);
  // The note depends on the side, the side (given a height) on the legend's: word it for the
  // side the map takes without one, as it is drawn.
  const probe = dragonflyPlacement(graph, df, Math.min(innerWidth, DRAGONFLY.side));
  const parts = [...channelGraphCaptionParts(graph), ...(probe.note ? [probe.note] : [])];
  const legend = heatLegendLayout(parts, scaleTop, innerWidth, fontSize);
  const top = STYLE.outer + legend.height;
  const innerHeight = Math.max(
    20,
    size.height === undefined
      ? Math.min(innerWidth, DRAGONFLY.side - top - STYLE.outer)
      : size.height - top - STYLE.outer,
  );
  const side = Math.min(innerWidth, innerHeight);
  const p = dragonflyPlacement(graph, df, side);
  const [dx, dy] = [(innerWidth - side) / 2, (innerHeight - side) / 2];
  const at = (q: Place) => ({ px: q.px + dx, py: q.py + dy });
  const name = (id: number) =>
    id >= graph.routers ? `terminal ${id - graph.routers}` : dragonflyRouterName(df, id);
  const channels = graph.channels.flatMap((c, index) => {
    const line = p.lines[index];
    if (!line) return [];
    const color = c.value === null ? palette.grey : heatColor(c.value, scaleTop);
    const [x1, y1, x2, y2] = [line.x1 + dx, line.y1 + dy, line.x2 + dx, line.y2 + dy];
    return [{ ...c, index, x1, y1, x2, y2, color, title: `${name(c.from)} → ${name(c.to)}` }];
  });
  const targets = channelTargets(channels);
  // Whole groups: one box each, named by its first router.
  const routers = p.routers.flatMap((q, id) =>
    p.whole && df.index[id] !== 0 ? [] : [{ id, ...at(q) }],
  );
  const terminals = p.terminals.flatMap((q, t) => (q ? [{ id: graph.routers + t, ...at(q) }] : []));
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
    routers,
    terminals,
    channels,
    targets,
    note: p.note,
    // Whole groups are their boxes: no disc behind.
    groups: p.whole ? [] : p.groups.map((q) => ({ ...at(q), r: q.r })),
  };
}
