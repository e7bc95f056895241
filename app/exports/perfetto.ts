// A traced run for Perfetto (ui.perfetto.dev) and chrome://tracing: the Chrome trace-event
// format's JSON object form. A machine that declares its trace as a timeline (J-Machine nodes,
// Paragon compute and message processors, Multi-PSI PEs) gives a track per node and lane, its
// states as slices, its messages as flows from sender to receiver and its marks as instants. A
// network's trace gives a track per channel and virtual channel a packet held (from its head's
// crossing to its tail's), per node its packets sent and delivered, and each packet's way as one
// flow through them. Times are the machine's clock: real time where it is one (ms, us), else one
// cycle to a microsecond of the file, as its `otherData.clock` says.
import type { Trace, TraceKind } from '../engine/trace';
import { playedEnd } from '../engine/trace';
import type { TraceRole } from '../engine/trace_roles';
import { kindName } from '../engine/trace_roles';
import type { NetworkMap } from '../engine/types';
import { findColumn } from '../engine/types';
import { unitSymbol } from '../presets/units';
import { timelineModel } from '../views/timeline/timeline_model';

/** One event of the format (the fields it uses here). */
export interface PerfettoEvent {
  name: string;
  /** X: a slice with `dur`; i: an instant; M: a process's or thread's name or order. */
  ph: 'X' | 'i' | 'M';
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  cat?: string;
  /** An instant's scope: its thread. */
  s?: 't';
  args?: Record<string, string | number>;
  /** A flow through slices (the format's flow v2): its id and whether it enters or leaves. */
  bind_id?: number;
  flow_in?: boolean;
  flow_out?: boolean;
}

export interface PerfettoTrace {
  traceEvents: PerfettoEvent[];
  displayTimeUnit: 'ns';
  /** What the file is of: the run and how its times read. */
  otherData: Record<string, unknown>;
}

/** The run a trace is of, as the file names it. */
export interface TracedRun {
  preset?: string;
  model: string;
  seed: number;
  point?: number;
  params: Record<string, unknown>;
  trace: Trace;
  networks: NetworkMap[];
  /** Nodes the run used (a timeline row each even when idle); 0: those the trace names. */
  nodes?: number;
}

/** Microseconds of the file per unit of a clock that is real time. */
const REAL_CLOCK_US: Record<string, number> = { ms: 1000, us: 1 };

/** How the machine's clock maps onto the file's microseconds, in words and as a factor. */
function perfettoClock(trace: Trace): { perUnitUs: number; says: string } {
  const real = REAL_CLOCK_US[trace.unit];
  if (real !== undefined) {
    return {
      perUnitUs: real,
      says: `times are the machine's, in ${unitSymbol(trace.unit)} (real time)`,
    };
  }
  return {
    perUnitUs: 1,
    says: `one ${trace.clock} of the machine is shown as 1 µs (the file's times are ${unitSymbol(trace.unit)})`,
  };
}

/** The names of a field's values (a handler's, a message kind's), empty if it names none. */
function labelsOf(trace: Trace, kind: string, field: string): string[] {
  if (field === '') return [];
  return (
    trace.kinds.find((k) => k.name === kind)?.fields.find((f) => f.name === field)?.labels ?? []
  );
}

const named = (labels: string[], value: number) => labels[value] ?? String(value);

/**
 * The file's times for the machine's: whole nanoseconds (what readers keep), written in
 * microseconds, a slice's end its start plus its duration exactly.
 */
class FileTime {
  constructor(private readonly perUnitUs: number) {}
  private ns(t: number) {
    return Math.round(t * this.perUnitUs * 1000);
  }
  at(t: number) {
    return this.ns(t) / 1000;
  }
  span(start: number, end: number) {
    return { ts: this.ns(start) / 1000, dur: (this.ns(end) - this.ns(start)) / 1000 };
  }
}

function metadata(pid: number, tid: number, name: string, sort: number): PerfettoEvent[] {
  return [
    { name: 'thread_name', ph: 'M', pid, tid, args: { name } },
    { name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: sort } },
  ];
}

function processName(pid: number, name: string): PerfettoEvent {
  return { name: 'process_name', ph: 'M', pid, tid: 0, args: { name } };
}

/** A timeline's lanes as tracks, its spans as slices, messages as flows, marks as instants. */
function timelineEvents(run: TracedRun, time: FileTime): PerfettoEvent[] {
  const { trace } = run;
  const model = timelineModel(trace, playedEnd(trace), run.nodes ?? 0);
  const declared = trace.timeline.lanes;
  const perNode = declared.length;
  // One lane a node: one process of nodes; several: a process per node, a thread per lane.
  const track = (lane: number) =>
    perNode === 1
      ? { pid: 1, tid: lane + 1 }
      : { pid: Math.floor(lane / perNode) + 1, tid: (lane % perNode) + 1 };
  const events: PerfettoEvent[] = [];
  if (perNode === 1) events.push(processName(1, run.model));
  model.lanes.forEach((lane, l) => {
    const { pid, tid } = track(l);
    const decl = declared[l % perNode]!;
    if (perNode > 1 && l % perNode === 0)
      events.push(processName(pid, `${decl.node} ${lane.node}`));
    const name = perNode > 1 ? `${decl.label} (${decl.abbreviation})` : lane.label;
    events.push(...metadata(pid, tid, name, l));
  });

  const spanLabels = declared.map((d) => labelsOf(trace, d.kind, d.detail));
  const { spans } = model;
  for (let i = 0; i < spans.lane.length; i++) {
    const state = model.states[spans.state[i]!]!;
    if (state.activity === 'idle') continue;
    const l = spans.lane[i]!;
    const detail = spans.detail[i]!;
    const args: Record<string, string | number> = { state: state.label, activity: state.activity };
    if (detail >= 0) args[model.spanDetail] = named(spanLabels[l % perNode]!, detail);
    events.push({
      name: detail >= 0 ? `${state.label}: ${args[model.spanDetail]}` : state.label,
      cat: declared[l % perNode]!.kind,
      ph: 'X',
      ...track(l),
      ...time.span(spans.start[i]!, spans.end[i]!),
      args,
    });
  }

  const message = trace.timeline.messages[0];
  const arrowLabels = message ? labelsOf(trace, message.sent, message.detail) : [];
  const { arrows } = model;
  for (let i = 0; i < arrows.from.length; i++) {
    const detail = arrows.detail[i]!;
    const what = detail >= 0 ? named(arrowLabels, detail) : 'message';
    const args = {
      message: arrows.id[i]!,
      size: `${arrows.size[i]} ${model.sizeUnit}`,
      from: model.lanes[arrows.from[i]!]!.label,
      to: model.lanes[arrows.to[i]!]!.label,
    };
    // The send and the receipt: instants on their rows, one flow from the first to the second.
    const end = (lane: number, t: number, verb: string, flow: 'flow_out' | 'flow_in') =>
      events.push({
        name: `${verb} ${what}`,
        cat: 'message',
        ph: 'X',
        ...track(lane),
        ts: time.at(t),
        dur: 0,
        args,
        bind_id: i + 1,
        [flow]: true,
      });
    end(arrows.from[i]!, arrows.sent[i]!, 'send', 'flow_out');
    end(arrows.to[i]!, arrows.received[i]!, 'receive', 'flow_in');
  }

  const { marks } = model;
  for (let i = 0; i < marks.lane.length; i++) {
    events.push({
      name: marks.names[marks.kind[i]!]!,
      cat: 'mark',
      ph: 'i',
      s: 't',
      ...track(marks.lane[i]!),
      ts: time.at(marks.time[i]!),
    });
  }
  return events;
}

/** The events of the kind the trace declares for a view's role (engine/trace_roles.ts). */
function eachRole(
  trace: Trace,
  role: TraceRole,
  visit: (time: number, field: (name: string) => number) => void,
) {
  eachEvent(trace, kindName(trace, role), visit);
}

/** A kind's events as (time, fields) without an object per event. */
function eachEvent(
  trace: Trace,
  name: string,
  visit: (time: number, field: (name: string) => number) => void,
) {
  const kind: TraceKind | undefined = trace.kinds.find((k) => k.name === name);
  if (!kind) return;
  const columns = new Map(kind.fields.map((f) => [f.name, f.values]));
  let index = 0;
  const field = (n: string) => columns.get(n)?.[index] ?? -1;
  for (let run = 0; run < kind.times.length; run++) {
    for (let n = 0; n < kind.counts[run]!; n++, index++) visit(kind.times[run]!, field);
  }
}

/** A channel as a track names it, from the network's description. */
function channelNamer(network: NetworkMap | undefined) {
  const column = (name: string) => (network ? findColumn(network.channels, name) : undefined);
  const router = column('router');
  const toRouter = column('to_router');
  const toTerminal = column('to_terminal');
  const direction = column('direction');
  return (channel: number, side: 'inject' | 'move' | 'eject' | 'hold', vc: number) => {
    const r = router?.values[channel];
    const at = r === undefined ? `channel ${channel}` : `router ${r}`;
    const t = toTerminal?.values[channel] ?? -1;
    const dir = direction?.labels[direction.values[channel] ?? -1];
    const v = vc >= 0 ? ` vc ${vc}` : '';
    if (side === 'inject') return `node ${t} → ${at}${v}`;
    const far = t >= 0 ? `node ${t}` : `router ${toRouter?.values[channel] ?? '?'}`;
    return `${at} → ${far}${dir ? ` (${dir})` : ''}${v}`;
  };
}

interface Held {
  key: string;
  side: 'inject' | 'move' | 'eject' | 'hold';
  channel: number;
  vc: number;
  packet: number;
  start: number;
  end?: number;
}

/**
 * A network's trace: per channel (and virtual channel) the packets that held it, per node the
 * packets it sent and received, each packet's way as a flow from its send through the channels
 * it held to its delivery. Beside a machine's timeline (`firstPid` past its processes), only the
 * channels: the timeline's rows are the nodes.
 */
function networkEvents(
  run: TracedRun,
  time: FileTime,
  beside?: { firstPid: number; firstFlow: number },
): PerfettoEvent[] {
  const withNodes = beside === undefined;
  const { trace } = run;
  const end = playedEnd(trace);
  const network = run.networks.find((n) => n.channels.columns.length > 0);
  const channelName = channelNamer(network);
  // A packet's flits: the tail's move closes what its head opened.
  const flits = new Map<number, number>();
  for (const kind of ['packet_created', 'packet_live'] as const) {
    eachRole(trace, kind, (_t, f) => flits.set(f('packet'), Math.max(1, f('flits'))));
  }
  const held: Held[] = [];
  const open = new Map<string, Held>();
  // What a packet holds is known by the track and the packet: its head's crossing (or the hold)
  // opens it, its tail's (or the release) closes it.
  const take = (t: number, side: Held['side'], channel: number, vc: number, packet: number) => {
    const key = `${side}:${channel}:${vc}`;
    const h: Held = { key, side, channel, vc, packet, start: t };
    open.set(`${key}#${packet}`, h);
    held.push(h);
  };
  const leave = (t: number, side: Held['side'], channel: number, vc: number, packet: number) => {
    const key = `${side}:${channel}:${vc}`;
    let h = open.get(`${key}#${packet}`);
    // Its head crossed (or its hold began) before the window: the span starts with it.
    if (!h) {
      h = { key, side, channel, vc, packet, start: trace.from };
      held.push(h);
    }
    h.end = t;
    open.delete(`${key}#${packet}`);
  };
  const flit = (kind: TraceRole, side: Held['side'], channelField: string, vcField: string) => {
    eachRole(trace, kind, (t, f) => {
      const packet = f('packet');
      const channel = f(channelField);
      const vc = vcField === '' ? -1 : f(vcField);
      if (f('flit') === 0) take(t, side, channel, vc, packet);
      if (f('flit') === (flits.get(packet) ?? 1) - 1) leave(t + 1, side, channel, vc, packet);
    });
  };
  flit('flit_injected', 'inject', 'input', 'vc');
  flit('flit_moved', 'move', 'channel', 'vc');
  flit('flit_ejected', 'eject', 'channel', '');
  eachRole(trace, 'circuit_holding', (_t, f) =>
    take(trace.from, 'hold', f('channel'), -1, f('packet')),
  );
  eachRole(trace, 'circuit_hold', (t, f) => take(t, 'hold', f('channel'), -1, f('packet')));
  eachRole(trace, 'circuit_release', (t, f) => leave(t, 'hold', f('channel'), -1, f('packet')));

  // Tracks: one per channel side and virtual channel used, in channel order.
  const keys = [...new Set(held.map((h) => h.key))];
  const first = new Map(held.map((h) => [h.key, h]));
  const order = { inject: 0, move: 1, hold: 1, eject: 2 };
  keys.sort((a, b) => {
    const x = first.get(a)!;
    const y = first.get(b)!;
    return x.channel - y.channel || order[x.side] - order[y.side] || x.vc - y.vc;
  });
  const tid = new Map(keys.map((k, i) => [k, i + 1]));
  const CHANNELS = beside?.firstPid ?? 1;
  const NODES = CHANNELS + 1;
  const events: PerfettoEvent[] = [
    processName(CHANNELS, `${network?.label ?? run.model}: channels`),
  ];
  if (withNodes) events.push(processName(NODES, `${network?.label ?? run.model}: nodes`));
  keys.forEach((k, i) => {
    const h = first.get(k)!;
    events.push(...metadata(CHANNELS, tid.get(k)!, channelName(h.channel, h.side, h.vc), i));
  });

  // Each packet's sends, holds and delivery, in time order: one flow through them.
  interface Step {
    event: PerfettoEvent;
    packet: number;
    /** Its packet's delivery: the end of the packet's flow. */
    delivery?: boolean;
  }
  const steps: Step[] = [];
  const nodes = new Set<number>();
  const node = (
    t: number,
    n: number,
    packet: number,
    name: string,
    args: Record<string, number>,
    delivery = false,
  ) => {
    if (!withNodes) return;
    nodes.add(n);
    steps.push({
      packet,
      delivery,
      event: { name, cat: 'packet', ph: 'X', pid: NODES, tid: n + 1, ts: time.at(t), dur: 0, args },
    });
  };
  const dest = new Map<number, number>();
  for (const kind of ['packet_created', 'packet_live'] as const) {
    eachRole(trace, kind, (_t, f) => dest.set(f('packet'), f('dest')));
  }
  eachRole(trace, 'packet_injected', (t, f) =>
    node(t, f('node'), f('packet'), `send packet ${f('packet')}`, {
      packet: f('packet'),
      to: dest.get(f('packet')) ?? -1,
    }),
  );
  for (const h of held) {
    const stop = Math.min(h.end ?? end, end);
    if (stop < h.start) continue;
    steps.push({
      packet: h.packet,
      event: {
        name: `packet ${h.packet}`,
        cat: h.side,
        ph: 'X',
        pid: CHANNELS,
        tid: tid.get(h.key)!,
        ...time.span(h.start, stop),
        args: { packet: h.packet, channel: h.channel, ...(h.vc >= 0 ? { vc: h.vc } : {}) },
      },
    });
  }
  eachRole(trace, 'packet_delivered', (t, f) =>
    node(t, f('node'), f('packet'), `deliver packet ${f('packet')}`, { packet: f('packet') }, true),
  );
  for (const n of [...nodes].sort((a, b) => a - b)) {
    events.push(...metadata(NODES, n + 1, `node ${n}`, n));
  }

  // A packet id comes back once its packet is delivered: a flow ends at its delivery.
  steps.sort((a, b) => a.event.ts! - b.event.ts!);
  const byPacket = new Map<number, Step[][]>();
  for (const s of steps) {
    let lives = byPacket.get(s.packet);
    if (!lives) byPacket.set(s.packet, (lives = [[]]));
    lives[lives.length - 1]!.push(s);
    if (s.delivery) lives.push([]);
  }
  let bind = beside ? beside.firstFlow - 1 : 0;
  for (const lives of byPacket.values()) {
    for (const life of lives) {
      if (life.length < 2) continue;
      bind++;
      life.forEach((s, i) => {
        s.event.bind_id = bind;
        if (i > 0) s.event.flow_in = true;
        if (i + 1 < life.length) s.event.flow_out = true;
      });
    }
  }
  // Pushed one by one: a whole run has more than a call's arguments can hold.
  for (const s of steps) events.push(s.event);
  for (const e of networkMarks(trace, time, CHANNELS, channelName)) events.push(e);
  return events;
}

/** The channels' process's row of the network's instants (a deadlock), above the channels. */
const NETWORK_ROW = 0;

/**
 * The instants the trace declares on its network (`timeline.networkMarks`: a deadlock), each on
 * the network's row of the channels' process: one at each time its kind has events, naming the
 * channels of those events in their order (a deadlock's knot, each waiting on the next).
 */
function networkMarks(
  trace: Trace,
  time: FileTime,
  pid: number,
  channelName: ReturnType<typeof channelNamer>,
): PerfettoEvent[] {
  const events: PerfettoEvent[] = [];
  for (const mark of trace.timeline.networkMarks) {
    const byTime = new Map<number, string[]>();
    eachEvent(trace, mark.kind, (t, f) => {
      const list = byTime.get(t) ?? [];
      list.push(channelName(f(mark.channel), 'move', f(mark.vc)));
      byTime.set(t, list);
    });
    for (const [t, channels] of byTime) {
      events.push({
        name: mark.label,
        cat: 'network',
        ph: 'i',
        s: 't',
        pid,
        tid: NETWORK_ROW,
        ts: time.at(t),
        args: { length: channels.length, channels: channels.join('; ') },
      });
    }
  }
  if (events.length > 0) events.unshift(...metadata(pid, NETWORK_ROW, 'network', -1));
  return events;
}

/** The trace holds the network recorder's moves or holds (network/network_trace.h). */
function holdsNetwork(trace: Trace): boolean {
  return trace.kinds.some(
    (k) => (k.role === 'flit_moved' || k.role === 'circuit_hold') && k.times.length > 0,
  );
}

/**
 * A traced run in the trace-event format. Throws when the trace declares no timeline and its
 * machine has no network (no track could say what it holds).
 */
export function perfettoTrace(run: TracedRun): PerfettoTrace {
  const { trace } = run;
  const clock = perfettoClock(trace);
  const time = new FileTime(clock.perUnitUs);
  const network = run.networks.some((n) => n.channels.columns.length > 0);
  let events: PerfettoEvent[];
  if (trace.timeline.lanes.length > 0) {
    events = timelineEvents(run, time);
    // Where the trace also holds its network's flits or circuits (the J-Machine's mesh), their
    // channels follow the machine's rows.
    if (network && holdsNetwork(trace)) {
      // A loop, not a spread: a whole run makes more events than a call takes arguments.
      let firstPid = 1;
      let firstFlow = 1;
      for (const e of events) {
        firstPid = Math.max(firstPid, e.pid + 1);
        firstFlow = Math.max(firstFlow, (e.bind_id ?? 0) + 1);
      }
      for (const e of networkEvents(run, time, { firstPid, firstFlow })) events.push(e);
    }
  } else if (network) {
    events = networkEvents(run, time);
  } else {
    throw new Error(
      `the trace of ${run.model} declares no timeline and its machine has no network`,
    );
  }
  // Time order; at one time a flow's earlier slice first (readers bind flows in file order), then
  // a longer slice before one it holds (the order readers nest them).
  const meta = events.filter((e) => e.ph === 'M');
  const place = (e: PerfettoEvent) => (e.bind_id === undefined ? -1 : e.flow_in ? 1 : 0);
  const timed = events
    .filter((e) => e.ph !== 'M')
    .sort((a, b) => a.ts! - b.ts! || place(a) - place(b) || (b.dur ?? 0) - (a.dur ?? 0));
  return {
    traceEvents: [...meta, ...timed],
    displayTimeUnit: 'ns',
    otherData: {
      producer: 'archex',
      ...(run.preset !== undefined ? { preset: run.preset } : {}),
      model: run.model,
      seed: run.seed,
      ...(run.point !== undefined ? { point: run.point } : {}),
      clock: clock.says,
      window: `${trace.clock} ${trace.from} to ${trace.end}${trace.truncated ? ' (cut there: a cap was reached)' : ''}`,
      params: run.params,
    },
  };
}

/** The file's text, a piece at a time (a whole run's trace is large): an event a line. */
export function* perfettoJson(trace: PerfettoTrace): Generator<string> {
  yield '{"displayTimeUnit":"ns","otherData":';
  yield JSON.stringify(trace.otherData);
  yield ',"traceEvents":[\n';
  const { traceEvents } = trace;
  for (let i = 0; i < traceEvents.length; i++) {
    yield `${JSON.stringify(traceEvents[i])}${i + 1 < traceEvents.length ? ',' : ''}\n`;
  }
  yield ']}\n';
}
