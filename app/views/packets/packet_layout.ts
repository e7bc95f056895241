// Where the packet view draws each part of a network, from the engine's description of it: the
// channel maps' own layouts (channelHeatmapGeometry for a cube's plane, channelGraphGeometry for
// a fly or router network, crosspointGeometry for a lone crossbar), plus where each input's
// buffer sits: at the far end of the channel that feeds it, or at its router for a terminal's
// injection (a cube's ±z inputs too); a dragonfly's groups around a circle (dragonfly_layout.ts);
// a fat tree's levels in rows above its terminals (fattree_geometry.ts), a flattened
// butterfly's grid of arcs, and a cube's past three dimensions (flatfly_layout.ts).
// Pure, so it can be tested.
import { channelGraphGeometry } from '../../charts/graph_geometry';
import { channelHeatmapGeometry } from '../../charts/heatmap_geometry';
import { gridPlace, gridShape } from '../../charts/heatmap_network';
import { crosspointGeometry } from '../../charts/CrosspointMap';
import { FLATFLY_SHAPE, foldedCube, networkHeatmapData } from '../../results/network_data';
import type { NetworkMap } from '../../engine/types';
import { findColumn, tableRows } from '../../engine/types';
import { dragonflyLayout } from './dragonfly_layout';
import { flatflyLayout } from './flatfly_layout';
import type { PacketLayout, Seg } from './layout_parts';
import { base, lineOf, OUTER, trim, wiring } from './layout_parts';

export type { LayoutShape, NodeMark, PacketLayout, Seg } from './layout_parts';

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
  // the terminals' in lanes of the lower half (one each of a concentrated cube's c) and the
  // others stacked above them.
  const s = g.nodeSize;
  const stacked = new Map<number, number>();
  const lanes = new Map<number, number>();
  const perRouter = Math.max(1, Math.round(w.terminals / Math.max(1, w.routers)));
  for (let input = 0; input < w.inputRouter.length; input++) {
    const r = w.inputRouter[input]!;
    if (r < 0 || !onPlane(r) || out.buffers[input]) continue;
    const { px, py } = centre(r);
    const terminal = w.inputTerminal[input]! >= 0;
    const map = terminal ? lanes : stacked;
    const k = map.get(r) ?? 0;
    map.set(r, k + 1);
    const dy = terminal ? ((k + 0.5) * s) / (2 * perRouter) : -s / 8 - (k * s) / 4;
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
  // A fat tree's rows are its levels and terminals, each given some three rows' room.
  const rows = graph.fatTree ? 3 * (graph.fatTree.levels + 1) : Math.max(graph.terminals, 2);
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
    if (column.get(r) === farthest && graph.routers > 1 && !graph.fatTree) {
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
  if (net.shape === FLATFLY_SHAPE || foldedCube(net)) return flatflyLayout(net, width, o.maxHeight);
  if (findColumn(net.routers, 'x')) return cubeLayout(net, width, o.maxHeight, o.plane);
  if (net.shape === 'dragonfly') return dragonflyLayout(net, width, o.maxHeight);
  if (net.shape === 'crossbar' && tableRows(net.routers) === 1) {
    return crossbarLayout(net, width, o.maxHeight, o.buffer);
  }
  return graphLayout(net, width, o.maxHeight, o.buffer);
}

/** Per channel id, the input it feeds (-1: a terminal), from the network's description. */
export function channelDownstream(net: NetworkMap): Int32Array {
  return wiring(net).downstream;
}
