// Where the packet view draws each part of a network, from the engine's description of it: the
// channel maps' own layouts (channelHeatmapGeometry for a cube's plane, channelGraphGeometry for
// a fly or router network, crosspointGeometry for a lone crossbar), plus where each input's
// buffer sits: at the far end of the channel that feeds it, or at its router for a terminal's
// injection (a cube's ±z inputs too). Pure, so it can be tested.
import { channelGraphGeometry } from '../../charts/graph_geometry';
import { channelHeatmapGeometry } from '../../charts/heatmap_geometry';
import { gridPlace, gridShape } from '../../charts/heatmap_network';
import { crosspointGeometry } from '../../charts/CrosspointMap';
import { networkHeatmapData } from '../../results/network_data';
import type { NetworkMap } from '../../engine/types';
import { findColumn, tableRows } from '../../engine/types';

/** A straight piece from (x1, y1) to (x2, y2): a buffer's flits queue from the (x2, y2) end. */
export interface Seg {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface NodeMark {
  px: number;
  py: number;
  /** A router's square side, or twice a terminal's radius. */
  size: number;
  kind: 'router' | 'terminal';
}

export type LayoutShape = 'cube' | 'graph' | 'crossbar';

export interface PacketLayout {
  shape: LayoutShape;
  width: number;
  height: number;
  /** Side of a drawn flit, px. */
  flit: number;
  nodes: NodeMark[];
  /** Per channel id: its drawn outline (SVG path data, the channel maps' shapes) or ''. */
  channelPath: string[];
  /** Per channel id: its drawn pieces (a wrap-around has two), empty where not drawn. */
  channelSegs: Seg[][];
  /** Per input id: where its buffer's flits queue; null where the input is not drawn. */
  buffers: (Seg | null)[];
  /** Per channel id: the input it feeds (-1: a terminal). */
  downstream: Int32Array;
  /** Per channel id: the terminal it delivers to (-1: a router). */
  channelTerminal: Int32Array;
  /** Per input id: its router; -1 where no input has the id. */
  inputRouter: Int32Array;
  /** Per input id: the terminal injecting into it, -1 for a channel's. */
  inputTerminal: Int32Array;
  /** Per input id: the router whose channel feeds it, -1 for a terminal's. */
  inputFeeder: Int32Array;
  /** Per input id: the channel feeding it, -1 for a terminal's. */
  inputChannel: Int32Array;
  /** Per terminal: the input it injects into. */
  terminalInput: Int32Array;
  /** Per terminal: where a flit delivered to it is drawn, or null off the drawn plane. */
  terminalAt: ({ px: number; py: number } | null)[];
  /** A crossbar: the cell a flit from input i to output o crosses, by i * n + o. */
  crosspoint?: { n: number; cell: number; at(input: number, output: number): [number, number] };
  /** Per router: how the view names it ("(2, 1)", "switch 5"). */
  routerName(router: number): string;
  /** The drawn plane of a 3-D cube and how many there are (1 otherwise). */
  plane: number;
  planes: number;
  /** Where channelPath's origin is drawn. */
  pathOffset: [number, number];
  /** Nodes the run singles out (the hot spot), where drawn: their centre, and what they are. */
  marked: { px: number; py: number; size: number; label: string }[];
  /** A crossbar's matrix of cells. */
  matrix?: { left: number; top: number; size: number };
}

const OUTER = 8;

function columns(net: NetworkMap, name: string): ArrayLike<number> {
  return findColumn(net.channels, name)?.values ?? [];
}

/** Ids of channels and inputs (one numbering: router by router, port by port) and their ends. */
function wiring(net: NetworkMap) {
  const ids = columns(net, 'id');
  const router = columns(net, 'router');
  const port = columns(net, 'port');
  const toRouter = columns(net, 'to_router');
  const toPort = columns(net, 'to_port');
  const toTerminal = columns(net, 'to_terminal');
  const routers = tableRows(net.routers);
  const terminals = tableRows(net.terminals);
  const tRouter = findColumn(net.terminals, 'router')?.values ?? [];
  const tPort = findColumn(net.terminals, 'port')?.values ?? [];
  // A router's first port's id: a channel's id less its port.
  const first = new Int32Array(routers).fill(-1);
  for (let i = 0; i < ids.length; i++) first[router[i]!] = ids[i]! - port[i]!;
  let size = 0;
  for (let i = 0; i < ids.length; i++) size = Math.max(size, ids[i]! + 1);
  for (let t = 0; t < terminals; t++) size = Math.max(size, first[tRouter[t]!]! + tPort[t]! + 1);
  const downstream = new Int32Array(size).fill(-1);
  const channelTerminal = new Int32Array(size).fill(-1);
  const inputRouter = new Int32Array(size).fill(-1);
  const inputTerminal = new Int32Array(size).fill(-1);
  const inputFeeder = new Int32Array(size).fill(-1);
  const inputChannel = new Int32Array(size).fill(-1);
  const terminalInput = new Int32Array(terminals).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const r = toRouter[i]!;
    if (r >= 0) {
      downstream[id] = first[r]! + toPort[i]!;
      inputRouter[downstream[id]!] = r;
      inputFeeder[downstream[id]!] = router[i]!;
      inputChannel[downstream[id]!] = id;
    } else {
      channelTerminal[id] = toTerminal[i]!;
    }
  }
  for (let t = 0; t < terminals; t++) {
    const input = first[tRouter[t]!]! + tPort[t]!;
    inputRouter[input] = tRouter[t]!;
    inputTerminal[input] = t;
    terminalInput[t] = input;
  }
  return {
    ids,
    router,
    toRouter,
    routers,
    terminals,
    tRouter,
    downstream,
    channelTerminal,
    inputRouter,
    inputTerminal,
    inputFeeder,
    inputChannel,
    terminalInput,
  };
}

const lineOf = (x1: number, y1: number, x2: number, y2: number): Seg => ({ x1, y1, x2, y2 });

/** The segment shortened by `a` at its start and `b` at its end. */
function trim(s: Seg, a: number, b: number): Seg {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1) || 1;
  const [ux, uy] = [(s.x2 - s.x1) / length, (s.y2 - s.y1) / length];
  return lineOf(s.x1 + ux * a, s.y1 + uy * a, s.x2 - ux * b, s.y2 - uy * b);
}

function base(shape: LayoutShape, w: ReturnType<typeof wiring>) {
  const size = w.downstream.length;
  return {
    shape,
    channelPath: Array<string>(size).fill(''),
    channelSegs: Array.from({ length: size }, (): Seg[] => []),
    buffers: Array<Seg | null>(size).fill(null),
    downstream: w.downstream,
    channelTerminal: w.channelTerminal,
    inputRouter: w.inputRouter,
    inputTerminal: w.inputTerminal,
    inputFeeder: w.inputFeeder,
    inputChannel: w.inputChannel,
    terminalInput: w.terminalInput,
    terminalAt: Array<{ px: number; py: number } | null>(w.terminals).fill(null),
    plane: 0,
    planes: 1,
    routerName: (r: number) => `switch ${r}`,
    nodes: [] as NodeMark[],
    pathOffset: [0, 0] as [number, number],
    marked: [] as PacketLayout['marked'],
  };
}

/**
 * A cube's plane (z = plane), at most `maxHeight` tall: its nodes, channels and buffers where
 * the heat map draws them, each input's buffer on the last piece of the channel feeding it.
 */
function cubeLayout(net: NetworkMap, width: number, maxHeight: number, plane: number) {
  const w = wiring(net);
  const dims = net.sizes.filter((s) => ['x', 'y', 'z'].includes(s.name)).map((s) => s.value);
  const kz = dims[2] ?? 1;
  const z = Math.min(kz - 1, Math.max(0, Math.round(plane)));
  const data = networkHeatmapData(net, '', z);
  // The grid as the map draws it: a ring folded into two rows.
  const shape = gridShape(data);
  const grid = Math.max(
    40,
    Math.min(width - 2 * OUTER, (maxHeight - 2 * OUTER) * (shape.columns / shape.rows)),
  );
  const g = channelHeatmapGeometry(data, { width: grid + 2 * OUTER, height: 1e6 });
  const left = (width - g.innerWidth) / 2;
  const out = {
    ...base('cube', w),
    width,
    height: g.innerHeight + 2 * OUTER,
    flit: Math.max(2, Math.min(g.thickness * 1.1, g.cell * 0.09)),
    plane: z,
    planes: kz,
  };
  const coord = ['x', 'y', 'z'].map((a) => findColumn(net.routers, a)?.values ?? []);
  const at = (r: number) => coord.map((c) => c[r] ?? 0);
  out.routerName = (r) => `(${at(r).slice(0, Math.max(1, dims.length)).join(', ')})`;
  const shift = (s: Seg): Seg => lineOf(s.x1 + left, s.y1 + OUTER, s.x2 + left, s.y2 + OUTER);
  const centre = (r: number) => {
    const [gx, gy] = gridPlace(data, at(r)[0] ?? 0, at(r)[1] ?? 0);
    return { px: left + (gx + 0.5) * g.cell, py: OUTER + g.innerHeight - (gy + 0.5) * g.cell };
  };
  out.nodes = g.nodes.map((n) => ({
    px: n.px + left,
    py: n.py + OUTER,
    size: n.size,
    kind: 'router' as const,
  }));
  out.marked = g.rings.map((m) => ({
    px: m.px + left,
    py: m.py + OUTER,
    size: g.nodeSize,
    label: m.label,
  }));
  const byKey = new Map<string, (typeof g.channels)[number]>();
  for (const c of g.channels) byKey.set(`${c.x},${c.y},${c.direction}`, c);
  const direction = findColumn(net.channels, 'direction');
  const onPlane = (r: number) => (at(r)[2] ?? 0) === z;
  for (let i = 0; i < w.ids.length; i++) {
    const id = w.ids[i]!;
    const from = w.router[i]!;
    if (!onPlane(from)) continue;
    const [x = 0, y = 0] = at(from);
    const c = byKey.get(`${x},${y},${direction?.labels[direction.values[i]!] ?? ''}`);
    if (!c) continue;
    out.channelPath[id] = c.parts.map((p) => p.path).join('');
    // The path's coordinates are the grid's: the view draws them shifted by (left, OUTER).
    const segs = c.parts.flatMap((p) => (p.line ? [p.line] : [])).map(shift);
    out.channelSegs[id] = segs;
    const last = segs[segs.length - 1];
    const input = w.downstream[id]!;
    // Leave the arrow head to the arrow: flits queue behind it.
    if (last && input >= 0) out.buffers[input] = trim(last, 0, g.thickness * 1.2);
  }
  // Inputs with no channel piece on the plane (a terminal's, ±z): across their node square,
  // the terminal's in the lower half and the others stacked above it.
  const s = g.nodeSize;
  const stacked = new Map<number, number>();
  for (let input = 0; input < w.inputRouter.length; input++) {
    const r = w.inputRouter[input]!;
    if (r < 0 || !onPlane(r) || out.buffers[input]) continue;
    const { px, py } = centre(r);
    const k = w.inputTerminal[input]! >= 0 ? -1 : (stacked.get(r) ?? 0);
    if (k >= 0) stacked.set(r, k + 1);
    const dy = k < 0 ? s / 4 : -s / 8 - (k * s) / 4;
    out.buffers[input] = lineOf(px - s / 2 + 2, py + dy, px + s / 2 - 2, py + dy);
  }
  for (let t = 0; t < w.terminals; t++) {
    const r = w.tRouter[t]!;
    out.terminalAt[t] = onPlane(r) ? centre(r) : null;
  }
  return { ...out, pathOffset: [left, OUTER] as [number, number] };
}

/**
 * Any other network as the channel graph map draws it (switches in columns, terminals on the
 * right): a channel's buffer on its line up to the switch; a terminal's injection a stub on the
 * left of a switch in the farthest column (a fly's first stage), else a line from the terminal.
 */
function graphLayout(net: NetworkMap, width: number, maxHeight: number, buffer: number) {
  const w = wiring(net);
  const graph = networkHeatmapData(net, '', 0).graph ?? { routers: 0, terminals: 0, channels: [] };
  const rows = Math.max(graph.terminals, 2);
  const probe = channelGraphGeometry(graph, { width, height: 400 });
  const inner = Math.min(maxHeight, Math.max(240, rows * 28));
  const g = channelGraphGeometry(graph, { width, height: inner + probe.margin.top + OUTER });
  const [left, top] = [OUTER, OUTER];
  const out = {
    ...base('graph', w),
    width,
    height: g.innerHeight + 2 * OUTER,
    flit: Math.max(2, Math.min(g.routerSize * 0.3, g.lineWidth * 2.5)),
  };
  const place = new Map<number, { px: number; py: number }>();
  for (const n of [...g.routers, ...g.terminals]) {
    place.set(n.id, { px: n.px + left, py: n.py + top });
  }
  out.nodes = [
    ...g.routers.map((r) => ({ ...place.get(r.id)!, size: g.routerSize, kind: 'router' as const })),
    ...g.terminals.map((t) => ({
      ...place.get(t.id)!,
      size: 2 * g.terminalRadius,
      kind: 'terminal' as const,
    })),
  ];
  const rs = g.routerSize / 2 + 2;
  g.channels.forEach((c, i) => {
    const id = w.ids[i]!;
    const seg = lineOf(c.x1 + left, c.y1 + top, c.x2 + left, c.y2 + top);
    const end = c.to >= graph.routers ? g.terminalRadius + 2 : rs;
    const drawn = trim(seg, rs, end);
    out.channelSegs[id] = [drawn];
    const input = w.downstream[id]!;
    if (input >= 0) out.buffers[input] = drawn;
  });
  const column = new Map(g.routers.map((r) => [r.id, r.px]));
  const farthest = Math.min(...g.routers.map((r) => r.px));
  const stubs = new Map<number, number>();
  for (let t = 0; t < w.terminals; t++) {
    const r = w.tRouter[t]!;
    const at = place.get(r);
    const dot = place.get(graph.routers + t);
    out.terminalAt[t] = dot ?? null;
    if (!at) continue;
    const input = w.terminalInput[t]!;
    if (input < 0) continue;
    if (column.get(r) === farthest && graph.routers > 1) {
      const k = stubs.get(r) ?? 0;
      stubs.set(r, k + 1);
      const per = w.terminals / Math.max(1, g.routers.filter((n) => n.px === farthest).length);
      const dy = (k - (per - 1) / 2) * Math.min(g.routerSize / Math.max(1, per), 2 * out.flit);
      const x = at.px - rs;
      // As long as a full buffer, leaving room on the left for the count of waiting packets.
      const length = Math.min(Math.max(24, x - 36), buffer * out.flit * 1.2);
      out.buffers[input] = lineOf(x - length, at.py + dy, x, at.py + dy);
    } else if (dot) {
      const seg = lineOf(dot.px, dot.py, at.px, at.py);
      const length = Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) || 1;
      const lane = g.lineWidth * 1.2;
      const [ox, oy] = [(-(seg.y2 - seg.y1) / length) * lane, ((seg.x2 - seg.x1) / length) * lane];
      const shifted = lineOf(seg.x1 + ox, seg.y1 + oy, seg.x2 + ox, seg.y2 + oy);
      out.buffers[input] = trim(shifted, g.terminalRadius + 2, rs);
    }
  }
  return out;
}

/**
 * A lone crossbar as the crosspoint map draws it: row i the input of terminal i, its buffer on
 * the left of the row; column o the output to terminal o, delivered below the matrix. A flit
 * crossing from input i to output o is drawn in the cell (i, o).
 */
function crossbarLayout(net: NetworkMap, width: number, maxHeight: number, buffer: number) {
  const w = wiring(net);
  const n = w.terminals;
  const data = networkHeatmapData(net, '', 0);
  const g = crosspointGeometry(data, { width: Math.min(width, maxHeight), height: maxHeight });
  const flit = Math.max(2, g.cell * 0.42);
  const queue = Math.min(buffer, 8) * flit * 1.15;
  const matrix = g.cell * n;
  const left = Math.max(OUTER + queue + 4, (width - matrix - queue) / 2 + queue);
  const top = OUTER;
  const at = (i: number, o: number): [number, number] => [
    left + (o + 0.5) * g.cell,
    top + (i + 0.5) * g.cell,
  ];
  const out: PacketLayout = {
    ...base('crossbar', w),
    width,
    height: top + matrix + g.cell + OUTER,
    flit,
    crosspoint: { n, cell: g.cell, at },
    matrix: { left, top, size: matrix },
  };
  out.routerName = () => 'the crossbar';
  for (let i = 0; i < w.inputTerminal.length; i++) {
    const t = w.inputTerminal[i]!;
    if (t < 0) continue;
    const y = top + (t + 0.5) * g.cell;
    out.buffers[i] = lineOf(left - queue - 4, y, left - 4, y);
  }
  for (let t = 0; t < n; t++)
    out.terminalAt[t] = { px: at(0, t)[0], py: top + matrix + g.cell / 2 };
  out.nodes = out.terminalAt.flatMap((p) =>
    p ? [{ ...p, size: Math.min(10, g.cell * 0.4), kind: 'terminal' as const }] : [],
  );
  return out;
}

export interface LayoutOptions {
  width: number;
  /** The tallest the drawing may be, px. */
  maxHeight: number;
  /** A 3-D cube's plane (z) to draw. */
  plane: number;
  /** Flits a buffer holds. */
  buffer: number;
}

/** The packet view's layout of a network: see the file's head. */
export function packetLayout(net: NetworkMap, o: LayoutOptions): PacketLayout {
  const width = Math.max(200, o.width);
  if (findColumn(net.routers, 'x')) return cubeLayout(net, width, o.maxHeight, o.plane);
  if (net.shape === 'crossbar' && tableRows(net.routers) === 1) {
    return crossbarLayout(net, width, o.maxHeight, o.buffer);
  }
  return graphLayout(net, width, o.maxHeight, o.buffer);
}

/** Per channel id, the input it feeds (-1: a terminal), from the network's description. */
export function channelDownstream(net: NetworkMap): Int32Array {
  return wiring(net).downstream;
}
