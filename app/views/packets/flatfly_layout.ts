// The packet view's layout of a flattened butterfly or a cube past three dimensions: the channel
// graph map's placement (routers
// on a grid, each row's channels arcs, flatfly_geometry.ts) as wide as the view and at most as
// tall as it may be. An arc is drawn as a few straight pieces; each input's buffer lies along
// the chord of the last half of the arc feeding it, a terminal's on a lane beside the line from
// its dot to its router.
import { flatflyHeight, flatflyPlacement, flatflyRouterName } from '../../charts/flatfly_geometry';
import type { Arc } from '../../charts/flatfly_geometry';
import { networkHeatmapData } from '../../results/network_data';
import type { NetworkMap } from '../../engine/types';
import type { NodeMark, PacketLayout, Seg } from './layout_parts';
import { base, lineOf, OUTER, placeTerminals, trim, wiring } from './layout_parts';

/** The least height of the drawing, px, and the straight pieces an arc is drawn as. */
const MIN_HEIGHT = 120;
const PIECES = 6;

/** The point at t (0 to 1) along an arc. */
function along(a: Arc, t: number): [number, number] {
  const [cx, cy] = [a.cx ?? (a.x1 + a.x2) / 2, a.cy ?? (a.y1 + a.y2) / 2];
  const [u, v, w] = [(1 - t) ** 2, 2 * t * (1 - t), t * t];
  return [u * a.x1 + v * cx + w * a.x2, u * a.y1 + v * cy + w * a.y2];
}

export function flatflyLayout(net: NetworkMap, width: number, maxHeight: number): PacketLayout {
  const w = wiring(net);
  const graph = networkHeatmapData(net, '', 0).graph;
  const out: PacketLayout = { ...base('graph', w), width, height: 2 * OUTER, flit: 2 };
  const ff = graph?.grid;
  if (!graph || !ff) return out;
  const inner = width - 2 * OUTER;
  const height = Math.max(MIN_HEIGHT, Math.min(flatflyHeight(ff, inner), maxHeight - 2 * OUTER));
  const p = flatflyPlacement(graph, ff, inner, height);
  const at = (q: { px: number; py: number }) => ({ px: q.px + OUTER, py: q.py + OUTER });
  out.height = height + 2 * OUTER;
  out.flit = Math.max(2, Math.min(p.routerSize * 0.3, p.lineWidth * 2.5));
  out.routerName = (r) => flatflyRouterName(ff, r);
  if (p.note) out.note = p.note;
  const routers: NodeMark[] = p.routers.map((q) => ({
    ...at(q),
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
    const toTerminal = w.toRouter[i]! < 0;
    const end = toTerminal ? p.terminalRadius + 2 : rs;
    if (a.cx === undefined) {
      const drawn = trim(lineOf(a.x1, a.y1, a.x2, a.y2), rs, end);
      out.channelSegs[id] = [drawn];
      return;
    }
    const points = Array.from({ length: PIECES + 1 }, (_, k) => along(a, k / PIECES));
    const segs: Seg[] = points.slice(1).map(([x, y], k) => lineOf(...points[k]!, x, y));
    segs[0] = trim(segs[0]!, rs, 0);
    segs[PIECES - 1] = trim(segs[PIECES - 1]!, 0, end);
    out.channelSegs[id] = segs;
    const input = w.downstream[id]!;
    if (input >= 0) out.buffers[input] = trim(lineOf(...along(a, 0.5), a.x2, a.y2), 0, end);
  });
  placeTerminals(out, w, p, at, rs);
  return out;
}
