// A trace as a timeline: one lane per processor (a J-Machine node; a Paragon node's compute and
// message processors), each cut into spans of one state, and the messages between lanes. Built
// once per trace, as typed columns; the view draws the part in sight from them.
import type { Trace, TraceKind, TraceOutcome } from '../../engine/trace';

export interface TimelineState {
  key: string;
  label: string;
  /** What the span means, said when one is clicked. */
  description: string;
  /** Busy (counted in the busy share) or waiting / idle. */
  busy: boolean;
}

export interface TimelineModel {
  clock: string;
  unit: string;
  from: number;
  end: number;
  lanes: { label: string; node: number }[];
  states: TimelineState[];
  /** Spans lane by lane, in time order; lane l's are [laneStart[l], laneStart[l+1]). */
  spans: {
    lane: Int32Array;
    state: Uint8Array;
    start: Float64Array;
    end: Float64Array;
    /** The handler a J-Machine thread runs; -1 where none. */
    handler: Int32Array;
  };
  laneStart: Int32Array;
  /**
   * Messages: sender's and receiver's lanes, send and receive times, the message's id (the
   * J-Machine's packet, the Paragon's message), the handler it starts (-1 on the Paragon) and
   * its size in `sizeUnit`; in the order they were sent.
   */
  arrows: {
    from: Int32Array;
    to: Int32Array;
    sent: Float64Array;
    received: Float64Array;
    id: Float64Array;
    handler: Int32Array;
    size: Float64Array;
  };
  sizeUnit: string;
  /** Instants that are not spans: send faults and queue overflows, by lane. */
  marks: { lane: Int32Array; time: Float64Array; kind: Uint8Array; names: string[] };
}

/** One kind's events in recording order: time, then each field's value. */
function events(trace: Trace, name: string): { time: number; values: number[] }[] {
  const kind: TraceKind | undefined = trace.kinds.find((k) => k.name === name);
  if (!kind) return [];
  const out: { time: number; values: number[] }[] = [];
  let index = 0;
  kind.times.forEach((time, run) => {
    for (let n = 0; n < kind.counts[run]!; n++, index++) {
      out.push({ time, values: kind.fields.map((f) => f.values[index]!) });
    }
  });
  return out;
}

function field(trace: Trace, kind: string, name: string): number {
  const i = trace.kinds.find((k) => k.name === kind)?.fields.findIndex((f) => f.name === name);
  if (i === undefined || i < 0) throw new Error(`the trace's ${kind} has no field ${name}`);
  return i;
}

/** A state change on a lane at a time; `handler` is carried into the span it starts. */
interface Change {
  lane: number;
  time: number;
  state: number;
  handler: number;
  /** A new thread starts here: a span of its own even if the one before was alike. */
  entry?: boolean;
}

/** Spans from each lane's changes (time-ordered per lane), each lasting to the next or the end. */
function spansOf(
  changes: Change[],
  lanes: number,
  from: number,
  end: number,
  initial: (lane: number) => number,
): Pick<TimelineModel, 'spans' | 'laneStart'> {
  const byLane: Change[][] = Array.from({ length: lanes }, () => []);
  for (const c of changes) byLane[c.lane]!.push(c);
  const lane: number[] = [];
  const state: number[] = [];
  const start: number[] = [];
  const stop: number[] = [];
  const handler: number[] = [];
  const laneStart = new Int32Array(lanes + 1);
  byLane.forEach((list, l) => {
    laneStart[l] = lane.length;
    let current = { state: initial(l), handler: -1 };
    let since = from;
    // Changes at one time take effect together: the last one at a time is the state after it.
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      if (i + 1 < list.length && list[i + 1]!.time === c.time) continue;
      if (!c.entry && c.state === current.state && c.handler === current.handler) continue;
      if (c.time > since) {
        lane.push(l);
        state.push(current.state);
        start.push(since);
        stop.push(Math.min(c.time, end));
        handler.push(current.handler);
        since = c.time;
      }
      current = { state: c.state, handler: c.handler };
    }
    if (end > since) {
      lane.push(l);
      state.push(current.state);
      start.push(since);
      stop.push(end);
      handler.push(current.handler);
    }
  });
  laneStart[lanes] = lane.length;
  return {
    spans: {
      lane: Int32Array.from(lane),
      state: Uint8Array.from(state),
      start: Float64Array.from(start),
      end: Float64Array.from(stop),
      handler: Int32Array.from(handler),
    },
    laneStart,
  };
}

/** Sends paired with their receives by message id, in order (an id seen twice pairs in turn). */
function pairMessages(
  sent: { lane: number; time: number; id: number; handler: number; size: number }[],
  received: { lane: number; time: number; id: number }[],
): TimelineModel['arrows'] {
  const waiting = new Map<number, { lane: number; time: number }[]>();
  for (const r of received) {
    const list = waiting.get(r.id) ?? [];
    list.push(r);
    waiting.set(r.id, list);
  }
  const from: number[] = [];
  const to: number[] = [];
  const at: number[] = [];
  const got: number[] = [];
  const id: number[] = [];
  const handler: number[] = [];
  const size: number[] = [];
  for (const s of sent) {
    const r = waiting.get(s.id)?.shift();
    // A message received after the window, or sent before it, has no arrow.
    if (!r) continue;
    from.push(s.lane);
    to.push(r.lane);
    at.push(s.time);
    got.push(r.time);
    id.push(s.id);
    handler.push(s.handler);
    size.push(s.size);
  }
  return {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    sent: Float64Array.from(at),
    received: Float64Array.from(got),
    id: Float64Array.from(id),
    handler: Int32Array.from(handler),
    size: Float64Array.from(size),
  };
}

const JMACHINE_STATES: TimelineState[] = [
  {
    key: 'idle',
    label: 'idle',
    description: 'No thread: the node waits for a message.',
    busy: false,
  },
  {
    key: 'p0',
    label: 'priority 0',
    description: "A priority-0 thread runs a message's handler (its dispatch included).",
    busy: true,
  },
  {
    key: 'p1',
    label: 'priority 1',
    description: 'A priority-1 thread runs, preempting any priority-0 work.',
    busy: true,
  },
  {
    key: 'background',
    label: 'background',
    description: "The node's background thread runs (the program's own work between messages).",
    busy: true,
  },
  {
    key: 'refused',
    label: 'send refused',
    description:
      'The network refused a send (a send fault): the processor waits until it takes the message.',
    busy: false,
  },
];

/** What one node's thread events at one time do to one priority. */
interface Moment {
  /** Threads started (a resumed one goes on, so it is not counted) less threads ended. */
  delta: number;
  /** The handler dispatched at this time, or -1; the new thread's cause if one started. */
  handler: number;
  background: boolean;
  started: boolean;
}

/**
 * The J-Machine's programs: a node runs its highest active thread, or idles. The engine records a
 * thread's end at the time its work ended, which may equal the next thread's start (or the same
 * thread's, when it has no work): events at one time are summed, not applied in the order kinds
 * are listed, since the trace keeps no order between kinds at one time.
 */
function jmachineModel(trace: Trace, end: number, machineNodes: number): TimelineModel {
  let nodes = machineNodes;
  const seeNode = (n: number) => (nodes = Math.max(nodes, n + 1));
  /** (node, time, priority) -> its moment, built kind by kind. */
  const moments = new Map<number, Map<number, [Moment, Moment]>>();
  /** (node, time) -> a refused send begins (true) or ends (false) at that time. */
  const refused = new Map<number, Map<number, boolean>>();
  const moment = (node: number, time: number, priority: number): Moment => {
    seeNode(node);
    let byTime = moments.get(node);
    if (!byTime) moments.set(node, (byTime = new Map()));
    let pair = byTime.get(time);
    if (!pair) {
      const fresh = (): Moment => ({ delta: 0, handler: -1, background: false, started: false });
      byTime.set(time, (pair = [fresh(), fresh()]));
    }
    return pair[priority]!;
  };
  const each = (kind: string, apply: (m: Moment, v: number[]) => void) => {
    const [n, p] = ['node', 'priority'].map((f) => field(trace, kind, f));
    for (const e of events(trace, kind))
      apply(moment(e.values[n!]!, e.time, e.values[p!]!), e.values);
  };
  const running = new Set<number>();
  if (trace.kinds.some((k) => k.name === 'thread_running')) {
    const [n, p] = ['node', 'priority'].map((f) => field(trace, 'thread_running', f));
    for (const e of events(trace, 'thread_running')) {
      seeNode(e.values[n!]!);
      running.add(2 * e.values[n!]! + e.values[p!]!);
      // The node's state at the window's start, even if nothing happens on it after.
      moment(e.values[n!]!, trace.from, e.values[p!]!);
    }
  }
  const cause = field(trace, 'thread_started', 'cause');
  const causes = trace.kinds.find((k) => k.name === 'thread_started')!.fields[cause]!.labels;
  each('thread_started', (m, v) => {
    const why = causes[v[cause]!];
    if (why === 'resume') return;
    m.delta++;
    m.started = true;
    m.background = why === 'background';
  });
  const handler = field(trace, 'message_dispatched', 'handler');
  each('message_dispatched', (m, v) => (m.handler = v[handler]!));
  each('thread_ended', (m) => m.delta--);
  // A send the network refuses stops the processor (nothing else runs, not even priority 1)
  // until the network takes the message: from its fault to its message_sent.
  const faulted = new Set<number>();
  const mark = (node: number, time: number, on: boolean) => {
    moment(node, time, 0);
    let byTime = refused.get(node);
    if (!byTime) refused.set(node, (byTime = new Map()));
    byTime.set(time, on);
  };
  const faultNode = field(trace, 'send_fault', 'node');
  const sentNode = field(trace, 'message_sent', 'node');
  const sends = [
    ...events(trace, 'send_fault').map((e) => ({
      node: e.values[faultNode]!,
      time: e.time,
      fault: true,
    })),
    ...events(trace, 'message_sent').map((e) => ({
      node: e.values[sentNode]!,
      time: e.time,
      fault: false,
    })),
  ].sort((a, b) => a.time - b.time);
  for (const e of sends) {
    if (e.fault) {
      faulted.add(e.node);
      mark(e.node, e.time, true);
    } else if (faulted.delete(e.node)) {
      mark(e.node, e.time, false);
    }
  }

  const changes: Change[] = [];
  for (const [node, byTime] of moments) {
    // Each priority's thread: active, its handler, background work or not.
    const threads = [0, 1].map((p) => ({
      active: running.has(2 * node + p),
      handler: -1,
      background: false,
    }));
    let waiting = false;
    for (const time of [...byTime.keys()].sort((a, b) => a - b)) {
      waiting = refused.get(node)?.get(time) ?? waiting;
      const pair = byTime.get(time)!;
      pair.forEach((m, p) => {
        const s = threads[p]!;
        s.active = s.active ? m.delta >= 0 : m.delta > 0;
        if (m.started || !s.active) {
          s.handler = s.active ? m.handler : -1;
          s.background = s.active && m.background;
        }
      });
      const [p0, p1] = threads as [(typeof threads)[0], (typeof threads)[0]];
      const state = waiting ? 4 : p1.active ? 2 : p0.active ? (p0.background ? 3 : 1) : 0;
      const h = p1.active ? p1.handler : p0.active ? p0.handler : -1;
      const entry = p1.active ? pair[1].started : p0.active && pair[0].started;
      changes.push({ lane: node, time, state, handler: h, entry });
    }
  }

  const sent = events(trace, 'message_sent');
  const received = events(trace, 'message_received');
  const [sn, sh, sw, sk] = ['node', 'handler', 'words', 'packet'].map((f) =>
    field(trace, 'message_sent', f),
  );
  const [rn, rk] = ['node', 'packet'].map((f) => field(trace, 'message_received', f));
  for (const e of [...sent, ...received]) seeNode(e.values[0]!);
  const faults = events(trace, 'send_fault');
  const overflows = events(trace, 'queue_overflow');
  const marks = [
    ...faults.map((e) => ({ lane: e.values[0]!, time: e.time, kind: 0 })),
    ...overflows.map((e) => ({ lane: e.values[0]!, time: e.time, kind: 1 })),
  ].sort((a, b) => a.time - b.time);
  const lanes = Array.from({ length: nodes }, (_, n) => ({ label: `node ${n}`, node: n }));
  return {
    clock: trace.clock,
    unit: trace.unit,
    from: trace.from,
    end,
    lanes,
    states: JMACHINE_STATES,
    sizeUnit: 'words',
    ...spansOf(changes, nodes, trace.from, end, () => 0),
    arrows: pairMessages(
      sent.map((e) => ({
        lane: e.values[sn!]!,
        time: e.time,
        id: e.values[sk!]!,
        handler: e.values[sh!]!,
        size: e.values[sw!]!,
      })),
      received.map((e) => ({ lane: e.values[rn!]!, time: e.time, id: e.values[rk!]! })),
    ),
    marks: {
      lane: Int32Array.from(marks.map((m) => m.lane)),
      time: Float64Array.from(marks.map((m) => m.time)),
      kind: Uint8Array.from(marks.map((m) => m.kind)),
      names: ['send fault', 'queue overflow'],
    },
  };
}

const PARAGON_DESCRIPTIONS: Record<string, string> = {
  'cp:compute': 'The compute processor computes.',
  'cp:post': 'The compute processor posts its receives (NX irecv).',
  'cp:wait_receive': 'The compute processor waits for messages to arrive.',
  'cp:wait_send': 'The compute processor waits for its sends to leave.',
  'cp:barrier': 'A barrier: waiting for the others, then the barrier itself.',
  'cp:idle': 'The compute processor is idle between steps.',
  'cp:done': 'The program has ended on this node.',
  'mp:send_message': "The message processor spends a message's send overhead.",
  'mp:send_packet': 'The message processor sends a packet (its overhead and its bytes).',
  'mp:receive_packet': 'The message processor receives a packet (its overhead and its bytes).',
  'mp:idle': 'The message processor is idle.',
};
const PARAGON_WAITING = new Set([
  'cp:wait_receive',
  'cp:wait_send',
  'cp:idle',
  'cp:done',
  'mp:idle',
]);

/** The Paragon under NX: each node's compute processor (lane 2n) and message processor (2n+1). */
function paragonModel(trace: Trace, end: number, machineNodes: number): TimelineModel {
  const labels = (kind: string) =>
    trace.kinds.find((k) => k.name === kind)!.fields[field(trace, kind, 'state')]!.labels;
  const cpLabels = labels('cp_state');
  const mpLabels = labels('mp_state');
  const keys = [...cpLabels.map((l) => `cp:${l}`), ...mpLabels.map((l) => `mp:${l}`)];
  const states: TimelineState[] = keys.map((key) => ({
    key,
    label: `${key.startsWith('cp') ? 'compute processor' : 'message processor'}: ${key
      .slice(3)
      .replace('_', ' ')}`,
    description: PARAGON_DESCRIPTIONS[key] ?? key,
    busy: !PARAGON_WAITING.has(key),
  }));
  let nodes = machineNodes;
  const changes: Change[] = [];
  const take = (kind: string, lane: (node: number) => number, offset: number) => {
    const [n, s] = ['node', 'state'].map((f) => field(trace, kind, f));
    for (const e of events(trace, kind)) {
      nodes = Math.max(nodes, e.values[n!]! + 1);
      changes.push({
        lane: lane(e.values[n!]!),
        time: e.time,
        state: offset + e.values[s!]!,
        handler: -1,
      });
    }
  };
  const idle = (lane: number) =>
    lane % 2 === 0 ? cpLabels.indexOf('idle') : cpLabels.length + mpLabels.indexOf('idle');
  take('cp_state_at_start', (n) => 2 * n, 0);
  take('mp_state_at_start', (n) => 2 * n + 1, cpLabels.length);
  take('cp_state', (n) => 2 * n, 0);
  take('mp_state', (n) => 2 * n + 1, cpLabels.length);
  changes.sort((a, b) => a.lane - b.lane || a.time - b.time);
  const lanes = Array.from({ length: 2 * nodes }, (_, l) => ({
    label: `node ${l >> 1} ${l % 2 === 0 ? 'CP' : 'MP'}`,
    node: l >> 1,
  }));
  const built = spansOf(changes, 2 * nodes, trace.from, end, idle);
  const [sn, sb, sm] = ['node', 'bytes', 'message'].map((f) => field(trace, 'message_sent', f));
  const [rn, rm] = ['node', 'message'].map((f) => field(trace, 'message_received', f));
  return {
    clock: trace.clock,
    unit: trace.unit,
    from: trace.from,
    end,
    lanes,
    states,
    sizeUnit: 'bytes',
    ...built,
    arrows: pairMessages(
      events(trace, 'message_sent').map((e) => ({
        lane: 2 * e.values[sn!]! + 1,
        time: e.time,
        id: e.values[sm!]!,
        handler: -1,
        size: e.values[sb!]!,
      })),
      events(trace, 'message_received').map((e) => ({
        lane: 2 * e.values[rn!]! + 1,
        time: e.time,
        id: e.values[rm!]!,
      })),
    ),
    marks: {
      lane: new Int32Array(0),
      time: new Float64Array(0),
      kind: new Uint8Array(0),
      names: [],
    },
  };
}

/**
 * The nodes a traced run ran on, as its result says (a J-Machine program's `nodes`); 0 if it does
 * not say. (The network the engine describes for a J-Machine preset is its `dims` machine, not
 * the program's mesh of that point.)
 */
export function runNodes(outcome: TraceOutcome): number {
  return outcome.result.scalars.find((s) => s.name === 'nodes')?.value ?? 0;
}

/**
 * The timeline of a J-Machine program's or a Paragon NX run's trace, up to `end`, with a row for
 * each of `nodes` (so a node that does nothing in the window, or past a cap that cut the trace
 * short, still has its row) and any other node the trace names.
 */
export function timelineModel(trace: Trace, end: number, nodes = 0): TimelineModel {
  const has = (name: string) => trace.kinds.some((k) => k.name === name);
  if (has('thread_started')) return jmachineModel(trace, end, nodes);
  if (has('cp_state')) return paragonModel(trace, end, nodes);
  throw new Error('a timeline needs a J-Machine program or a Paragon NX trace');
}

/** Each state's share of the lanes' time in [from, end], lane by lane (rows: lanes). */
export function stateShares(model: TimelineModel): number[][] {
  const total = model.end - model.from;
  const out = model.lanes.map(() => model.states.map(() => 0));
  const { lane, state, start, end } = model.spans;
  for (let i = 0; i < lane.length; i++) {
    out[lane[i]!]![state[i]!]! += total > 0 ? (end[i]! - start[i]!) / total : 0;
  }
  return out;
}

/** The span of `lane` at `time` (the one it falls in, or the last before it), or -1. */
export function spanAt(model: TimelineModel, lane: number, time: number): number {
  let lo = model.laneStart[lane]!;
  let hi = model.laneStart[lane + 1]! - 1;
  if (hi < lo || time < model.spans.start[lo]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (model.spans.start[mid]! <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
