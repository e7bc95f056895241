// A packet's record over the window (when it was created, injected, delivered, where its head
// went, when it was blocked) and its latency split from that record.
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

/**
 * `p`'s latency from its creation (before the window, which opens at `from`, too) up to its
 * delivery or, before it, up to the end of cycle `now`: queueing (created to injected), blocking
 * (cycles its head was blocked) and transfer (the rest); a packet already on its way at the
 * window's start has its cycles before the window unsplit.
 */
export function latencySplit(p: PacketInfo, from: number, now: number): LatencySplit {
  const start = p.created ?? p.born ?? from;
  const end = Math.min(p.delivered ?? p.dropped ?? now + 1, now + 1);
  const before = p.leftBefore ? Math.max(0, Math.min(from, end) - start) : 0;
  // A packet at its source at the window's start was queueing all the time before it.
  const injected = p.injected ?? (p.leftBefore ? from : end);
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
