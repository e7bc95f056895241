// The packet view's compute: from a network trace (engine/src/network/network_trace.h, wormhole
// or circuit) an index that gives the state at any cycle of the window fast, forwards or back.
// The events are merged once into time order (the order traceEvents gives); the state after
// every KEY_EVERY-th cycle is kept, and a seek replays at most that many cycles from the nearest
// kept state (or from the last state shown, when playing forwards). Per packet it also keeps when
// it was created, injected and delivered and how long its head was blocked: the followed
// packet's latency split. The merge and the pass that keeps the states are built in slices
// (`PacketIndex.create`), so a view opening on a large trace does not hold the page.
import type { Trace } from '../../engine/trace';
import type { Sliced } from '../sliced';
import { YIELD_EVERY } from '../sliced';
import type { Code, Column, Columns, KindIndex } from './packet_events';
import { COLUMNS, CODES, EMPTY, readKinds } from './packet_events';
import type { LatencySplit, PacketInfo } from './packet_latency';
import { latencySplit } from './packet_latency';
import type { MergedEvents } from './packet_merge';
import { MERGE_SHARE, mergeEvents } from './packet_merge';
import { PacketHistory } from './packet_history';
import { Replay } from './packet_replay';
import type { Frame, NetState } from './packet_state';
import { copyState, emptyState } from './packet_state';

/** Cycles between kept states: a seek replays at most this many. */
export const KEY_EVERY = 32;

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

/** Which network the trace is of. */
export type Switching = 'wormhole' | 'circuit';

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
  private events: MergedEvents = {
    code: new Uint8Array(0),
    index: new Uint32Array(0),
    time: new Float64Array(0),
  };
  private readonly kinds: Partial<Record<Code, KindIndex>>;
  /** Per event code, its kind's columns: looked up once, not per event (the replay's cost). */
  private readonly cols: Columns[];
  /** Per kept state k (after cycle from + k * KEY_EVERY - 1; k = 0: before `from`). */
  private readonly keys: { state: NetState; next: number }[] = [];
  /** The last frame built, to play forwards from. */
  private last: { state: NetState; next: number } | null = null;
  private lastFrame: Frame | null = null;
  private readonly bufferedReasons: string[];
  private readonly downstream: (channel: number) => number;
  private replay!: Replay;

  /** The index of `trace`, built a slice at a time (`finish` builds it at once). */
  static *create(trace: Trace, options: IndexOptions): Sliced<PacketIndex> {
    const built = new PacketIndex(trace, options);
    built.events = yield* mergeEvents(trace);
    const { time } = built.events;
    const last = time.length > 0 ? time[time.length - 1]! : trace.from;
    built.end = Math.max(trace.from, Math.min(trace.end, last));
    const { vcs, buffer, flow, reasons, bufferedReasons, downstream } = built;
    built.replay = new Replay(built.events, built.cols, {
      vcs,
      buffer,
      flow,
      reasons,
      bufferedReasons,
      downstream,
    });
    yield* built.build();
    built.deadlock = built.knot();
    return built;
  }

  private constructor(trace: Trace, options: IndexOptions) {
    this.vcs = Math.max(1, options.vcs);
    this.buffer = Math.max(1, options.buffer);
    this.downstream = options.downstream;
    this.kinds = readKinds(trace);
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

  private field(kind: Code, name: string): Column {
    return this.kinds[kind]?.fields[name] ?? EMPTY;
  }

  /** The first event at a time after `t`. */
  private after(t: number): number {
    const { time } = this.events;
    let lo = 0;
    let hi = time.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (time[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One pass over the trace: the packets' times, blocking, and the kept states. */
  private *build(): Generator<number, void> {
    const state = emptyState(this.from - 1);
    this.keys.push({ state: copyState(state), next: 0 });
    const history = new PacketHistory(this.packets, this.vcs, this.bufferedReasons);
    const { code, index, time } = this.events;
    let next = 0;
    for (let key = 1; ; key++) {
      const upTo = this.from + key * KEY_EVERY - 1;
      const stop = this.after(upTo);
      for (let e = next; e < stop; e++) {
        if (e % YIELD_EVERY === 0) yield MERGE_SHARE + ((1 - MERGE_SHARE) * e) / time.length;
        const c = CODES[code[e]!];
        if (c === undefined) continue;
        history.record(c, this.cols[code[e]!]!, index[e]!, time[e]!, state);
        this.replay.apply(state, e, null);
      }
      next = stop;
      state.time = upTo;
      this.keys.push({ state: copyState(state), next });
      if (stop >= time.length) break;
    }
    history.finish();
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
    for (let e = base.next; e < first; e++) this.replay.apply(state, e, null);
    const frame: Frame = { state, moves: [], circuit: [] };
    const stop = this.after(time);
    for (let e = first; e < stop; e++) this.replay.apply(state, e, frame);
    state.time = time;
    this.last = { state, next: stop };
    this.lastFrame = frame;
    return frame;
  }

  /** A packet's latency split up to the end of cycle `now` (latencySplit); null if unknown. */
  latency(id: number, now: number): LatencySplit | null {
    const p = this.packets.get(id);
    return p ? latencySplit(p, this.from, now) : null;
  }
}
