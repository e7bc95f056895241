// The network's state at a cycle as the packet view replays it: where each flit sits, which are
// blocked, credits and stop signals, held circuits, packets queued and on their way; and a frame,
// the state with what moved in the cycle shown.
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

export function emptyState(time: number): NetState {
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

export function copyState(s: NetState): NetState {
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
