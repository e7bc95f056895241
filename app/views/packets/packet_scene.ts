// What the packet view draws at one cycle, in canvas pixels, from the layout and the index's
// frame: each flit where it sits (its input's buffer, front first, virtual channels side by
// side), flits that left the network this cycle at their destination (a crossbar's at the
// crosspoint they crossed), blocked heads with their reason, held circuits, credits and stop
// signals, and packets waiting at their sources. Pure: the tests check it against the trace.
import type { Frame, PacketIndex } from './packet_index';
import { keyFlit, keyPacket } from './packet_index';
import type { PacketLayout, Seg } from './packet_layout';

export interface FlitMark {
  x: number;
  y: number;
  packet: number;
  flit: number;
  /** The input virtual channel it is in; -1 for one that left the network this cycle. */
  ivc: number;
  /** Why it waits (an index in the index's reasons), or -1. */
  reason: number;
}

export interface ChannelMark {
  channel: number;
  packet: number;
  /** Held by a circuit whose path is complete (words stream), or still being set up. */
  connected: boolean;
}

export interface CreditMark {
  seg: Seg;
  /** Credits left of the buffer, 0..1, per virtual channel; or stop signals (1: stopped). */
  values: number[];
}

export interface Scene {
  flits: FlitMark[];
  /** Side of a flit, px. */
  size: number;
  held: ChannelMark[];
  circuit: Frame['circuit'];
  credits: CreditMark[];
  /** Packets waiting at each terminal's source, where drawn. */
  queued: { x: number; y: number; count: number }[];
  /** Counts over the whole network (every plane). */
  counts: { inFlight: number; queued: number; buffered: number; blocked: number[] };
}

/** Where slot `slot` of a buffer of `depth` slots on `seg` is: the front at the segment's end. */
export function slotAt(
  seg: Seg,
  slot: number,
  depth: number,
  vc: number,
  vcs: number,
  lane: number,
): [number, number] {
  const length = Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) || 1;
  const [ux, uy] = [(seg.x2 - seg.x1) / length, (seg.y2 - seg.y1) / length];
  const along = (Math.min(slot, depth - 1) + 0.5) * (length / depth);
  const across = (vc - (vcs - 1) / 2) * lane;
  return [seg.x2 - ux * along - uy * across, seg.y2 - uy * along + ux * across];
}

/** The shortest buffer's slot, px: flits are drawn no longer than it. */
export function flitSize(layout: PacketLayout, depth: number, vcs: number): number {
  let shortest = Infinity;
  for (const b of layout.buffers) {
    if (b) shortest = Math.min(shortest, Math.hypot(b.x2 - b.x1, b.y2 - b.y1) / depth);
  }
  const size = Math.min(layout.flit, shortest * 0.85);
  return Math.max(1.5, vcs > 1 ? Math.min(size, (layout.flit * 1.6) / vcs) : size);
}

export function buildScene(
  layout: PacketLayout,
  index: PacketIndex,
  frame: Frame,
  credits: boolean,
): Scene {
  const { state } = frame;
  const vcs = index.vcs;
  const depth = index.buffer;
  const size = flitSize(layout, depth, vcs);
  const lane = size * 1.1;
  // Each input virtual channel's flits, front (first arrived) first.
  const byIvc = new Map<number, { key: number; seq: number }[]>();
  for (const [key, at] of state.flits) {
    let list = byIvc.get(at.ivc);
    if (!list) byIvc.set(at.ivc, (list = []));
    list.push({ key, seq: at.seq });
  }
  const flits: FlitMark[] = [];
  let buffered = 0;
  for (const [ivc, list] of byIvc) {
    buffered += list.length;
    const seg = layout.buffers[Math.floor(ivc / vcs)];
    if (!seg) continue;
    list.sort((a, b) => a.seq - b.seq);
    list.forEach(({ key }, slot) => {
      const [x, y] = slotAt(seg, slot, depth, ivc % vcs, vcs, lane);
      const reason = state.blocked.get(key) ?? -1;
      flits.push({ x, y, packet: keyPacket(key), flit: keyFlit(key), ivc, reason });
    });
  }
  for (const m of frame.moves) {
    if (m.to >= 0 || m.channel < 0) continue;
    const at = leftAt(layout, m.from >= 0 ? Math.floor(m.from / vcs) : -1, m.channel);
    if (at) flits.push({ x: at[0], y: at[1], packet: m.packet, flit: m.flit, ivc: -1, reason: -1 });
  }
  const held: ChannelMark[] = [];
  for (const [channel, packet] of state.holders) {
    held.push({ channel, packet, connected: state.connected.has(packet) });
  }
  const creditMarks: CreditMark[] = [];
  if (credits && index.flow !== 'none') {
    layout.channelSegs.forEach((segs, channel) => {
      const seg = segs[0];
      if (!seg || layout.downstream[channel]! < 0) return;
      const values = Array.from({ length: vcs }, (_, v) => {
        const k = channel * vcs + v;
        return index.flow === 'credits'
          ? (state.credits.get(k) ?? depth) / depth
          : state.stopped.has(k)
            ? 1
            : 0;
      });
      creditMarks.push({ seg, values });
    });
  }
  const waiting = new Map<number, number>();
  for (const p of state.queued) {
    const src = index.packets.get(p)?.src ?? -1;
    if (src >= 0) waiting.set(src, (waiting.get(src) ?? 0) + 1);
  }
  const queued = [...waiting].flatMap(([t, count]) => {
    const at = layout.terminalAt[t];
    return at ? [{ x: at.px, y: at.py, count }] : [];
  });
  const blocked = index.reasons.map(() => 0);
  for (const [key, r] of state.blocked) {
    if (keyFlit(key) === 0 && r >= 0 && r < blocked.length) blocked[r]!++;
  }
  return {
    flits,
    size,
    held,
    circuit: frame.circuit,
    credits: creditMarks,
    queued,
    counts: { inFlight: state.inFlight.size, queued: state.queued.size, buffered, blocked },
  };
}

/** Where a flit that left the network over `channel` from `input` is drawn this cycle. */
function leftAt(layout: PacketLayout, input: number, channel: number): [number, number] | null {
  const terminal = layout.channelTerminal[channel] ?? -1;
  if (layout.crosspoint) {
    const row = input >= 0 ? (layout.inputTerminal[input] ?? -1) : -1;
    return row >= 0 && terminal >= 0 ? layout.crosspoint.at(row, terminal) : null;
  }
  const seg = layout.channelSegs[channel]?.[0];
  if (seg) return [seg.x2, seg.y2];
  const at = terminal >= 0 ? layout.terminalAt[terminal] : null;
  return at ? [at.px, at.py] : null;
}

/** The flit mark nearest (x, y) within `reach` px, or null. */
export function flitNear(scene: Scene, x: number, y: number, reach: number): FlitMark | null {
  let best: FlitMark | null = null;
  let distance = reach;
  for (const f of scene.flits) {
    const d = Math.hypot(f.x - x, f.y - y);
    if (d <= distance) {
      best = f;
      distance = d;
    }
  }
  return best;
}
