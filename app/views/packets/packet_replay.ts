// The packet view's replay: one event applied to the network's state, and what it moved
// recorded into the frame being built. The index's pass and its seeks replay with the same one,
// so flits keep one arrival order (`seq`) across both.
import type { Columns } from './packet_events';
import { CODES } from './packet_events';
import type { MergedEvents } from './packet_merge';
import type { Frame, NetState } from './packet_state';
import { flitKey } from './packet_state';

/** What the replay reads of the network and the trace's labels. */
export interface ReplayNetwork {
  vcs: number;
  buffer: number;
  flow: 'credits' | 'onoff' | 'none';
  /** Why a front flit waits (flit_blocked's reason labels). */
  reasons: string[];
  /** A flit buffered at the window's start: why it waits (flit_buffered's reason labels). */
  bufferedReasons: string[];
  downstream(channel: number): number;
}

export class Replay {
  private seq = 0;

  constructor(
    private readonly events: MergedEvents,
    /** Per event code, its kind's columns: looked up once, not per event (the replay's cost). */
    private readonly cols: Columns[],
    private readonly net: ReplayNetwork,
  ) {}

  /** Applies event e to the state; records what moved into `frame` when given. */
  apply(s: NetState, e: number, frame: Frame | null) {
    const c = CODES[this.events.code[e]!];
    const i = this.events.index[e]!;
    if (c === undefined) return;
    const col = this.cols[this.events.code[e]!]!;
    const id = col.packet[i]!;
    const vcs = this.net.vcs;
    switch (c) {
      case 'packet_created':
        s.queued.add(id);
        break;
      case 'packet_live':
        // Live at the window's start: at its source until the snapshot shows a flit of it in a
        // buffer or a channel it holds (a live packet with neither has not left its source).
        s.queued.add(id);
        break;
      case 'packet_injected':
        s.queued.delete(id);
        s.inFlight.add(id);
        break;
      case 'flit_injected': {
        const flit = col.flit[i]!;
        const ivc = col.input[i]! * vcs + col.vc[i]!;
        s.flits.set(flitKey(id, flit), { ivc, seq: this.seq++ });
        frame?.moves.push({ packet: id, flit, from: -1, channel: -1, to: ivc });
        break;
      }
      case 'flit_moved':
      case 'flit_ejected': {
        const flit = col.flit[i]!;
        const channel = col.channel[i]!;
        const key = flitKey(id, flit);
        const from = s.flits.get(key)?.ivc ?? -1;
        s.blocked.delete(key);
        let to = -1;
        if (c === 'flit_moved') {
          const vc = col.vc[i]!;
          to = this.net.downstream(channel) * vcs + vc;
          s.flits.set(key, { ivc: to, seq: this.seq++ });
          if (this.net.flow === 'credits') {
            const k = channel * vcs + vc;
            s.credits.set(k, (s.credits.get(k) ?? this.net.buffer) - 1);
          }
        } else {
          s.flits.delete(key);
        }
        frame?.moves.push({ packet: id, flit, from, channel, to });
        break;
      }
      case 'packet_delivered':
        s.inFlight.delete(id);
        s.queued.delete(id);
        s.connected.delete(id);
        break;
      case 'flit_blocked':
        s.blocked.set(flitKey(id, col.flit[i]!), col.reason[i]!);
        break;
      case 'flit_buffered': {
        const flit = col.flit[i]!;
        const key = flitKey(id, flit);
        const ivc = col.input[i]! * vcs + col.vc[i]!;
        s.flits.set(key, { ivc, seq: this.seq++ });
        s.queued.delete(id);
        s.inFlight.add(id);
        const reason = this.net.bufferedReasons[col.reason[i]!] ?? 'none';
        const r = this.net.reasons.indexOf(reason);
        if (r >= 0) s.blocked.set(key, r);
        break;
      }
      case 'credit': {
        const k = col.channel[i]! * vcs + col.vc[i]!;
        const n = (s.credits.get(k) ?? this.net.buffer) + 1;
        if (n >= this.net.buffer) s.credits.delete(k);
        else s.credits.set(k, n);
        break;
      }
      case 'credits':
        s.credits.set(col.channel[i]! * vcs + col.vc[i]!, col.count[i]!);
        break;
      case 'flow': {
        const k = col.channel[i]! * vcs + col.vc[i]!;
        if (col.signal[i] === 1) s.stopped.add(k);
        else s.stopped.delete(k);
        break;
      }
      case 'circuit_request':
      case 'circuit_blocked':
        frame?.circuit.push({
          packet: id,
          channel: col.channel[i]!,
          what: c === 'circuit_request' ? 'request' : 'blocked',
        });
        break;
      case 'circuit_hold':
      case 'circuit_holding': {
        const channel = col.channel[i]!;
        s.holders.set(channel, id);
        s.inFlight.add(id);
        s.queued.delete(id);
        if (c === 'circuit_hold') frame?.circuit.push({ packet: id, channel, what: 'hold' });
        break;
      }
      case 'circuit_release': {
        const channel = col.channel[i]!;
        if (s.holders.get(channel) === id) s.holders.delete(channel);
        frame?.circuit.push({ packet: id, channel, what: 'release' });
        break;
      }
      case 'circuit_connected':
        s.connected.add(id);
        break;
      case 'circuit_dropped':
        s.inFlight.delete(id);
        s.queued.delete(id);
        s.connected.delete(id);
        break;
      case 'circuit_retry':
        s.connected.delete(id);
        break;
    }
  }
}
