// The packet view's compute: from a network trace (engine/src/network/network_trace.h, wormhole
// or circuit) an index that gives the state at any cycle of the window fast, forwards or back.
// The events are merged once into time order (the order traceEvents gives); the state after
// every KEY_EVERY-th cycle is kept, and a seek replays at most that many cycles from the nearest
// kept state (or from the last state shown, when playing forwards). Per packet it also keeps when
// it was created, injected and delivered and how long its head was blocked: the followed
// packet's latency split. The merge and the pass that keeps the states are built in slices
// (`PacketIndex.create`), so a view opening on a large trace does not hold the page.
import type { Trace, TraceKind } from '../../engine/trace';
import type { Sliced } from '../sliced';
import { YIELD_EVERY } from '../sliced';

/** Cycles between kept states: a seek replays at most this many. */
export const KEY_EVERY = 32;

/** The merge's share of the building's progress (the pass over the events takes the rest). */
const MERGE_SHARE = 0.3;

/** Packet ids are whole numbers below 2^32 and flits below this: a flit's key is exact. */
const FLIT_SPAN = 65536;

export const flitKey = (packet: number, flit: number) => packet * FLIT_SPAN + flit;
export const keyPacket = (key: number) => Math.floor(key / FLIT_SPAN);
export const keyFlit = (key: number) => key % FLIT_SPAN;

/** Where a flit sits: input virtual channel `ivc` (input * vcs + vc), in arrival order `seq`. */
export interface FlitAt {
  ivc: number;
  seq: number;
}

/** The state after every event of a cycle. Maps are shared with kept states: never mutate. */
export interface NetState {
  time: number;
  /** Flits in router buffers by flit key. */
  flits: Map<number, FlitAt>;
  /** Blocked front flits: flit key to the reason's index in `reasons`. */
  blocked: Map<number, number>;
  /** Credits of a channel's virtual channel (channel * vcs + vc) where fewer than the buffer. */
  credits: Map<number, number>;
  /** On/off flow control: channel * vcs + vc told to stop. */
  stopped: Set<number>;
  /** Circuits: the connection holding each held channel. */
  holders: Map<number, number>;
  /** Circuits: connections whose path is complete (their words stream). */
  connected: Set<number>;
  /** Packets created and not yet injected (waiting at their source), by packet. */
  queued: Set<number>;
  /** Packets on their way (injected, not delivered). */
  inFlight: Set<number>;
}

/** What happened in the cycle shown: the moves the state alone does not say. */
export interface Move {
  packet: number;
  flit: number;
  /** The input virtual channel it left (-1: from its source node). */
  from: number;
  /** The channel it crossed (-1: injected from its source). */
  channel: number;
  /** The input virtual channel it entered; -1 when it left the network (ejected). */
  to: number;
}

export interface CircuitEvent {
  packet: number;
  channel: number;
  what: 'request' | 'hold' | 'blocked' | 'release';
}

export interface Frame {
  state: NetState;
  moves: Move[];
  circuit: CircuitEvent[];
}

export interface PacketInfo {
  id: number;
  src: number;
  dst: number;
  flits: number;
  /** Undefined where it happened before the window (or has not happened in it). */
  created?: number;
  /** Created before the window: the cycle it was created at, as the window's snapshot says. */
  born?: number;
  /** Created before the window and already on its way at its start (a flit of it in a buffer). */
  leftBefore?: boolean;
  injected?: number;
  delivered?: number;
  /** Circuits: the request gave up. */
  dropped?: number;
  /** The spans [from, to) of cycles its head (a circuit's set-up request) was blocked. */
  blocked: [number, number][];
  /**
   * Its head's hops in the window, in time order: the input it left (-1: unknown), the
   * channel it crossed and the virtual channel it took there (-1: into its destination). Every
   * flit of a worm follows them: where a flit waits, its packet's hop from there names the
   * channel and buffer it waits for.
   */
  hops: Hop[];
}

export interface Hop {
  time: number;
  from: number;
  channel: number;
  vc: number;
}

/**
 * The deadlock the network found (the trace's `deadlock` events): at `time` nothing can move
 * again; the knot's channels in order, each buffer's front packet waiting on the next's.
 */
export interface DeadlockKnot {
  time: number;
  channels: number[];
  vcs: number[];
  packets: number[];
}

/**
 * A packet's latency from its creation as queueing, blocking and transfer, each in cycles, and
 * `before`: the cycles before the window of a packet then already on its way, which the trace
 * does not split.
 */
export interface LatencySplit {
  before: number;
  queueing: number;
  blocking: number;
  transfer: number;
  total: number;
  /** False while it is not delivered: the split so far. */
  complete: boolean;
}

/** Which network the trace is of. */
export type Switching = 'wormhole' | 'circuit';

type Fields = Record<string, Uint8Array | Uint16Array | Uint32Array>;

interface KindIndex {
  kind: TraceKind;
  fields: Fields;
}

// Event codes by the role a trace declares for a kind; the two networks share the packet kinds.
const CODES = [
  'packet_created',
  'packet_live',
  'packet_injected',
  'flit_injected',
  'flit_moved',
  'flit_ejected',
  'packet_delivered',
  'flit_blocked',
  'flit_buffered',
  'credit',
  'credits',
  'flow',
  'circuit_request',
  'circuit_hold',
  'circuit_holding',
  'circuit_blocked',
  'circuit_connected',
  'circuit_release',
  'circuit_retry',
  'circuit_dropped',
  'deadlock',
] as const;
type Code = (typeof CODES)[number];

const EMPTY = new Uint32Array(0);

/** The fields the index reads, by name; a kind without one has it empty. */
const COLUMNS = [
  'packet',
  'flit',
  'channel',
  'vc',
  'input',
  'reason',
  'node',
  'dest',
  'flits',
  'count',
  'signal',
  'created',
] as const;
type Columns = Record<(typeof COLUMNS)[number], Uint8Array | Uint16Array | Uint32Array>;

function emptyState(time: number): NetState {
  return {
    time,
    flits: new Map(),
    blocked: new Map(),
    credits: new Map(),
    stopped: new Set(),
    holders: new Map(),
    connected: new Set(),
    queued: new Set(),
    inFlight: new Set(),
  };
}

function copyState(s: NetState): NetState {
  return {
    time: s.time,
    flits: new Map(s.flits),
    blocked: new Map(s.blocked),
    credits: new Map(s.credits),
    stopped: new Set(s.stopped),
    holders: new Map(s.holders),
    connected: new Set(s.connected),
    queued: new Set(s.queued),
    inFlight: new Set(s.inFlight),
  };
}

export interface IndexOptions {
  /** Virtual channels per input. */
  vcs: number;
  /** Flits a buffer holds (a channel's credits when full). */
  buffer: number;
  /** The input a channel feeds (from the network's description); -1 for one to a terminal. */
  downstream(channel: number): number;
}

/**
 * The index of a network trace, built by `PacketIndex.create`. `frame(t)` is the state after
 * cycle t's events with the moves of cycle t; t is clamped to [trace.from, last event].
 */
export class PacketIndex {
  readonly switching: Switching;
  readonly from: number;
  /** The last cycle with events (set once the events are merged). */
  end: number;
  /** Why a front flit waits, as the trace names the cases (flit_blocked's reason labels). */
  readonly reasons: string[];
  readonly packets = new Map<number, PacketInfo>();
  readonly vcs: number;
  readonly buffer: number;
  /** The trace's flow control: credits, or on/off stop signals, or neither (circuits). */
  readonly flow: 'credits' | 'onoff' | 'none';
  /** The deadlock in the window, if the network found one (the run stopped there). */
  deadlock: DeadlockKnot | null = null;
  /** Events in time order: their code, kind's index and index within the kind. */
  private code: Uint8Array = new Uint8Array(0);
  private index: Uint32Array = new Uint32Array(0);
  private time: Float64Array = new Float64Array(0);
  private readonly kinds: Partial<Record<Code, KindIndex>> = {};
  /** Per event code, its kind's columns: looked up once, not per event (the replay's cost). */
  private readonly cols: Columns[];
  /** Per kept state k (after cycle from + k * KEY_EVERY - 1; k = 0: before `from`). */
  private readonly keys: { state: NetState; next: number }[] = [];
  /** The last frame built, to play forwards from. */
  private last: { state: NetState; next: number } | null = null;
  private lastFrame: Frame | null = null;
  private seq = 0;
  private readonly bufferedReasons: string[];
  private readonly downstream: (channel: number) => number;

  /** The index of `trace`, built a slice at a time (`finish` builds it at once). */
  static *create(trace: Trace, options: IndexOptions): Sliced<PacketIndex> {
    const built = new PacketIndex(trace, options);
    const merged = yield* built.merge(trace);
    built.code = merged.code;
    built.index = merged.index;
    built.time = merged.time;
    const last = built.time.length > 0 ? built.time[built.time.length - 1]! : trace.from;
    built.end = Math.max(trace.from, Math.min(trace.end, last));
    yield* built.build();
    built.deadlock = built.knot();
    return built;
  }

  private constructor(trace: Trace, options: IndexOptions) {
    this.vcs = Math.max(1, options.vcs);
    this.buffer = Math.max(1, options.buffer);
    this.downstream = options.downstream;
    for (const kind of trace.kinds) {
      // A kind is known by the role its trace declares for it, never by its name.
      if ((CODES as readonly string[]).includes(kind.role)) {
        const fields: Fields = {};
        for (const f of kind.fields) fields[f.name] = f.values;
        this.kinds[kind.role as Code] = { kind, fields };
      }
    }
    this.cols = CODES.map(
      (c) => Object.fromEntries(COLUMNS.map((n) => [n, this.field(c, n)])) as Columns,
    );
    this.switching = this.kinds.circuit_request ? 'circuit' : 'wormhole';
    this.reasons = [...(this.field('flit_blocked', 'reason') ? this.labels('flit_blocked') : [])];
    this.bufferedReasons = this.labels('flit_buffered');
    const counted = (name: Code) => (this.kinds[name]?.kind.times.length ?? 0) > 0;
    this.flow =
      this.switching === 'circuit'
        ? 'none'
        : counted('credit') || counted('credits')
          ? 'credits'
          : counted('flow')
            ? 'onoff'
            : 'none';
    this.from = trace.from;
    this.end = trace.from;
  }

  private knot(): DeadlockKnot | null {
    const kind = this.kinds.deadlock;
    if (!kind || kind.kind.times.length === 0) return null;
    const read = (name: string) => Array.from(kind.fields[name] ?? EMPTY);
    const index = read('index');
    const order = index.map((_, i) => i).sort((a, b) => index[a]! - index[b]!);
    const pick = (values: number[]) => order.map((i) => values[i]!);
    return {
      time: kind.kind.times[0]!,
      channels: pick(read('channel')),
      vcs: pick(read('vc')),
      packets: pick(read('packet')),
    };
  }

  private labels(kind: Code): string[] {
    return this.kinds[kind]?.kind.fields.find((f) => f.name === 'reason')?.labels ?? [];
  }

  private field(kind: Code, name: string): Uint8Array | Uint16Array | Uint32Array {
    return this.kinds[kind]?.fields[name] ?? EMPTY;
  }

  /** Every event in time order: at a time, snapshot kinds first, then by order field, kind. */
  private *merge(
    trace: Trace,
  ): Generator<number, { code: Uint8Array; index: Uint32Array; time: Float64Array }> {
    const total = trace.kinds.reduce((n, k) => n + k.counts.reduce((a, b) => a + b, 0), 0);
    const code = new Uint8Array(total);
    const index = new Uint32Array(total);
    const time = new Float64Array(total);
    const order = trace.kinds.map((k) => k.fields.find((f) => f.order)?.values);
    const codeOf = trace.kinds.map((k) => CODES.indexOf(k.role as Code));
    const run = trace.kinds.map(() => 0);
    const start = trace.kinds.map(() => 0);
    const kindsInOrder = trace.kinds
      .map((k, i) => ({ k, i }))
      .sort((a, b) => Number(b.k.snapshot) - Number(a.k.snapshot) || a.i - b.i)
      .map(({ i }) => i);
    let n = 0;
    let yielded = 0;
    for (;;) {
      if (n - yielded >= YIELD_EVERY) {
        yielded = n;
        yield (MERGE_SHARE * n) / total;
      }
      let t = Infinity;
      trace.kinds.forEach((k, i) => {
        const r = run[i]!;
        if (r < k.times.length) t = Math.min(t, k.times[r]!);
      });
      if (t === Infinity) break;
      const first = n;
      const keyed: number[] = [];
      for (const i of kindsInOrder) {
        const k = trace.kinds[i]!;
        const r = run[i]!;
        if (r >= k.times.length || k.times[r] !== t) continue;
        const count = k.counts[r]!;
        for (let e = 0; e < count; e++, n++) {
          code[n] = codeOf[i]! < 0 ? 255 : codeOf[i]!;
          index[n] = start[i]! + e;
          time[n] = t;
          keyed.push(i);
        }
        start[i]! += count;
        run[i] = r + 1;
      }
      // A circuit's events of one cycle go by arbitration round, then kind, then as recorded.
      if (order.some((o) => o)) {
        const slice = Array.from({ length: n - first }, (_, j) => ({
          c: code[first + j]!,
          x: index[first + j]!,
          k: keyed[j]!,
          r: order[keyed[j]!]?.[index[first + j]!] ?? 0,
          snap: trace.kinds[keyed[j]!]!.snapshot,
        }));
        slice.sort(
          (a, b) => Number(b.snap) - Number(a.snap) || a.r - b.r || a.k - b.k || a.x - b.x,
        );
        slice.forEach((s, j) => {
          code[first + j] = s.c;
          index[first + j] = s.x;
        });
      }
    }
    return { code, index, time };
  }

  /** The first event at a time after `t`. */
  private after(t: number): number {
    let lo = 0;
    let hi = this.time.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.time[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One pass over the trace: the packets' times, blocking, and the kept states. */
  private *build(): Generator<number, void> {
    const state = emptyState(this.from - 1);
    this.keys.push({ state: copyState(state), next: 0 });
    const blockedSince = new Map<number, number>();
    const packet = (id: number): PacketInfo => {
      let p = this.packets.get(id);
      if (!p) {
        p = { id, src: -1, dst: -1, flits: 0, blocked: [], hops: [] };
        this.packets.set(id, p);
      }
      return p;
    };
    const unblock = (id: number, t: number) => {
      const since = blockedSince.get(id);
      if (since !== undefined) {
        packet(id).blocked.push([since, t]);
        blockedSince.delete(id);
      }
    };
    const block = (id: number, t: number) => {
      if (!blockedSince.has(id)) blockedSince.set(id, t);
    };
    let next = 0;
    for (let key = 1; ; key++) {
      const upTo = this.from + key * KEY_EVERY - 1;
      const stop = this.after(upTo);
      for (let e = next; e < stop; e++) {
        if (e % YIELD_EVERY === 0) yield MERGE_SHARE + ((1 - MERGE_SHARE) * e) / this.time.length;
        const c = CODES[this.code[e]!];
        const i = this.index[e]!;
        const t = this.time[e]!;
        if (c === undefined) continue;
        const col = this.cols[this.code[e]!]!;
        const id = col.packet[i];
        switch (c) {
          case 'packet_created':
          case 'packet_live': {
            const p = packet(id!);
            if (c === 'packet_created') p.created = t;
            else p.born = col.created[i];
            p.src = col.node[i]!;
            p.dst = col.dest[i]!;
            p.flits = col.flits[i]!;
            break;
          }
          case 'packet_injected': {
            const p = packet(id!);
            p.injected ??= t;
            unblock(id!, t);
            break;
          }
          case 'flit_moved':
          case 'flit_ejected':
            if (col.flit[i] === 0) {
              unblock(id!, t);
              const at = state.flits.get(flitKey(id!, 0))?.ivc;
              packet(id!).hops.push({
                time: t,
                from: at === undefined ? -1 : Math.floor(at / this.vcs),
                channel: col.channel[i]!,
                vc: c === 'flit_moved' ? col.vc[i]! : -1,
              });
            }
            break;
          case 'flit_blocked':
            if (col.flit[i] === 0) block(id!, t);
            break;
          case 'flit_buffered':
            packet(id!).leftBefore = true;
            if (col.flit[i] === 0 && (this.bufferedReasons[col.reason[i]!] ?? 'none') !== 'none') {
              block(id!, t);
            }
            break;
          case 'circuit_blocked':
            block(id!, t);
            break;
          case 'circuit_holding':
            packet(id!).leftBefore = true;
            break;
          case 'circuit_hold':
          case 'circuit_connected':
            unblock(id!, t);
            break;
          case 'circuit_dropped':
            unblock(id!, t);
            packet(id!).dropped = t;
            break;
          case 'packet_delivered':
            unblock(id!, t);
            packet(id!).delivered = t;
            break;
          default:
            break;
        }
        this.apply(state, e, null);
      }
      next = stop;
      state.time = upTo;
      this.keys.push({ state: copyState(state), next });
      if (stop >= this.time.length) break;
    }
    // Still blocked at the end of the window: blocked until then.
    for (const [id, since] of blockedSince) packet(id).blocked.push([since, Infinity]);
  }

  /** Applies event e to the state; records what moved into `frame` when given. */
  private apply(s: NetState, e: number, frame: Frame | null) {
    const c = CODES[this.code[e]!];
    const i = this.index[e]!;
    if (c === undefined) return;
    const col = this.cols[this.code[e]!]!;
    const id = col.packet[i]!;
    const vcs = this.vcs;
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
          to = this.downstream(channel) * vcs + vc;
          s.flits.set(key, { ivc: to, seq: this.seq++ });
          if (this.flow === 'credits') {
            const k = channel * vcs + vc;
            s.credits.set(k, (s.credits.get(k) ?? this.buffer) - 1);
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
        const reason = this.bufferedReasons[col.reason[i]!] ?? 'none';
        const r = this.reasons.indexOf(reason);
        if (r >= 0) s.blocked.set(key, r);
        break;
      }
      case 'credit': {
        const k = col.channel[i]! * vcs + col.vc[i]!;
        const n = (s.credits.get(k) ?? this.buffer) + 1;
        if (n >= this.buffer) s.credits.delete(k);
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

  /** State after cycle t's events, with what moved in cycle t. */
  frame(t: number): Frame {
    const time = Math.round(Math.min(this.end, Math.max(this.from, t)));
    if (this.lastFrame?.state.time === time) return this.lastFrame;
    const first = this.after(time - 1);
    let base = this.last;
    if (!base || base.state.time > time - 1 || base.state.time < time - 1 - KEY_EVERY) {
      const k = Math.min(this.keys.length - 1, Math.floor((time - this.from) / KEY_EVERY));
      base = this.keys[k]!;
    }
    const state = base.state === this.last?.state ? base.state : copyState(base.state);
    for (let e = base.next; e < first; e++) this.apply(state, e, null);
    const frame: Frame = { state, moves: [], circuit: [] };
    const stop = this.after(time);
    for (let e = first; e < stop; e++) this.apply(state, e, frame);
    state.time = time;
    this.last = { state, next: stop };
    this.lastFrame = frame;
    return frame;
  }

  /**
   * From its creation (before the window too) up to its delivery or, before it, up to the end of
   * cycle `now`: queueing (created to injected), blocking (cycles its head was blocked) and
   * transfer (the rest); a packet already on its way at the window's start has its cycles before
   * the window unsplit.
   */
  latency(id: number, now: number): LatencySplit | null {
    const p = this.packets.get(id);
    if (!p) return null;
    const start = p.created ?? p.born ?? this.from;
    const end = Math.min(p.delivered ?? p.dropped ?? now + 1, now + 1);
    const before = p.leftBefore ? Math.max(0, Math.min(this.from, end) - start) : 0;
    // A packet at its source at the window's start was queueing all the time before it.
    const injected = p.injected ?? (p.leftBefore ? this.from : end);
    const queueing = p.leftBefore ? 0 : Math.max(0, Math.min(injected, end) - start);
    let blocking = 0;
    for (const [a, b] of p.blocked) blocking += Math.max(0, Math.min(b, end) - a);
    const total = Math.max(0, end - start);
    return {
      before,
      queueing,
      blocking,
      transfer: total - before - queueing - blocking,
      total,
      complete: p.delivered !== undefined && p.delivered <= now,
    };
  }
}
