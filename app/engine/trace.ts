// A run's trace as the engine records it (engine/src/core/trace.h): per kind of event, its times
// (each once, with a count) and one typed array per field. It crosses from the worker by transfer
// and is read here without copying; traceEvents() lists it event by event for scripts.
import type {
  Trace,
  TraceActivity,
  TraceField,
  TraceKind,
  TraceLane,
  TraceMark,
  TraceMessages,
  TraceNetworkMark,
  TraceRequest,
  TraceState,
  TraceTimeline,
} from '#wasm/archex';

import type { NetworkMap, Params, RunRequest, RunResult } from './types';

export type {
  Trace,
  TraceActivity,
  TraceField,
  TraceKind,
  TraceLane,
  TraceMark,
  TraceMessages,
  TraceNetworkMark,
  TraceRequest,
  TraceState,
  TraceTimeline,
};

/** A run to trace: a model's run (one point of a sweep model) and the window to record. */
export interface TraceRunRequest extends RunRequest {
  /** The point of a sweep model to run; required for one. */
  point?: number;
  window: TraceRequest;
}

export interface TraceOutcome {
  trace: Trace;
  /** The traced run's own result (a sweep point's partial): what its counters say. */
  result: RunResult;
  /** The machine's networks as the engine describes them; a trace's `channel` is a row's `id`. */
  networks: NetworkMap[];
  /** Every parameter after defaults and validation. */
  params: Params;
  elapsedMs: number;
}

/** The buffers of a trace's typed arrays: what a worker transfers instead of copying. */
export function traceBuffers(trace: Trace): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const kind of trace.kinds) {
    buffers.add(kind.times.buffer as ArrayBuffer);
    buffers.add(kind.counts.buffer as ArrayBuffer);
    for (const field of kind.fields) buffers.add(field.values.buffer as ArrayBuffer);
  }
  return [...buffers];
}

/** An event: its time under the clock's name, its kind, its fields (a case by its label). */
export type TraceEvent = Record<string, number | string>;

/**
 * Every event of a trace in time order. At one time, the window's snapshot comes first (the
 * state before the time), then the events in the order a kind's order field gives (a circuit's
 * arbitration rounds), then by kind in the engine's order, then as recorded.
 */
export function traceEvents(trace: Trace): TraceEvent[] {
  interface At {
    time: number;
    snapshot: boolean;
    order: number;
    kind: number;
    index: number;
  }
  const all: At[] = [];
  trace.kinds.forEach((kind, k) => {
    const order = kind.fields.find((f) => f.order)?.values;
    let index = 0;
    kind.times.forEach((time, run) => {
      for (let n = 0; n < kind.counts[run]!; n++, index++) {
        all.push({ time, snapshot: kind.snapshot, order: order?.[index] ?? 0, kind: k, index });
      }
    });
  });
  all.sort(
    (a, b) =>
      a.time - b.time ||
      Number(b.snapshot) - Number(a.snapshot) ||
      a.order - b.order ||
      a.kind - b.kind ||
      a.index - b.index,
  );
  return all.map(({ time, kind, index }) => {
    const k = trace.kinds[kind]!;
    const event: TraceEvent = { [trace.clock]: time, kind: k.name };
    for (const field of k.fields) {
      const value = field.values[index]!;
      event[field.name] = field.labels.length > 0 ? (field.labels[value] ?? value) : value;
    }
    return event;
  });
}

/** Events of each kind and what was dropped, by kind. */
export function traceCounts(trace: Trace): Record<string, { events: number; dropped: number }> {
  return Object.fromEntries(
    trace.kinds.map((k) => [
      k.name,
      { events: k.counts.reduce((a, b) => a + b, 0), dropped: k.dropped },
    ]),
  );
}

/**
 * Where playing a trace ends: its window's end, or sooner where the run ended inside the window
 * or a cap stopped the recording (the engine's `end` says it). A state still open there lasts to
 * it: a thread started before the window's end runs on to it, however long since the last event.
 */
export function playedEnd(trace: Trace): number {
  return trace.end;
}
