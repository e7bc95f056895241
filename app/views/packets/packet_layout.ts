// Where the packet view draws each part of a network, from the engine's description of it and
// the drawing it declares: a grid or ring as the channel heat map draws its plane
// (channelHeatmapGeometry), a crossbar as the crosspoint map (crosspointGeometry), any other as
// the channel graph map places it (graph_layout.ts); plus where each input's buffer sits: at the
// far end of the channel that feeds it, or at its router for a terminal's injection (a cube's
// ±z inputs too). Pure, so it can be tested.
import { channelHeatmapGeometry } from '../../charts/heatmap_geometry';
import { crosspointGeometry } from '../../charts/CrosspointMap';
import { drawingOf } from '../../results/drawing/drawing';
import { gridPlace, gridShape } from '../../results/drawing/grid';
import { networkHeatmapData } from '../../results/drawing/map_data';
import type { NetworkMap } from '../../engine/types';
import { vt } from '../view_words';
import { findColumn } from '../../engine/types';
import { graphLayout } from './graph_layout';
import type { PacketLayout, Seg } from './layout_parts';
import { base, lineOf, OUTER, trim, wiring } from './layout_parts';

export type { LayoutKind, NodeMark, PacketLayout, Seg } from './layout_parts';

/**
 * A lattice's plane (z = plane), at most `maxHeight` tall: its nodes, channels and buffers where
 * the heat map draws them, each input's buffer on the last piece of the channel feeding it.
 */
function latticeLayout(net: NetworkMap, width: number, maxHeight: number, plane: number) {
  const w = wiring(net);
  const drawing = drawingOf(net);
  const axes = drawing.axes.slice(0, 3);
  const dims = drawing.extent.slice(0, 3);
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
    ...base('lattice', w),
    width,
    height: g.innerHeight + 2 * OUTER,
    flit: Math.max(2, Math.min(g.thickness * 1.1, g.cell * 0.09)),
    plane: z,
    planes: kz,
  };
  const coord = axes.map((a) => findColumn(net.routers, a)?.values ?? []);
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
 * A crossbar as the crosspoint map draws it: row i the input of terminal i, its buffer on
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
  out.routerName = () => vt('names.crossbar');
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

/** The packet view's layout of a network, by the kind of drawing it declares. */
export function packetLayout(net: NetworkMap, o: LayoutOptions): PacketLayout {
  const width = Math.max(200, o.width);
  switch (drawingOf(net).kind) {
    case 'grid':
    case 'ring':
      return latticeLayout(net, width, o.maxHeight, o.plane);
    case 'crossbar':
      return crossbarLayout(net, width, o.maxHeight, o.buffer);
    default:
      return graphLayout(net, width, o.maxHeight, o.buffer);
  }
}

/** Per channel id, the input it feeds (-1: a terminal), from the network's description. */
export function channelDownstream(net: NetworkMap): Int32Array {
  return wiring(net).downstream;
}
