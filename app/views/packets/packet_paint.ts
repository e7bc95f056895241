// Paints the packet view on two canvases: the network once per layout and theme (channels,
// switches, buffers' lanes), and each frame's scene over it (held circuits, worms of flits,
// blocked heads, credits, packets waiting at their sources). The frame's marks are batched by
// colour, a path each, so hundreds of flits cost a few fills.
import { palette } from '../../charts/palette';
import type { PacketIndex } from './packet_index';
import type { PacketLayout, Seg } from './packet_layout';
import type { Scene } from './packet_scene';
import { countFontPx, knotWidth } from './packet_scene';

export interface Theme {
  fg: string;
  muted: string;
  border: string;
  accent: string;
  bg: string;
}

/** Packet colours, by packet id: the palette's hues but vermillion (blocked marks) and yellow. */
const PACKET_COLORS = [palette.blue, palette.orange, palette.green, palette.purple, palette.sky];

export function packetColor(packet: number): string {
  return PACKET_COLORS[packet % PACKET_COLORS.length]!;
}

/** Short names of the reasons a front flit waits, drawn beside it; the legend spells them out. */
export const REASON_SHORT: Record<string, string> = {
  no_vc: 'V',
  no_credit: 'C',
  stop: 'S',
  switch_lost: 'W',
  input_busy: 'I',
  channel_rate: 'R',
  queue_full: 'Q',
};

/** The canvas calls the painters use (a stub in tests records them). */
export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'rect'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'clearRect'
  | 'save'
  | 'restore'
  | 'translate'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
> & { fillPath?(path: string): void };

function segment(ctx: Ctx, s: Seg) {
  ctx.moveTo(s.x1, s.y1);
  ctx.lineTo(s.x2, s.y2);
}

/** The network: channel shapes (or lines), switches, terminals, and each buffer's lane. */
export function paintNetwork(ctx: Ctx, layout: PacketLayout, theme: Theme, flit: number) {
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.save();
  if (layout.matrix) {
    const { left, top, size } = layout.matrix;
    const n = layout.crosspoint?.n ?? 0;
    const cell = layout.crosspoint?.cell ?? 0;
    ctx.strokeStyle = theme.border;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i <= n; i++) {
      ctx.moveTo(left, top + i * cell);
      ctx.lineTo(left + size, top + i * cell);
      ctx.moveTo(left + i * cell, top);
      ctx.lineTo(left + i * cell, top + size);
    }
    ctx.stroke();
  }
  // A dragonfly's groups: faint discs behind their routers.
  ctx.fillStyle = theme.border;
  ctx.globalAlpha = 0.35;
  for (const q of layout.groups ?? []) {
    ctx.beginPath();
    ctx.arc(q.px, q.py, q.r, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.border;
  ctx.strokeStyle = theme.border;
  ctx.lineWidth = Math.max(1, flit * 0.5);
  ctx.beginPath();
  layout.channelSegs.forEach((segs, c) => {
    if (layout.channelPath[c]) return;
    for (const s of segs) segment(ctx, s);
  });
  ctx.stroke();
  if (ctx.fillPath) {
    ctx.save();
    ctx.translate(layout.pathOffset[0], layout.pathOffset[1]);
    for (const path of layout.channelPath) if (path) ctx.fillPath(path);
    ctx.restore();
  }
  // Lanes of the buffers that no channel shape draws (a terminal's injection, ±z).
  ctx.lineWidth = Math.max(1, flit * 0.3);
  ctx.beginPath();
  layout.buffers.forEach((b, input) => {
    if (b && (layout.inputTerminal[input]! >= 0 || layout.kind === 'lattice')) segment(ctx, b);
  });
  ctx.stroke();
  ctx.strokeStyle = theme.muted;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const n of layout.nodes) {
    if (n.kind === 'router') ctx.rect(n.px - n.size / 2, n.py - n.size / 2, n.size, n.size);
  }
  ctx.stroke();
  for (const n of layout.nodes) {
    if (n.kind !== 'terminal') continue;
    ctx.beginPath();
    ctx.arc(n.px, n.py, n.size / 2, 0, 2 * Math.PI);
    ctx.stroke();
  }
  // A node the run singles out (the hot spot): its square drawn strong, named above it. Not in a
  // colour: the packets and the blocked marks have them all.
  ctx.strokeStyle = theme.fg;
  ctx.fillStyle = theme.fg;
  ctx.lineWidth = Math.max(2, flit * 0.6);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (const m of layout.marked) {
    ctx.strokeRect(m.px - m.size / 2, m.py - m.size / 2, m.size, m.size);
    ctx.font = `bold ${Math.round(Math.max(10, Math.min(13, m.size * 0.45)))}px sans-serif`;
    ctx.fillText(m.label, m.px, m.py - m.size / 2 - 2);
  }
  ctx.restore();
}

export interface PaintOptions {
  theme: Theme;
  /** The followed packet: drawn strong, the others faint. */
  selected?: number;
  /**
   * A deadlock's knot once it has formed: its channels drawn thick in vermillion and the heads
   * waiting at the front of their buffers (input virtual channels `ivcs`) ringed.
   */
  knot?: { channels: number[]; ivcs: Set<number> };
}

/** One frame's scene over the network. */
export function paintScene(
  ctx: Ctx,
  layout: PacketLayout,
  index: PacketIndex,
  scene: Scene,
  { theme, selected, knot }: PaintOptions,
) {
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.save();
  const size = scene.size;
  if (knot) {
    ctx.strokeStyle = palette.vermillion;
    ctx.globalAlpha = 0.85;
    // Wider than the flits queued along it, so the knot shows round a full buffer.
    ctx.lineWidth = knotWidth(size);
    ctx.beginPath();
    for (const c of knot.channels) for (const s of layout.channelSegs[c] ?? []) segment(ctx, s);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  const faint = (packet: number) => selected !== undefined && packet !== selected;
  // Held circuits: the channels in the circuit's colour, dashed while it is being set up.
  for (const h of scene.held) {
    ctx.globalAlpha = faint(h.packet) ? 0.25 : 0.9;
    ctx.strokeStyle = packetColor(h.packet);
    ctx.lineWidth = Math.max(2, size * (h.packet === selected ? 1.2 : 0.8));
    ctx.setLineDash(h.connected ? [] : [size, size * 0.6]);
    ctx.beginPath();
    for (const s of layout.channelSegs[h.channel] ?? []) segment(ctx, s);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  // This cycle's set-up: a request a ring at the channel's start, a release a grey dash, a
  // blocked request a vermillion cross.
  for (const e of scene.circuit) {
    const s = layout.channelSegs[e.channel]?.[0];
    if (!s) continue;
    ctx.globalAlpha = faint(e.packet) ? 0.3 : 1;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    if (e.what === 'blocked') {
      ctx.strokeStyle = palette.vermillion;
      const r = size * 0.8;
      ctx.moveTo(s.x1 - r, s.y1 - r);
      ctx.lineTo(s.x1 + r, s.y1 + r);
      ctx.moveTo(s.x1 - r, s.y1 + r);
      ctx.lineTo(s.x1 + r, s.y1 - r);
    } else if (e.what === 'request') {
      ctx.strokeStyle = packetColor(e.packet);
      ctx.arc(s.x1, s.y1, size * 0.7, 0, 2 * Math.PI);
    } else if (e.what === 'release') {
      ctx.strokeStyle = palette.grey;
      ctx.setLineDash([2, 3]);
      segment(ctx, s);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  // Worms: a packet's neighbouring flits joined.
  ctx.lineWidth = Math.max(1, size * 0.35);
  for (const l of scene.links) {
    ctx.globalAlpha = faint(l.packet) ? 0.2 : 0.8;
    ctx.strokeStyle = packetColor(l.packet);
    ctx.beginPath();
    for (const p of l.lines) {
      ctx.moveTo(p[0]!, p[1]!);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i]!, p[i + 1]!);
    }
    ctx.stroke();
  }
  // Flits, a path per colour and strength.
  for (const strong of [false, true]) {
    for (let c = 0; c < PACKET_COLORS.length; c++) {
      ctx.beginPath();
      let any = false;
      for (const f of scene.flits) {
        if (f.packet % PACKET_COLORS.length !== c || faint(f.packet) === strong) continue;
        ctx.rect(f.x - f.w / 2, f.y - f.h / 2, f.w, f.h);
        any = true;
      }
      if (!any) continue;
      ctx.globalAlpha = strong ? 1 : 0.3;
      ctx.fillStyle = PACKET_COLORS[c]!;
      ctx.fill();
    }
  }
  ctx.globalAlpha = 1;
  // Heads outlined; a flit that left the network this cycle a ring at its destination.
  ctx.strokeStyle = theme.fg;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const f of scene.flits) {
    if (f.flit === 0 && !faint(f.packet)) ctx.rect(f.x - f.w / 2, f.y - f.h / 2, f.w, f.h);
  }
  ctx.stroke();
  ctx.beginPath();
  for (const f of scene.flits) {
    if (f.ivc >= 0 || faint(f.packet)) continue;
    ctx.moveTo(f.x + size * 0.85, f.y);
    ctx.arc(f.x, f.y, size * 0.85, 0, 2 * Math.PI);
  }
  ctx.stroke();
  // Blocked fronts: a vermillion frame, and the reason's letter where there is room.
  ctx.strokeStyle = palette.vermillion;
  ctx.lineWidth = Math.max(1.5, size * 0.22);
  const m = size * 0.25;
  for (const strong of [false, true]) {
    ctx.globalAlpha = strong ? 1 : 0.3;
    ctx.beginPath();
    for (const f of scene.flits) {
      if (f.reason < 0 || faint(f.packet) === strong) continue;
      ctx.rect(f.x - f.w / 2 - m, f.y - f.h / 2 - m, f.w + 2 * m, f.h + 2 * m);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  if (size >= 7) {
    ctx.fillStyle = theme.fg;
    ctx.font = `${Math.round(Math.min(12, size))}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    for (const f of scene.flits) {
      if (f.reason < 0 || faint(f.packet)) continue;
      const [dx, dy] = [f.w / 2 + m, f.h / 2 + m];
      ctx.fillText(REASON_SHORT[index.reasons[f.reason] ?? ''] ?? '?', f.x + dx, f.y - dy);
    }
  }
  // The knot's waiting heads: a thick vermillion ring each.
  if (knot) {
    ctx.strokeStyle = palette.vermillion;
    ctx.lineWidth = Math.max(2.5, size * 0.4);
    ctx.beginPath();
    for (const f of scene.flits) {
      if (f.reason < 0 || !knot.ivcs.has(f.ivc)) continue;
      const r = Math.max(f.w, f.h) * 0.5 + size * 0.9;
      ctx.moveTo(f.x + r, f.y);
      ctx.arc(f.x, f.y, r, 0, 2 * Math.PI);
    }
    ctx.stroke();
  }
  // Credits (or stop signals): a bar per virtual channel along the channel's start.
  for (const c of scene.credits) {
    const length = Math.hypot(c.seg.x2 - c.seg.x1, c.seg.y2 - c.seg.y1) || 1;
    const [ux, uy] = [(c.seg.x2 - c.seg.x1) / length, (c.seg.y2 - c.seg.y1) / length];
    const full = Math.min(length * 0.35, 6 * size);
    c.values.forEach((v, vc) => {
      const off = (vc + 1) * Math.max(2, size * 0.35) + size * 0.6;
      const [x, y] = [c.seg.x1 - uy * off, c.seg.y1 + ux * off];
      ctx.strokeStyle = index.flow === 'credits' ? theme.accent : palette.vermillion;
      ctx.lineWidth = Math.max(1.5, size * 0.25);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + ux * full * v, y + uy * full * v);
      ctx.stroke();
    });
  }
  // The followed packet's source (dashed) and destination (solid) ringed in its colour.
  const followed = selected !== undefined ? index.packets.get(selected) : undefined;
  if (followed) {
    ctx.strokeStyle = packetColor(followed.id);
    ctx.lineWidth = 2;
    const ring = Math.max(6, 1.6 * size);
    const source = layout.buffers[layout.terminalInput[followed.src] ?? -1];
    const ends: [number, number, boolean][] = [];
    if (source) ends.push([(source.x1 + source.x2) / 2, (source.y1 + source.y2) / 2, true]);
    const dest = layout.terminalAt[followed.dst];
    if (dest) ends.push([dest.px, dest.py, false]);
    for (const [x, y, dashed] of ends) {
      ctx.setLineDash(dashed ? [3, 3] : []);
      ctx.beginPath();
      ctx.arc(x, y, ring, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }
  // Packets waiting at their source: a count at the node's corner.
  if (scene.queued.length > 0) {
    ctx.fillStyle = theme.fg;
    ctx.font = `${countFontPx(size)}px sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const q of scene.queued) ctx.fillText(`+${q.count}`, q.x, q.y);
  }
  ctx.restore();
}
