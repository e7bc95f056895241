// What the trace-event format asks of a file, checked (tests): every event named on a named
// track, timed events in time order, slices on a track nested (one inside another or apart),
// every flow with one start and one end and its steps between them in time.
import type { PerfettoTrace } from './perfetto';

export function perfettoProblems(file: PerfettoTrace): string[] {
  const problems: string[] = [];
  const threads = new Set<string>();
  const processes = new Set<number>();
  for (const e of file.traceEvents) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') threads.add(`${e.pid}/${e.tid}`);
    if (e.name === 'process_name') processes.add(e.pid);
  }
  let last = -Infinity;
  // Per track, the ends (ns) of the slices open on it, innermost last.
  const open = new Map<string, number[]>();
  const flows = new Map<number, { ts: number; role: 'start' | 'step' | 'end' }[]>();
  file.traceEvents.forEach((e, i) => {
    const at = `event ${i} (${e.name})`;
    if (e.ph === 'M') return;
    const track = `${e.pid}/${e.tid}`;
    if (!threads.has(track)) problems.push(`${at}: track ${track} has no thread_name`);
    if (!processes.has(e.pid)) problems.push(`${at}: process ${e.pid} has no process_name`);
    const ts = e.ts ?? NaN;
    if (!(ts >= 0)) problems.push(`${at}: ts ${e.ts}`);
    if (ts < last) problems.push(`${at}: ts ${ts} before the event before it (${last})`);
    last = Math.max(last, ts);
    if (e.ph === 'i') {
      if (e.s !== 't') problems.push(`${at}: an instant without its thread scope`);
      return;
    }
    const dur = e.dur ?? NaN;
    if (!(dur >= 0)) problems.push(`${at}: dur ${e.dur}`);
    // Readers keep whole nanoseconds: a slice's ends as they do.
    const start = Math.round(ts * 1000);
    const end = start + Math.round(dur * 1000);
    const stack = open.get(track) ?? [];
    while (stack.length > 0 && stack[stack.length - 1]! <= start) stack.pop();
    const outer = stack[stack.length - 1];
    if (outer !== undefined && end > outer) {
      problems.push(
        `${at}: [${ts}, ${end / 1000}] overlaps a slice ending at ${outer / 1000} on ${track}`,
      );
    }
    if (end > start) stack.push(end);
    open.set(track, stack);
    if (e.bind_id !== undefined) {
      const role =
        e.flow_in && e.flow_out ? 'step' : e.flow_out ? 'start' : e.flow_in ? 'end' : null;
      if (role === null) problems.push(`${at}: flow ${e.bind_id} without a direction`);
      else {
        const list = flows.get(e.bind_id) ?? [];
        list.push({ ts, role });
        flows.set(e.bind_id, list);
      }
    }
  });
  for (const [id, list] of flows) {
    const starts = list.filter((f) => f.role === 'start');
    const ends = list.filter((f) => f.role === 'end');
    if (starts.length !== 1 || ends.length !== 1) {
      problems.push(`flow ${id}: ${starts.length} starts and ${ends.length} ends`);
      continue;
    }
    if (list[0]!.role !== 'start' || list[list.length - 1]!.role !== 'end') {
      problems.push(`flow ${id}: not start, steps, end in time order`);
    }
  }
  return problems;
}
