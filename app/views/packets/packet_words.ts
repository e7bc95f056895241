// The packet view's moment in words, for a listener: not the counts alone but the picture: which
// packets are blocked, where and why, whom each waits on, the longest chain of waits, and the knot
// once the network has deadlocked. Read from the view's own model (the index's state at the
// cycle, its packets' hops, the layout's names for routers), so it says what the canvas draws.
import type { Frame } from './packet_state';
import type { PacketIndex } from './packet_index';
import { keyFlit, keyPacket } from './packet_state';
import type { PacketLayout } from './packet_layout';
import { REASON_SHORT } from './packet_paint';

/** What a blocked front flit waits for, by the trace's reason (the letter the view draws). */
export const REASON_WORDS: Record<string, string> = {
  no_vc: 'a free virtual channel',
  no_credit: 'room in the next buffer',
  stop: 'the next router to say go',
  switch_lost: 'the switch, lost to another input',
  input_busy: 'its input, busy with another virtual channel',
  channel_rate: 'the channel, busy at its rate',
  queue_full: "room in its destination's receive queue",
};

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
  return ROUTER_NAME.test(name) ? `router ${name}` : name;
}

/** Where a channel leads: the router of the buffer at its far end, or the node it delivers to. */
function channelEnd(layout: PacketLayout, channel: number): string {
  const input = layout.downstream[channel] ?? -1;
  if (input >= 0) return routerText(layout, layout.inputRouter[input] ?? -1);
  return `node ${layout.channelTerminal[channel] ?? -1}`;
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

/** What one blocked flit waits for and on whom, as a clause ("waits for room in ..."). */
function waitClause(w: Wait, dst: number, layout: PacketLayout): string {
  const toward = w.channel >= 0 ? ` toward ${channelEnd(layout, w.channel)}` : '';
  const on = w.on === undefined ? '' : `packet ${w.on}`;
  switch (w.reason) {
    case 'no_vc':
      return `waits for a free virtual channel${toward}${on && `, held by ${on}`}`;
    case 'no_credit':
      return `waits for room in the buffer${toward}${on && `, which ${on} fills`}`;
    case 'stop':
      return `waits for the router${toward} to say go${on && `; ${on} fills its buffer`}`;
    case 'switch_lost':
      return `lost the switch${toward}${on && ` to ${on}`} this cycle`;
    case 'input_busy':
      return `waits for its input${on ? `, which sent ${on} this cycle` : ', busy this cycle'}`;
    case 'channel_rate':
      return `waits for the channel${toward}, busy at its rate`;
    case 'queue_full':
      return `waits for room in node ${dst}'s receive queue`;
    default:
      return `waits (${w.reason.replace(/_/g, ' ')})`;
  }
}

function waitText(w: Wait, index: PacketIndex, layout: PacketLayout): string {
  const info = index.packets.get(w.packet);
  const who = `packet ${w.packet}${w.flit > 0 ? ` (flit ${w.flit}; its head is ahead)` : ''}`;
  const bound = info && info.dst >= 0 ? `, bound for node ${info.dst}` : '';
  const since = w.since !== undefined ? `, blocked since cycle ${w.since},` : '';
  const clause = waitClause(w, info?.dst ?? -1, layout);
  return `${who} at ${routerText(layout, w.router)}${bound}${since} ${clause} (${REASON_SHORT[w.reason] ?? '?'})`;
}

function chainText(chain: { packets: number[]; closed: boolean }): string {
  const shown = chain.packets.slice(0, NAMED_LINKS);
  const more = chain.packets.length - shown.length;
  return (
    `Who waits on whom, the longest chain: packet ${shown[0]} waits for ` +
    shown
      .slice(1)
      .map((p) => `packet ${p}`)
      .join(', which waits for ') +
    (more > 0 ? `, and ${more} more` : '') +
    (chain.closed ? ': a cycle.' : '.')
  );
}

/** The knot of a deadlock in words: each packet waits for the buffer the next one fills. */
function knotText(index: PacketIndex, layout: PacketLayout): string {
  const d = index.deadlock!;
  const at = (i: number) => {
    const input = layout.downstream[d.channels[i]!] ?? -1;
    return `packet ${d.packets[i]} at ${routerText(layout, layout.inputRouter[input] ?? -1)}`;
  };
  const k = d.channels.length;
  const named = Math.min(k, NAMED_LINKS);
  const links = Array.from({ length: named }, (_, i) => at(i));
  return (
    `Deadlock since cycle ${d.time}: nothing moves again. A knot of ${k} full buffers, each ` +
    `front packet waiting for room in the next: ${links.join(', which waits for ')}` +
    (named < k ? `, and ${k - named} more` : '') +
    `, which waits for packet ${d.packets[0]}.`
  );
}

/** A circuit-switched network's cycle: circuits held and set up, requests blocked and by whom. */
function circuitText(layout: PacketLayout, frame: Frame): string {
  const { state } = frame;
  const circuits = new Set(state.holders.values());
  const connected = [...circuits].filter((p) => state.connected.has(p)).length;
  const blocked = frame.circuit.filter((e) => e.what === 'blocked');
  let text =
    `${plural(circuits.size, 'circuit holds', 'circuits hold')} ` +
    `${plural(state.holders.size, 'channel', 'channels')}: ${connected} connected, ` +
    `${circuits.size - connected} being set up.`;
  if (blocked.length > 0) {
    const named = blocked.slice(0, NAMED_WAITS).map((e) => {
      const holder = state.holders.get(e.channel);
      return (
        `packet ${e.packet}'s request toward ${channelEnd(layout, e.channel)}` +
        (holder !== undefined ? `, held by packet ${holder}'s circuit` : '')
      );
    });
    text +=
      ` ${plural(blocked.length, 'set-up request', 'set-up requests')} blocked this cycle: ` +
      named.join('; ') +
      (blocked.length > named.length ? `; and ${blocked.length - named.length} more.` : '.');
  }
  return text;
}

/** What the packet view shows at `frame`'s cycle, in words (see the file's head). */
export function describeCycle(index: PacketIndex, layout: PacketLayout, frame: Frame): string {
  const { state } = frame;
  const time = state.time;
  let text =
    `Cycle ${time}: ${plural(state.inFlight.size, 'packet', 'packets')} on their way, ` +
    `${state.queued.size} waiting at their sources.`;
  if (index.switching === 'circuit') return `${text} ${circuitText(layout, frame)}`;
  if (index.deadlock && time >= index.deadlock.time) return `${text} ${knotText(index, layout)}`;
  const waits = waitsAt(index, layout, frame);
  if (waits.length === 0) return `${text} Nothing is blocked.`;
  const byReason = index.reasons
    .map((r) => ({ r, n: waits.filter((w) => w.reason === r).length }))
    .filter((x) => x.n > 0)
    .map((x) => `${x.n} for ${REASON_WORDS[x.r] ?? x.r} (${REASON_SHORT[x.r] ?? '?'})`);
  text +=
    ` ${plural(waits.length, 'front flit', 'front flits')} blocked, waiting: ` +
    `${byReason.join('; ')}.`;
  const named = waits.slice(0, NAMED_WAITS).map((w) => waitText(w, index, layout));
  text +=
    waits.length > named.length
      ? ` The longest waits: ${named.join('; ')}.`
      : ` ${named.join('; ').replace(/^p/, 'P')}.`;
  const chain = longestChain(waits);
  if (chain.packets.length >= 3) text += ` ${chainText(chain)}`;
  return text;
}
