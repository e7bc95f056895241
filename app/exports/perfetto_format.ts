// The Chrome trace-event format as the Perfetto export writes it: its events and file, the run
// a file is of, how the machine's clock maps onto the file's microseconds, and the tracks'
// names.
import type { Trace } from '../engine/trace';
import type { NetworkMap } from '../engine/types';
import { unitSymbol } from '../presets/units';

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
export function perfettoClock(trace: Trace): { perUnitUs: number; says: string } {
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

/**
 * The file's times for the machine's: whole nanoseconds (what readers keep), written in
 * microseconds, a slice's end its start plus its duration exactly.
 */
export class FileTime {
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

export function metadata(pid: number, tid: number, name: string, sort: number): PerfettoEvent[] {
  return [
    { name: 'thread_name', ph: 'M', pid, tid, args: { name } },
    { name: 'thread_sort_index', ph: 'M', pid, tid, args: { sort_index: sort } },
  ];
}

export function processName(pid: number, name: string): PerfettoEvent {
  return { name: 'process_name', ph: 'M', pid, tid: 0, args: { name } };
}
