// The packet view's moment in words, for a listener: not the counts alone but the picture: which
// packets are blocked, where and why, whom each waits on, the longest chain of waits, and the knot
// once the network has deadlocked. Read from the view's own model (the index's state at the
// cycle, its packets' hops, the layout's names for routers), so it says what the canvas draws.
import type { Frame } from './packet_state';
import type { PacketIndex } from './packet_index';
import { keyFlit, keyPacket } from './packet_state';
import type { PacketLayout } from './packet_layout';
import { REASON_SHORT } from './packet_paint';
import { joinClauses, joinSentences } from '../../i18n/join';
import { vt } from '../view_words';

/** What a blocked front flit waits for, by the trace's reason (the letter the view draws). */
export const reasonWords = (reason: string) => vt('cycle.reasonWords', { reason });

/** `n` and the noun in the number it takes: "1 packet", "2 packets". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Blocked front flits named in full at most; the rest are counted. */
const NAMED_WAITS = 3;
/** Packets of a knot or a chain named at most. */
const NAMED_LINKS = 12;

/** One blocked front flit: where it is, what it waits for and on whom. */
export interface Wait {
  packet: number;
  flit: number;
  reason: string;
  /** The router whose buffer it is at the front of. */
  router: number;
  /** The channel it waits to cross (its head's hop from here); -1 if not crossed in the window. */
  channel: number;
  /**
   * The packet it waits on: the last in the buffer it waits to enter (no credit, stop, no free
   * virtual channel), or the one that took its switch or input this cycle.
   */
  on?: number;
  /** The cycle its head's block began (heads only). */
  since?: number;
}

const ROUTER_NAME = /^\(/;

/** A router as a sentence names it: "router (2, 1)", "switch 5", "the crossbar". */
function routerText(layout: PacketLayout, router: number): string {
  const name = layout.routerName(router);
  return ROUTER_NAME.test(name) ? vt('cycle.router', { name }) : name;
}

/** Where a channel leads: the router of the buffer at its far end, or the node it delivers to. */
function channelEnd(layout: PacketLayout, channel: number): string {
  const input = layout.downstream[channel] ?? -1;
  if (input >= 0) return routerText(layout, layout.inputRouter[input] ?? -1);
  return vt('cycle.node', { node: layout.channelTerminal[channel] ?? -1 });
}

/** Every blocked front flit at the frame's cycle, with what and whom it waits for. */
export function waitsAt(index: PacketIndex, layout: PacketLayout, frame: Frame): Wait[] {
  const { state } = frame;
  const vcs = index.vcs;
  // Each input virtual channel's packets, front first (a packet once, at its first flit there).
  const byIvc = new Map<number, { packet: number; seq: number }[]>();
  for (const [key, at] of state.flits) {
    let list = byIvc.get(at.ivc);
    if (!list) byIvc.set(at.ivc, (list = []));
    list.push({ packet: keyPacket(key), seq: at.seq });
  }
  const last = (ivc: number, not: number) => {
    const list = byIvc.get(ivc);
    if (!list) return undefined;
    let best: { packet: number; seq: number } | undefined;
    for (const f of list) if (f.packet !== not && (!best || f.seq > best.seq)) best = f;
    return best?.packet;
  };
  const waits: Wait[] = [];
  for (const [key, r] of state.blocked) {
    const at = state.flits.get(key);
    const reason = index.reasons[r];
    if (!at || reason === undefined) continue;
    const packet = keyPacket(key);
    const flit = keyFlit(key);
    const input = Math.floor(at.ivc / vcs);
    const info = index.packets.get(packet);
    const hop = info?.hops.find((h) => h.from === input);
    const channel = hop?.channel ?? -1;
    let on: number | undefined;
    if (reason === 'no_credit' || reason === 'stop' || reason === 'no_vc') {
      const down = hop && hop.vc >= 0 ? (layout.downstream[hop.channel] ?? -1) : -1;
      if (down >= 0) on = last(down * vcs + hop!.vc, packet);
    } else if (reason === 'switch_lost') {
      on = frame.moves.find((m) => m.channel === channel && m.packet !== packet)?.packet;
    } else if (reason === 'input_busy') {
      on = frame.moves.find(
        (m) => m.from >= 0 && Math.floor(m.from / vcs) === input && m.packet !== packet,
      )?.packet;
    }
    const span =
      flit === 0 ? info?.blocked.find(([a, b]) => a <= state.time && state.time < b) : undefined;
    waits.push({
      packet,
      flit,
      reason,
      router: layout.inputRouter[input] ?? -1,
      channel,
      ...(on !== undefined ? { on } : {}),
      ...(span ? { since: span[0] } : {}),
    });
  }
  // The longest waits first (heads with a known start), then by packet.
  return waits.sort(
    (a, b) =>
      (a.since ?? Infinity) - (b.since ?? Infinity) || a.packet - b.packet || a.flit - b.flit,
  );
}

/**
 * Who waits on whom, followed from packet to packet: the longest such chain among the blocked
 * packets (each packet by its front-most blocked flit), and whether it closes on itself.
 */
export function longestChain(waits: Wait[]): { packets: number[]; closed: boolean } {
  const first = new Map<number, Wait>();
  for (const w of waits) {
    const known = first.get(w.packet);
    if (!known || w.flit < known.flit) first.set(w.packet, w);
  }
  const buffer = new Set(['no_credit', 'stop', 'no_vc']);
  const next = (p: number) => {
    const w = first.get(p);
    return w && buffer.has(w.reason) ? w.on : undefined;
  };
  let best = { packets: [] as number[], closed: false };
  for (const start of first.keys()) {
    const packets = [start];
    const seen = new Set(packets);
    let closed = false;
    for (let p = next(start); p !== undefined; p = next(p)) {
      if (seen.has(p)) {
        closed = p === start;
        if (closed) packets.push(p);
        break;
      }
      packets.push(p);
      seen.add(p);
    }
    if (packets.length > best.packets.length) best = { packets, closed };
  }
  return best;
}

/** The reasons a clause is written for; another is said by its name. */
const CLAUSES = new Set([
  'no_vc',
  'no_credit',
  'stop',
  'switch_lost',
  'input_busy',
  'channel_rate',
  'queue_full',
]);

/** What one blocked flit waits for and on whom, as a clause ("waits for room in ..."). */
function waitClause(w: Wait, dst: number, layout: PacketLayout): string {
  if (!CLAUSES.has(w.reason)) return vt('wait.other', { reason: w.reason.replace(/_/g, ' ') });
  return vt(`wait.${w.reason}`, {
    toward: w.channel >= 0 ? channelEnd(layout, w.channel) : 'none',
    on: w.on === undefined ? 'none' : String(w.on),
    dst,
  });
}

/** One blocked flit in words; `first`: it opens the sentence. */
function waitText(w: Wait, index: PacketIndex, layout: PacketLayout, first = false): string {
  const info = index.packets.get(w.packet);
  return vt('wait.text', {
    first: first ? 'yes' : 'no',
    packet: w.packet,
    head: w.flit > 0 ? 'no' : 'yes',
    flit: w.flit,
    router: routerText(layout, w.router),
    dst: info && info.dst >= 0 ? String(info.dst) : 'none',
    since: w.since !== undefined ? String(w.since) : 'none',
    clause: waitClause(w, info?.dst ?? -1, layout),
    letter: REASON_SHORT[w.reason] ?? '?',
  });
}

function chainText(chain: { packets: number[]; closed: boolean }): string {
  const shown = chain.packets.slice(0, NAMED_LINKS);
  const more = chain.packets.length - shown.length;
  return vt('cycle.chain', {
    first: shown[0],
    rest: shown
      .slice(1)
      .map((p) => vt('cycle.packet', { packet: p }))
      .join(vt('cycle.waitsFor')),
    more: more > 0 ? String(more) : 'none',
    closed: chain.closed ? 'yes' : 'no',
  });
}

/** The knot of a deadlock in words: each packet waits for the buffer the next one fills. */
function knotText(index: PacketIndex, layout: PacketLayout): string {
  const d = index.deadlock!;
  const at = (i: number) => {
    const input = layout.downstream[d.channels[i]!] ?? -1;
    const router = routerText(layout, layout.inputRouter[input] ?? -1);
    return vt('cycle.packetAt', { packet: d.packets[i], router });
  };
  const k = d.channels.length;
  const named = Math.min(k, NAMED_LINKS);
  const links = Array.from({ length: named }, (_, i) => at(i));
  return vt('cycle.knot', {
    time: d.time,
    k,
    links: links.join(vt('cycle.waitsFor')),
    more: named < k ? String(k - named) : 'none',
    first: d.packets[0],
  });
}

/** A circuit-switched network's cycle: circuits held and set up, requests blocked and by whom. */
function circuitText(layout: PacketLayout, frame: Frame): string {
  const { state } = frame;
  const circuits = new Set(state.holders.values());
  const connected = [...circuits].filter((p) => state.connected.has(p)).length;
  const blocked = frame.circuit.filter((e) => e.what === 'blocked');
  const text = vt('circuit.held', {
    circuits: circuits.size,
    channels: state.holders.size,
    connected,
    setting: circuits.size - connected,
  });
  if (blocked.length > 0) {
    const named = blocked.slice(0, NAMED_WAITS).map((e) => {
      const holder = state.holders.get(e.channel);
      return vt('circuit.request', {
        packet: e.packet,
        toward: channelEnd(layout, e.channel),
        holder: holder !== undefined ? String(holder) : 'none',
      });
    });
    return joinSentences([
      text,
      vt('circuit.blocked', {
        n: blocked.length,
        named: joinClauses(named),
        more: blocked.length > named.length ? String(blocked.length - named.length) : 'none',
      }),
    ]);
  }
  return text;
}

/** What the packet view shows at `frame`'s cycle, in words (see the file's head). */
export function describeCycle(index: PacketIndex, layout: PacketLayout, frame: Frame): string {
  const { state } = frame;
  const time = state.time;
  const text = vt('cycle.head', {
    time,
    inFlight: state.inFlight.size,
    queued: state.queued.size,
  });
  if (index.switching === 'circuit') return joinSentences([text, circuitText(layout, frame)]);
  if (index.deadlock && time >= index.deadlock.time) {
    return joinSentences([text, knotText(index, layout)]);
  }
  const waits = waitsAt(index, layout, frame);
  if (waits.length === 0) return joinSentences([text, vt('cycle.nothingBlocked')]);
  const byReason = index.reasons
    .map((r) => ({ r, n: waits.filter((w) => w.reason === r).length }))
    .filter((x) => x.n > 0)
    .map((x) =>
      vt('cycle.byReason', { n: x.n, what: reasonWords(x.r), letter: REASON_SHORT[x.r] ?? '?' }),
    );
  const sentences = [
    text,
    vt('cycle.blocked', { n: waits.length, reasons: joinClauses(byReason) }),
  ];
  const longest = waits.length > NAMED_WAITS;
  const named = waits
    .slice(0, NAMED_WAITS)
    .map((w, i) => waitText(w, index, layout, !longest && i === 0));
  sentences.push(vt(longest ? 'cycle.longest' : 'cycle.waits', { named: joinClauses(named) }));
  const chain = longestChain(waits);
  if (chain.packets.length >= 3) sentences.push(chainText(chain));
  return joinSentences(sentences);
}
