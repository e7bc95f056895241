// What the Perfetto export reads of a network's trace: the kinds by the role the trace declares for
// each (engine/src/core/trace.h TraceRole), each kind's events without an object per event, and a
// channel's name from the network's description.
import type { Trace, TraceKind } from '../engine/trace';
import type { TraceRole } from '../engine/trace_roles';
import { kindName } from '../engine/trace_roles';
import type { NetworkMap } from '../engine/types';
import { findColumn } from '../engine/types';
import { wiring } from '../views/packets/layout_parts';

/** A kind's events as (time, fields) without an object per event. */
export function eachEvent(
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

/** The events of the kind the trace declares for a role. */
export function eachRole(
  trace: Trace,
  role: TraceRole,
  visit: (time: number, field: (name: string) => number) => void,
) {
  eachEvent(trace, kindName(trace, role), visit);
}

/**
 * A channel as a track names it, from the network's description: a trace's channel (and input) is
 * a row's `id`, not its place in the table, and an injection's is the router input its node feeds
 * (views/packets' wiring reads both).
 */
export function channelNamer(network: NetworkMap | undefined) {
  const w = network ? wiring(network) : undefined;
  const direction = network ? findColumn(network.channels, 'direction') : undefined;
  const row = new Map<number, number>();
  for (let i = 0; i < (w?.ids.length ?? 0); i++) row.set(w!.ids[i]!, i);
  return (channel: number, side: 'inject' | 'move' | 'eject' | 'hold', vc: number) => {
    const v = vc >= 0 ? ` vc ${vc}` : '';
    if (side === 'inject') {
      const t = w?.inputTerminal[channel] ?? -1;
      if (t < 0) return `input ${channel}${v}`;
      return `node ${t} → router ${w!.inputRouter[channel]}${v}`;
    }
    const i = row.get(channel);
    if (i === undefined) return `channel ${channel}${v}`;
    const t = w!.channelTerminal[channel] ?? -1;
    const far = t >= 0 ? `node ${t}` : `router ${w!.toRouter[i]}`;
    const dir = direction?.labels[direction.values[i] ?? -1];
    return `router ${w!.router[i]} → ${far}${dir ? ` (${dir})` : ''}${v}`;
  };
}

/** The trace holds the network recorder's moves or holds (network/network_trace.h). */
export function holdsNetwork(trace: Trace): boolean {
  return trace.kinds.some(
    (k) => (k.role === 'flit_moved' || k.role === 'circuit_hold') && k.times.length > 0,
  );
}
