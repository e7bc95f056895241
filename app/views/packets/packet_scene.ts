// What the packet view draws at one cycle, in canvas pixels, from the layout and the index's
// frame: each flit where it sits (its input's buffer, front first, virtual channels side by
// side), flits that left the network this cycle at their destination (a crossbar's at the
// crosspoint they crossed), blocked heads with their reason, held circuits, credits and stop
// signals, and packets waiting at their sources. Pure: the tests check it against the trace.
import { segmentCrossesBox } from '../../charts/label_placement';
import type { Frame } from './packet_state';
import type { PacketIndex } from './packet_index';
import { flitKey, keyFlit, keyPacket } from './packet_state';
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
  /** Its drawn width and height: along its channel no longer than a buffer slot. */
  w: number;
  h: number;
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

/**
 * A worm's joint between two flits of a packet next to each other: in one buffer, or one hop
 * apart, the joint then following the channels through the router between them.
 */
export interface LinkMark {
  packet: number;
  /** Polylines of x, y pairs: two where the hop wraps around a torus. */
  lines: number[][];
}

export interface Scene {
  flits: FlitMark[];
  links: LinkMark[];
  /** Side of a flit, px (a flit across its channel may be wider: see FlitMark's w, h). */
  size: number;
  /** Distance between the virtual channels' lanes of a buffer, px. */
  lane: number;
  held: ChannelMark[];
  circuit: Frame['circuit'];
  credits: CreditMark[];
  /**
   * Packets waiting at a terminal's source, labelled "+n" at its injection buffer's tail where
   * the label covers no other (a 256-port fly's sources are a few px apart): most first.
   */
  queued: QueuedMark[];
  /** Counts over the whole network (every plane). */
  counts: { inFlight: number; queued: number; buffered: number; blocked: number[] };
}

/** A "+n" label: right-aligned at x, centred on y, `w` by `h` px. */
export interface QueuedMark {
  x: number;
  y: number;
  count: number;
  w: number;
  h: number;
}

/** The font size of the "+n" labels for flits of side `size`, px. */
export const countFontPx = (size: number) => Math.round(Math.max(9, Math.min(12, size * 1.4)));

/** The width of a deadlock's knot stroked along its channels, px: the widest a channel is drawn. */
export const knotWidth = (size: number) => Math.max(6, size * 2.8);

/** Side of the squares the channel index buckets its segments by, px. */
const BUCKET = 32;

/** Every drawn channel segment, bucketed by the squares it passes near, for a layout. */
const channelIndex = new WeakMap<PacketLayout, { clearance: number; index: Map<string, Seg[]> }>();

function segmentsNear(layout: PacketLayout, clearance: number): Map<string, Seg[]> {
  const cached = channelIndex.get(layout);
  if (cached?.clearance === clearance) return cached.index;
  const index = new Map<string, Seg[]>();
  for (const segs of layout.channelSegs) {
    for (const s of segs) {
      const [x0, x1] = [Math.min(s.x1, s.x2) - clearance, Math.max(s.x1, s.x2) + clearance];
      const [y0, y1] = [Math.min(s.y1, s.y2) - clearance, Math.max(s.y1, s.y2) + clearance];
      for (let i = Math.floor(x0 / BUCKET); i <= Math.floor(x1 / BUCKET); i++) {
        for (let j = Math.floor(y0 / BUCKET); j <= Math.floor(y1 / BUCKET); j++) {
          const key = `${i},${j}`;
          const list = index.get(key);
          if (list) list.push(s);
          else index.set(key, [s]);
        }
      }
    }
  }
  channelIndex.set(layout, { clearance, index });
  return index;
}

/** The label's box less than `clearance` px from a channel's line (where a knot may be drawn). */
export function labelCoversChannel(layout: PacketLayout, q: QueuedMark, clearance: number) {
  const box = {
    x: q.x - q.w - clearance,
    y: q.y - q.h / 2 - clearance,
    width: q.w + 2 * clearance,
    height: q.h + 2 * clearance,
  };
  const index = segmentsNear(layout, clearance);
  for (let i = Math.floor(box.x / BUCKET); i <= Math.floor((box.x + box.width) / BUCKET); i++) {
    for (let j = Math.floor(box.y / BUCKET); j <= Math.floor((box.y + box.height) / BUCKET); j++) {
      for (const s of index.get(`${i},${j}`) ?? []) if (segmentCrossesBox(s, box)) return true;
    }
  }
  return false;
}

/**
 * Where a source's "+n" label may go, best first: at its injection buffer's tail, else at a
 * corner just off its switch's square, diagonal from it, where no channel of a grid runs.
 */
function labelSpots(layout: PacketLayout, b: Seg, w: number, h: number) {
  const spots = [{ x: b.x1 - 2, y: b.y1 }];
  const node = layout.nodes.find(
    (n) =>
      n.kind === 'router' &&
      Math.abs(n.px - b.x1) <= n.size / 2 + 2 &&
      Math.abs(n.py - b.y1) <= n.size / 2 + 2,
  );
  if (node) {
    const r = node.size / 2 + 2;
    for (const [x, y] of [
      [node.px - r, node.py + r + h / 2],
      [node.px - r, node.py - r - h / 2],
      [node.px + r + w, node.py + r + h / 2],
      [node.px + r + w, node.py - r - h / 2],
    ] as const) {
      spots.push({ x, y });
    }
  }
  return spots;
}

/** Whether two "+n" labels' boxes overlap. */
export function labelsOverlap(a: QueuedMark, b: QueuedMark): boolean {
  return a.x - a.w < b.x && b.x - b.w < a.x && Math.abs(a.y - b.y) < (a.h + b.h) / 2;
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

/**
 * A flit's side, px: no longer than the slot of a typical buffer (the median; a torus's short
 * wrap-around pieces pack their flits closer) nor, with several VCs, wider than their lanes.
 */
export function flitSize(layout: PacketLayout, depth: number, vcs: number): number {
  const lengths = layout.buffers
    .flatMap((b) => (b ? [Math.hypot(b.x2 - b.x1, b.y2 - b.y1)] : []))
    .sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  const size = Math.min(layout.flit, (median / depth) * 0.85);
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
  // Across its channel a flit may fill its lane; along it, its buffer's slot.
  const across = Math.max(size, vcs > 1 ? (layout.flit * 1.6) / vcs : layout.flit);
  const lane = across * 1.1;
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
    const [dx, dy] = [Math.abs(seg.x2 - seg.x1), Math.abs(seg.y2 - seg.y1)];
    const along = Math.max(1.5, Math.min(across, (Math.hypot(dx, dy) / depth) * 0.85));
    const [w, h] =
      dy < 0.01 * dx ? [along, across] : dx < 0.01 * dy ? [across, along] : [along, along];
    list.forEach(({ key }, slot) => {
      const [x, y] = slotAt(seg, slot, depth, ivc % vcs, vcs, lane);
      const reason = state.blocked.get(key) ?? -1;
      flits.push({ x, y, packet: keyPacket(key), flit: keyFlit(key), ivc, reason, w, h });
    });
  }
  const left = new Map<number, number>();
  for (const m of frame.moves) {
    if (m.to >= 0 || m.channel < 0) continue;
    const at = leftAt(layout, m.from >= 0 ? Math.floor(m.from / vcs) : -1, m.channel);
    if (!at) continue;
    left.set(flitKey(m.packet, m.flit), m.from);
    const [x, y] = at;
    flits.push({ x, y, packet: m.packet, flit: m.flit, ivc: -1, reason: -1, w: size, h: size });
  }
  // Joints: flit k + 1 in the same buffer as flit k, or in one a hop behind it (a worm may
  // stretch over empty buffers: no joint drawn across the gap).
  const drawn = new Map(flits.map((f) => [flitKey(f.packet, f.flit), f]));
  const links: LinkMark[] = [];
  for (const [key, a] of drawn) {
    const b = drawn.get(key + 1);
    if (!b || b.ivc < 0) continue;
    const behind = Math.floor(b.ivc / vcs);
    const ahead = a.ivc >= 0 ? Math.floor(a.ivc / vcs) : -1;
    const from = layout.buffers[behind]!;
    if (a.ivc === b.ivc) {
      links.push({ packet: a.packet, lines: [[b.x, b.y, a.x, a.y]] });
    } else if (
      a.ivc < 0 ? left.get(key) === b.ivc : layout.inputFeeder[ahead] === layout.inputRouter[behind]
    ) {
      const parts = a.ivc >= 0 ? (layout.channelSegs[layout.inputChannel[ahead]!] ?? []) : [];
      const [out, back] = [parts[0], parts[parts.length - 1]];
      const start = [b.x, b.y, from.x2, from.y2];
      const lines =
        out && back && parts.length > 1
          ? [
              [...start, out.x1, out.y1, out.x2, out.y2],
              [back.x1, back.y1, a.x, a.y],
            ]
          : [[...start, ...(out ? [out.x1, out.y1] : []), a.x, a.y]];
      links.push({ packet: a.packet, lines });
    }
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
  // By the source's injection buffer, the longest queues first, off every channel (a deadlock's
  // knot is drawn wide along them); a label with no such spot clear of those already placed is
  // left out (the summary counts every waiting packet).
  const font = countFontPx(size);
  const clearance = knotWidth(size) / 2;
  const queued: QueuedMark[] = [];
  for (const [t, count] of [...waiting].sort((a, b) => b[1] - a[1] || a[0] - b[0])) {
    const b = layout.buffers[layout.terminalInput[t] ?? -1];
    if (!b) continue;
    // A digit of the sans-serif font is at most 0.65 of its size.
    const [w, h] = [0.65 * font * (1 + String(count).length), font];
    const mark = labelSpots(layout, b, w, h)
      .map((at) => ({ ...at, count, w, h }))
      .find(
        (m) =>
          !labelCoversChannel(layout, m, clearance) && !queued.some((q) => labelsOverlap(q, m)),
      );
    if (mark) queued.push(mark);
  }
  const blocked = index.reasons.map(() => 0);
  for (const [key, r] of state.blocked) {
    if (keyFlit(key) === 0 && r >= 0 && r < blocked.length) blocked[r]!++;
  }
  return {
    flits,
    links,
    size,
    lane,
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

/**
 * The packet under a click at (x, y), layout px: the nearest flit's, else the one holding the
 * circuit channel nearest it; undefined where there is none near.
 */
export function packetAt(
  scene: Scene,
  layout: PacketLayout,
  x: number,
  y: number,
): number | undefined {
  const flit = flitNear(scene, x, y, Math.max(8, scene.size));
  if (flit) return flit.packet;
  // A circuit: the held channel nearest the click.
  let best: number | undefined;
  let distance = 10;
  for (const h of scene.held) {
    for (const s of layout.channelSegs[h.channel] ?? []) {
      const d = Math.hypot((s.x1 + s.x2) / 2 - x, (s.y1 + s.y2) / 2 - y);
      if (d < distance) [best, distance] = [h.packet, d];
    }
  }
  return best;
}
