// A trace as a timeline: a row per lane of each node (a processor, as the machine declares in its
// trace: `trace.timeline`), each cut into spans of one of its declared states, the messages
// between rows and instants marked on them. Built once per trace, as typed columns; the view
// draws the part in sight from them. Built in slices (`timelineSliced`), so a view opening on a
// whole run's trace does not hold the page.
import type { Trace, TraceActivity, TraceOutcome } from '../../engine/trace';
import type { Sliced } from '../sliced';
import { finish, Progress } from '../sliced';
import { column, eachEvent, fieldIndex, kindOf, labelsOf } from './timeline_read';

export interface TimelineState {
  /** The lane kind and the state's name ("cp_state.wait_receive"). */
  key: string;
  label: string;
  /** What the span means, said when one is clicked. */
  description: string;
  /** Works, waits for a message or its own send, or has nothing to do (idle, done). */
  activity: TraceActivity;
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
    /** The span's detail (`spanDetail`: the handler a thread runs); -1 where none. */
    detail: Int32Array;
  };
  laneStart: Int32Array;
  /**
   * Messages: sender's and receiver's lanes, send and receive times, the message's id, its
   * detail (`arrowDetail`: the handler it starts; -1 where none) and its size in `sizeUnit`; in
   * the order they were sent.
   */
  arrows: {
    from: Int32Array;
    to: Int32Array;
    sent: Float64Array;
    received: Float64Array;
    id: Float64Array;
    detail: Int32Array;
    size: Float64Array;
  };
  sizeUnit: string;
  /** What a span's and an arrow's detail is ("handler"); empty where there is none. */
  spanDetail: string;
  arrowDetail: string;
  /**
   * The names of the details' values (a program's handlers), a span's by its row's place among
   * a node's rows, an arrow's; empty where the trace declares none (detailName reads them).
   */
  detailNames: { spans: string[][]; arrows: string[] };
  /** Instants that are not spans (a send fault), by lane; `names` by kind. */
  marks: { lane: Int32Array; time: Float64Array; kind: Uint8Array; names: string[] };
}

/**
 * A detail's value in words: a span's on `lane` (its row's field's label: a program's handler
 * name), or an arrow's (lane undefined); the number where the trace names none.
 */
export function detailName(model: TimelineModel, value: number, lane?: number): string {
  const { spans, arrows } = model.detailNames;
  const labels = lane === undefined ? arrows : spans[lane % spans.length];
  return labels?.[value] ?? String(value);
}

/** A state change on a lane at a time; `detail` is carried into the span it starts. */
interface Change {
  lane: number;
  time: number;
  state: number;
  detail: number;
  /** A new thread starts here: a span of its own even if the one before was alike. */
  entry?: boolean;
}

/**
 * Spans from each lane's changes (in the order recorded; put in time order here, those at one
 * time kept in that order), each lasting to the next or the end.
 */
function* spansOf(
  changes: Change[],
  lanes: number,
  from: number,
  end: number,
  initial: (lane: number) => number,
  progress: Progress,
): Generator<number, Pick<TimelineModel, 'spans' | 'laneStart'>> {
  const byLane: Change[][] = Array.from({ length: lanes }, () => []);
  for (const c of changes) byLane[c.lane]!.push(c);
  const lane: number[] = [];
  const state: number[] = [];
  const start: number[] = [];
  const stop: number[] = [];
  const detail: number[] = [];
  const laneStart = new Int32Array(lanes + 1);
  for (let l = 0; l < lanes; l++) {
    // Array sort is stable: changes at one time keep the order they were recorded in.
    const list = byLane[l]!.sort((a, b) => a.time - b.time);
    if (progress.tick(list.length)) yield progress.fraction;
    laneStart[l] = lane.length;
    let current = { state: initial(l), detail: -1 };
    let since = from;
    // Changes at one time take effect together: the last one at a time is the state after it.
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      if (i + 1 < list.length && list[i + 1]!.time === c.time) continue;
      if (!c.entry && c.state === current.state && c.detail === current.detail) continue;
      if (c.time > since) {
        lane.push(l);
        state.push(current.state);
        start.push(since);
        stop.push(Math.min(c.time, end));
        detail.push(current.detail);
        since = c.time;
      }
      current = { state: c.state, detail: c.detail };
    }
    if (end > since) {
      lane.push(l);
      state.push(current.state);
      start.push(since);
      stop.push(end);
      detail.push(current.detail);
    }
  }
  laneStart[lanes] = lane.length;
  return {
    spans: {
      lane: Int32Array.from(lane),
      state: Uint8Array.from(state),
      start: Float64Array.from(start),
      end: Float64Array.from(stop),
      detail: Int32Array.from(detail),
    },
    laneStart,
  };
}

/** Sends paired with their receives by message id, in order (an id seen twice pairs in turn). */
function* pairMessages(
  sent: { lane: number; time: number; id: number; detail: number; size: number }[],
  received: { lane: number; time: number; id: number }[],
  progress: Progress,
): Generator<number, TimelineModel['arrows']> {
  const waiting = new Map<number, { lane: number; time: number }[]>();
  for (const r of received) {
    if (progress.tick()) yield progress.fraction;
    const list = waiting.get(r.id) ?? [];
    list.push(r);
    waiting.set(r.id, list);
  }
  const from: number[] = [];
  const to: number[] = [];
  const at: number[] = [];
  const got: number[] = [];
  const id: number[] = [];
  const detail: number[] = [];
  const size: number[] = [];
  for (const s of sent) {
    if (progress.tick()) yield progress.fraction;
    const r = waiting.get(s.id)?.shift();
    // A message received after the window, or sent before it, has no arrow.
    if (!r) continue;
    from.push(s.lane);
    to.push(r.lane);
    at.push(s.time);
    got.push(r.time);
    id.push(s.id);
    detail.push(s.detail);
    size.push(s.size);
  }
  return {
    from: Int32Array.from(from),
    to: Int32Array.from(to),
    sent: Float64Array.from(at),
    received: Float64Array.from(got),
    id: Float64Array.from(id),
    detail: Int32Array.from(detail),
    size: Float64Array.from(size),
  };
}

/**
 * The nodes a traced run ran on, as its trace declares them; 0 if it does not say. (The network
 * the engine describes may be a larger machine than the run's: a J-Machine preset's `dims`, not
 * the program's mesh of that point.)
 */
export function runNodes(outcome: TraceOutcome): number {
  return outcome.trace.nodes;
}

/**
 * The timeline of a trace as its machine declares it (`trace.timeline`: lanes, messages, marks),
 * up to `end`, with a row for each lane of each of `nodes` (so a node that does nothing in the
 * window, or past a cap that cut the trace short, still has its rows) and any other node the
 * trace names. A node's rows are its lanes in the order declared.
 */
export function timelineModel(trace: Trace, end: number, nodes = 0): TimelineModel {
  return finish(timelineSliced(trace, end, nodes));
}

/** `timelineModel`, built a slice at a time. */
export function* timelineSliced(trace: Trace, end: number, nodes = 0): Sliced<TimelineModel> {
  const { lanes: declared, messages, marks } = trace.timeline;
  if (declared.length === 0) throw new Error('this trace declares no timeline');
  const perNode = declared.length;
  const laneOf = (kind: string) => declared.findIndex((l) => l.kind === kind);
  let count = nodes;
  const seeNode = (n: number) => (count = Math.max(count, n + 1));
  const states: TimelineState[] = [];
  const initial: number[] = [];
  const changes: Change[] = [];
  // Each event read is placed as a change or a message, then put in order or paired: two items.
  const read = new Set([
    ...declared.flatMap((l) => [l.kind, l.snapshot]),
    ...messages.flatMap((m) => [m.sent, m.received]),
    ...marks.map((m) => m.kind),
  ]);
  const recorded = trace.kinds
    .filter((k) => read.has(k.name))
    .reduce((n, k) => n + k.counts.reduce((a, b) => a + b, 0), 0);
  const progress = new Progress(2 * recorded);
  for (let l = 0; l < declared.length; l++) {
    const lane = declared[l]!;
    const kind = kindOf(trace, lane.kind);
    const offset = states.length;
    const own = kind.fields[fieldIndex(kind, lane.state)]!.states;
    initial.push(offset + own.findIndex((s) => s.name === lane.initial));
    for (const s of own) {
      states.push({
        key: `${lane.kind}.${s.name}`,
        // Several rows a node: the legend says whose state it is.
        label: perNode > 1 ? `${lane.label}: ${s.label}` : s.label,
        description: s.description,
        activity: s.activity,
        busy: s.activity === 'busy',
      });
    }
    // The snapshot first: at one time, it is the state before the events. It marks no entry (a
    // span that starts there starts anyway).
    for (const name of [lane.snapshot, lane.kind]) {
      if (name === '') continue;
      const k = kindOf(trace, name);
      const entry = name === lane.kind ? lane.entry : '';
      const [n, st, d, e] = [lane.node, lane.state, lane.detail, entry].map((f) =>
        column(k, fieldIndex(k, f)),
      );
      yield* eachEvent(k, progress, (time, i) => {
        const node = n![i]!;
        seeNode(node);
        const detail = d ? d[i]! : -1;
        changes.push({
          lane: node * perNode + l,
          time,
          state: offset + st![i]!,
          detail: detail === lane.detailNone ? -1 : detail,
          entry: e !== null && e![i]! !== 0,
        });
      });
    }
  }

  const sent: Parameters<typeof pairMessages>[0] = [];
  const received: Parameters<typeof pairMessages>[1] = [];
  for (const m of messages) {
    const l = laneOf(m.lane);
    const out = kindOf(trace, m.sent);
    const [sn, sk, sw, sd] = [m.node, m.id, m.size, m.detail].map((f) =>
      column(out, fieldIndex(out, f)),
    );
    yield* eachEvent(out, progress, (time, i) => {
      seeNode(sn![i]!);
      sent.push({
        lane: sn![i]! * perNode + l,
        time,
        id: sk![i]!,
        detail: sd ? sd[i]! : -1,
        size: sw![i]!,
      });
    });
    const into = kindOf(trace, m.received);
    const [rn, rk] = [m.node, m.id].map((f) => column(into, fieldIndex(into, f)));
    yield* eachEvent(into, progress, (time, i) => {
      seeNode(rn![i]!);
      received.push({ lane: rn![i]! * perNode + l, time, id: rk![i]! });
    });
  }

  const instants: { lane: number; time: number; kind: number }[] = [];
  for (let kind = 0; kind < marks.length; kind++) {
    const m = marks[kind]!;
    const k = kindOf(trace, m.kind);
    const n = column(k, fieldIndex(k, m.node))!;
    const l = laneOf(m.lane);
    yield* eachEvent(k, progress, (time, i) => {
      instants.push({ lane: n[i]! * perNode + l, time, kind });
    });
  }
  instants.sort((a, b) => a.time - b.time);

  const spanLabels = declared.map((d) => labelsOf(trace, d.kind, d.detail));
  const arrowLabels = messages[0] ? labelsOf(trace, messages[0].sent, messages[0].detail) : [];
  const lanes = Array.from({ length: count * perNode }, (_, i) => {
    const lane = declared[i % perNode]!;
    const node = Math.floor(i / perNode);
    // One row a node says what the node is where the machine names it ("PE 3"); several rows a
    // node, the node and the row's short name ("node 3 CP").
    const name =
      perNode === 1 && lane.label
        ? `${lane.label} ${node}`
        : `${lane.node} ${node}${lane.abbreviation ? ` ${lane.abbreviation}` : ''}`;
    return { label: name, node };
  });
  return {
    clock: trace.clock,
    unit: trace.unit,
    from: trace.from,
    end,
    lanes,
    states,
    sizeUnit: messages[0]?.unit ?? '',
    spanDetail: declared.find((l) => l.detail)?.detail ?? '',
    arrowDetail: messages[0]?.detail ?? '',
    detailNames: { spans: spanLabels, arrows: arrowLabels },
    ...(yield* spansOf(
      changes,
      lanes.length,
      trace.from,
      end,
      (l) => initial[l % perNode]!,
      progress,
    )),
    arrows: yield* pairMessages(sent, received, progress),
    marks: {
      lane: Int32Array.from(instants.map((m) => m.lane)),
      time: Float64Array.from(instants.map((m) => m.time)),
      kind: Uint8Array.from(instants.map((m) => m.kind)),
      names: marks.map((m) => m.label),
    },
  };
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
