// The trace events the packet view reads, known by the role each trace declares for a kind
// (engine/src/core/trace.h TraceRole), never by its name, and the fields it reads of them.
import type { Trace, TraceKind } from '../../engine/trace';

export type Column = Uint8Array | Uint16Array | Uint32Array;
type Fields = Record<string, Column>;

/** A kind of the trace the view reads, with its fields by name. */
export interface KindIndex {
  kind: TraceKind;
  fields: Fields;
}

/** The view's event codes, by the role a kind declares; the two networks share the packet kinds. */
export const CODES = [
  'packet_created',
  'packet_live',
  'packet_injected',
  'flit_injected',
  'flit_moved',
  'flit_ejected',
  'packet_delivered',
  'flit_blocked',
  'flit_buffered',
  'credit',
  'credits',
  'flow',
  'circuit_request',
  'circuit_hold',
  'circuit_holding',
  'circuit_blocked',
  'circuit_connected',
  'circuit_release',
  'circuit_retry',
  'circuit_dropped',
  'deadlock',
] as const;
export type Code = (typeof CODES)[number];

/** A kind's code by its declared role, -1 for a kind the view does not read. */
export const codeOf = (kind: TraceKind) => CODES.indexOf(kind.role as Code);

export const EMPTY = new Uint32Array(0);

/** The fields the index reads, by name; a kind without one has it empty. */
export const COLUMNS = [
  'packet',
  'flit',
  'channel',
  'vc',
  'input',
  'reason',
  'node',
  'dest',
  'flits',
  'count',
  'signal',
  'created',
] as const;
export type Columns = Record<(typeof COLUMNS)[number], Column>;

/** The kinds of `trace` the view reads, by their declared role. */
export function readKinds(trace: Trace): Partial<Record<Code, KindIndex>> {
  const kinds: Partial<Record<Code, KindIndex>> = {};
  for (const kind of trace.kinds) {
    if ((CODES as readonly string[]).includes(kind.role)) {
      const fields: Fields = {};
      for (const f of kind.fields) fields[f.name] = f.values;
      kinds[kind.role as Code] = { kind, fields };
    }
  }
  return kinds;
}
