// The packet view's layout of a network drawn as a graph, as wide as the view, its parts where
// the channel graph map places them (results/drawing/placement.ts, by its drawing's kind): each
// input's buffer on the channel feeding it (along the chord of an arc's last half); a terminal's
// on a lane beside the line from its dot to its router, or, where switches stand in columns
// (stages, any graph), a stub on the left of a switch in the farthest column (a fly's first
// stage).
import type { NetworkMap } from '../../engine/types';
import type { ChannelGraph } from '../../results/chart_data';
import { networkHeatmapData } from '../../results/drawing/map_data';
import type { Arc, Place } from '../../results/drawing/placement';
import { naturalHeight, placeGraph } from '../../results/drawing/placement';
import type { NodeMark, PacketLayout, Seg } from './layout_parts';
import { base, lineOf, OUTER, trim, wiring } from './layout_parts';

/** Straight pieces an arc is drawn as. */
const PIECES = 6;

/** The point at t (0 to 1) along an arc. */
function along(a: Arc, t: number): [number, number] {
  const [cx, cy] = [a.cx ?? (a.x1 + a.x2) / 2, a.cy ?? (a.y1 + a.y2) / 2];
  const [u, v, w] = [(1 - t) ** 2, 2 * t * (1 - t), t * t];
  return [u * a.x1 + v * cx + w * a.x2, u * a.y1 + v * cy + w * a.y2];
}

/**
 * The drawing's height, px, inside a view `inner` px wide that may be `most` px tall: columns and
 * a tree some rows' room each (a tree's rows are its levels and terminals, each given some three
 * rows), groups a square, a grid of arcs its own shape, each at least a least height.
 */
function heightOf(graph: ChannelGraph, inner: number, most: number): number {
  switch (graph.layout?.kind) {
    case 'groups':
      return Math.max(160, Math.min(naturalHeight(graph, inner), most));
    case 'arc grid':
      return Math.max(120, Math.min(naturalHeight(graph, inner), most));
    case 'tree':
      return Math.min(most + 2 * OUTER, Math.max(240, 3 * (graph.layout.levels + 1) * 28));
    default:
      return Math.min(most + 2 * OUTER, Math.max(240, Math.max(graph.terminals, 2) * 28));
  }
}

export function graphLayout(
  net: NetworkMap,
  width: number,
  maxHeight: number,
  buffer: number,
): PacketLayout {
  const w = wiring(net);
  const graph = networkHeatmapData(net, '', 0).graph ?? { routers: 0, terminals: 0, channels: [] };
  const inner = width - 2 * OUTER;
  const height = heightOf(graph, inner, maxHeight - 2 * OUTER);
  const p = placeGraph(graph, inner, height);
  const at = (q: Place) => ({ px: q.px + OUTER, py: q.py + OUTER });
  const out: PacketLayout = {
    ...base('graph', w),
    width,
    height: height + 2 * OUTER,
    flit: Math.max(2, Math.min(p.routerSize * 0.3, p.lineWidth * 2.5)),
  };
  out.routerName = p.routerName;
  if (p.note) out.note = p.note;
  if (p.discs.length > 0) out.groups = p.discs.map((q) => ({ ...at(q), r: q.r }));
  const routers: NodeMark[] = p.boxes.map((r) => ({
    ...at(p.routers[r]!),
    size: p.routerSize,
    kind: 'router',
  }));
  const terminals: NodeMark[] = p.terminals.flatMap((q) =>
    q ? [{ ...at(q), size: 2 * p.terminalRadius, kind: 'terminal' }] : [],
  );
  out.nodes = [...routers, ...terminals];
  const rs = p.routerSize / 2 + 2;
  p.lines.forEach((line, i) => {
    if (!line) return;
    const id = w.ids[i]!;
    const a: Arc = {
      ...line,
      x1: line.x1 + OUTER,
      y1: line.y1 + OUTER,
      x2: line.x2 + OUTER,
      y2: line.y2 + OUTER,
      ...(line.cx === undefined ? {} : { cx: line.cx + OUTER, cy: line.cy! + OUTER }),
    };
    const end = w.toRouter[i]! < 0 ? p.terminalRadius + 2 : rs;
    const input = w.downstream[id]!;
    if (a.cx === undefined) {
      const drawn = trim(lineOf(a.x1, a.y1, a.x2, a.y2), rs, end);
      out.channelSegs[id] = [drawn];
      if (input >= 0) out.buffers[input] = drawn;
      return;
    }
    const points = Array.from({ length: PIECES + 1 }, (_, k) => along(a, k / PIECES));
    const segs: Seg[] = points.slice(1).map(([x, y], k) => lineOf(...points[k]!, x, y));
    segs[0] = trim(segs[0]!, rs, 0);
    segs[PIECES - 1] = trim(segs[PIECES - 1]!, 0, end);
    out.channelSegs[id] = segs;
    if (input >= 0) out.buffers[input] = trim(lineOf(...along(a, 0.5), a.x2, a.y2), 0, end);
  });
  // Switches in columns: the terminals of the farthest column's switches inject from its left.
  const columns = graph.layout === undefined && graph.routers > 1;
  const farthest = Math.min(...p.boxes.map((r) => p.routers[r]!.px));
  const first = p.boxes.filter((r) => p.routers[r]!.px === farthest).length;
  const stubs = new Map<number, number>();
  for (let t = 0; t < w.terminals; t++) {
    const r = w.tRouter[t]!;
    const router = at(p.routers[r] ?? { px: 0, py: 0 });
    const dot = p.terminals[t];
    out.terminalAt[t] = dot ? at(dot) : router;
    const input = w.terminalInput[t]!;
    if (input < 0) continue;
    if (columns && p.routers[r]?.px === farthest) {
      const k = stubs.get(r) ?? 0;
      stubs.set(r, k + 1);
      const per = w.terminals / Math.max(1, first);
      const dy = (k - (per - 1) / 2) * Math.min(p.routerSize / Math.max(1, per), 2 * out.flit);
      const x = router.px - rs;
      // As long as a full buffer, leaving room on the left for the count of waiting packets.
      const length = Math.min(Math.max(24, x - 36), buffer * out.flit * 1.2);
      out.buffers[input] = lineOf(x - length, router.py + dy, x, router.py + dy);
    } else if (dot) {
      // Injection beside delivery: the lane on the other side of the line between them.
      const from = at(dot);
      const length = Math.hypot(router.px - from.px, router.py - from.py) || 1;
      const lane = p.lineWidth * 1.2;
      const [ox, oy] = [
        (-(router.py - from.py) / length) * lane,
        ((router.px - from.px) / length) * lane,
      ];
      const seg = lineOf(from.px + ox, from.py + oy, router.px + ox, router.py + oy);
      out.buffers[input] = trim(seg, p.terminalRadius + 2, rs);
    }
  }
  return out;
}
