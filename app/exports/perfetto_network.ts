// A network's trace in the Perfetto file: per channel (and virtual channel) the packets that held
// it, per node the packets it sent and received, each packet's way as one flow, and the
// network's instants (a deadlock) on a row of their own.
import type { Trace } from '../engine/trace';
import type { TraceRole } from '../engine/trace_roles';
import { playedEnd } from '../engine/trace';
import type { FileTime, PerfettoEvent, TracedRun } from './perfetto_format';
import { metadata, processName } from './perfetto_format';
import { channelNamer, eachEvent, eachRole } from './perfetto_network_read';

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
export function networkEvents(
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
  const flit = (role: TraceRole, side: Held['side'], channelField: string, vcField: string) => {
    eachRole(trace, role, (t, f) => {
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
