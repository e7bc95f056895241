// A traced run for Perfetto (ui.perfetto.dev) and chrome://tracing: the Chrome trace-event
// format's JSON object form. A machine that declares its trace as a timeline (J-Machine nodes,
// Paragon compute and message processors, Multi-PSI PEs) gives a track per node and lane, its
// states as slices, its messages as flows from sender to receiver and its marks as instants. A
// network's trace gives a track per channel and virtual channel a packet held (from its head's
// crossing to its tail's), per node its packets sent and delivered, and each packet's way as one
// flow through them. Times are the machine's clock: real time where it is one (ms, us), else one
// cycle to a microsecond of the file, as its `otherData.clock` says.
import type { PerfettoEvent, PerfettoTrace, TracedRun } from './perfetto_format';
import { FileTime, perfettoClock } from './perfetto_format';
import { networkEvents } from './perfetto_network';
import { holdsNetwork } from './perfetto_network_read';
import { timelineEvents } from './perfetto_timeline';

export type { PerfettoEvent, PerfettoTrace, TracedRun } from './perfetto_format';

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
