// Each packet's record over the window, from one pass over its events: when it was created,
// injected, delivered or dropped, its head's hops, and the spans its head was blocked (the
// followed packet's latency split).
import type { Code, Columns } from './packet_events';
import type { PacketInfo } from './packet_latency';
import type { NetState } from './packet_state';
import { flitKey } from './packet_state';

export class PacketHistory {
  /** Packets whose head is blocked, since when. */
  private readonly blockedSince = new Map<number, number>();

  constructor(
    readonly packets: Map<number, PacketInfo>,
    private readonly vcs: number,
    /** A flit buffered at the window's start: why it waits (flit_buffered's reason labels). */
    private readonly bufferedReasons: string[],
  ) {}

  private packet(id: number): PacketInfo {
    let p = this.packets.get(id);
    if (!p) {
      p = { id, src: -1, dst: -1, flits: 0, blocked: [], hops: [] };
      this.packets.set(id, p);
    }
    return p;
  }

  private unblock(id: number, t: number) {
    const since = this.blockedSince.get(id);
    if (since !== undefined) {
      this.packet(id).blocked.push([since, t]);
      this.blockedSince.delete(id);
    }
  }

  private block(id: number, t: number) {
    if (!this.blockedSince.has(id)) this.blockedSince.set(id, t);
  }

  /** Event `c` at time `t` (row `i` of its columns `col`), read before it applies to `state`. */
  record(c: Code, col: Columns, i: number, t: number, state: NetState) {
    const id = col.packet[i];
    switch (c) {
      case 'packet_created':
      case 'packet_live': {
        const p = this.packet(id!);
        if (c === 'packet_created') p.created = t;
        else p.born = col.created[i];
        p.src = col.node[i]!;
        p.dst = col.dest[i]!;
        p.flits = col.flits[i]!;
        break;
      }
      case 'packet_injected': {
        const p = this.packet(id!);
        p.injected ??= t;
        this.unblock(id!, t);
        break;
      }
      case 'flit_moved':
      case 'flit_ejected':
        if (col.flit[i] === 0) {
          this.unblock(id!, t);
          const at = state.flits.get(flitKey(id!, 0))?.ivc;
          this.packet(id!).hops.push({
            time: t,
            from: at === undefined ? -1 : Math.floor(at / this.vcs),
            channel: col.channel[i]!,
            vc: c === 'flit_moved' ? col.vc[i]! : -1,
          });
        }
        break;
      case 'flit_blocked':
        if (col.flit[i] === 0) this.block(id!, t);
        break;
      case 'flit_buffered':
        this.packet(id!).leftBefore = true;
        if (col.flit[i] === 0 && (this.bufferedReasons[col.reason[i]!] ?? 'none') !== 'none') {
          this.block(id!, t);
        }
        break;
      case 'circuit_blocked':
        this.block(id!, t);
        break;
      case 'circuit_holding':
        this.packet(id!).leftBefore = true;
        break;
      case 'circuit_hold':
      case 'circuit_connected':
        this.unblock(id!, t);
        break;
      case 'circuit_dropped':
        this.unblock(id!, t);
        this.packet(id!).dropped = t;
        break;
      case 'packet_delivered':
        this.unblock(id!, t);
        this.packet(id!).delivered = t;
        break;
      default:
        break;
    }
  }

  /** Still blocked at the end of the window: blocked until then. */
  finish() {
    for (const [id, since] of this.blockedSince) this.packet(id).blocked.push([since, Infinity]);
  }
}
