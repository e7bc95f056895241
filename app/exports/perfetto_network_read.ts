// What the Perfetto export reads of a network's trace: the kinds by the role the trace declares for
// each (engine/src/core/trace.h TraceRole), each kind's events without an object per event, and a
// channel's name from the network's description.
import type { Trace, TraceKind } from '../engine/trace';
import type { TraceRole } from '../engine/trace_roles';
import { kindName } from '../engine/trace_roles';
import type { NetworkMap } from '../engine/types';
import { findColumn } from '../engine/types';

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

/** A channel as a track names it, from the network's description. */
export function channelNamer(network: NetworkMap | undefined) {
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

/** The trace holds the network recorder's moves or holds (network/network_trace.h). */
export function holdsNetwork(trace: Trace): boolean {
  return trace.kinds.some(
    (k) => (k.role === 'flit_moved' || k.role === 'circuit_hold') && k.times.length > 0,
  );
}
