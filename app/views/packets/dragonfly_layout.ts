// The packet view's layout of a dragonfly: the channel graph map's placement (groups around a
// circle, global channels as chords, dragonfly_geometry.ts) in a square as wide as the view and
// at most as tall as it may be; each input's buffer on the channel feeding it, a terminal's on a
// lane beside the line from its dot to its router.
import {
  DRAGONFLY,
  dragonflyPlacement,
  dragonflyRouterName,
} from '../../charts/dragonfly_geometry';
import { networkHeatmapData } from '../../results/network_data';
import type { NetworkMap } from '../../engine/types';
import type { NodeMark, PacketLayout } from './layout_parts';
import { base, lineOf, OUTER, placeTerminals, trim, wiring } from './layout_parts';

/** The least side of the drawing's square, px. */
const MIN_SIDE = 160;

export function dragonflyLayout(net: NetworkMap, width: number, maxHeight: number): PacketLayout {
  const w = wiring(net);
  const graph = networkHeatmapData(net, '', 0).graph;
  const out: PacketLayout = { ...base('graph', w), width, height: 2 * OUTER, flit: 2 };
  const df = graph?.dragonfly;
  if (!graph || !df) return out;
  const side = Math.max(MIN_SIDE, Math.min(width - 2 * OUTER, maxHeight - 2 * OUTER));
  const p = dragonflyPlacement(graph, df, side);
  const [left, top] = [(width - side) / 2, OUTER];
  const at = (q: { px: number; py: number }) => ({ px: q.px + left, py: q.py + top });
  out.height = side + 2 * OUTER;
  out.flit = Math.max(2, Math.min(p.routerSize * 0.3, p.lineWidth * 2.5));
  out.routerName = (r) => dragonflyRouterName(df, r);
  if (p.note) out.note = p.note;
  if (!p.whole) out.groups = p.groups.map((q) => ({ ...at(q), r: q.r * DRAGONFLY.disc }));
  const routers: NodeMark[] = p.routers.flatMap((q, r) =>
    p.whole && df.index[r] !== 0 ? [] : [{ ...at(q), size: p.routerSize, kind: 'router' }],
  );
  const terminals: NodeMark[] = p.terminals.flatMap((q) =>
    q ? [{ ...at(q), size: 2 * p.terminalRadius, kind: 'terminal' }] : [],
  );
  out.nodes = [...routers, ...terminals];
  const rs = p.routerSize / 2 + 2;
  p.lines.forEach((line, i) => {
    if (!line) return;
    const id = w.ids[i]!;
    const toTerminal = w.toRouter[i]! < 0;
    const seg = lineOf(line.x1 + left, line.y1 + top, line.x2 + left, line.y2 + top);
    const drawn = trim(seg, rs, toTerminal ? p.terminalRadius + 2 : rs);
    out.channelSegs[id] = [drawn];
    const input = w.downstream[id]!;
    if (input >= 0) out.buffers[input] = drawn;
  });
  placeTerminals(out, w, p, at, rs);
  return out;
}
