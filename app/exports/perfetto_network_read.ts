// What the Perfetto export reads of a network's trace (engine/src/network/network_trace.h): the
// events it names, in one place, each kind's events without an object per event, and a channel's
// name from the network's description.
import type { Trace, TraceKind } from '../engine/trace';
import type { NetworkMap } from '../engine/types';
import { findColumn } from '../engine/types';

/** The network trace's events the export reads, by its name for each. */
export const NETWORK_EVENTS = {
  created: 'packet_created',
  live: 'packet_live',
  injected: 'packet_injected',
  delivered: 'packet_delivered',
  flitInjected: 'flit_injected',
  flitMoved: 'flit_moved',
  flitEjected: 'flit_ejected',
  holding: 'circuit_holding',
  hold: 'circuit_hold',
  release: 'circuit_release',
} as const;

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
    (k) =>
      (k.name === NETWORK_EVENTS.flitMoved || k.name === NETWORK_EVENTS.hold) && k.times.length > 0,
  );
}
