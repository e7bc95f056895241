// A machine's declared timeline in the Perfetto file: a track per node and lane, its states as
// slices, its messages as flows from sender to receiver and its marks as instants.
import { playedEnd } from '../engine/trace';
import { detailName, timelineModel } from '../views/timeline/timeline_model';
import type { FileTime, PerfettoEvent, TracedRun } from './perfetto_format';
import { metadata, processName } from './perfetto_format';

/** A timeline's lanes as tracks, its spans as slices, messages as flows, marks as instants. */
export function timelineEvents(run: TracedRun, time: FileTime): PerfettoEvent[] {
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

  const { spans } = model;
  for (let i = 0; i < spans.lane.length; i++) {
    const state = model.states[spans.state[i]!]!;
    if (state.activity === 'idle') continue;
    const l = spans.lane[i]!;
    const detail = spans.detail[i]!;
    const args: Record<string, string | number> = { state: state.label, activity: state.activity };
    if (detail >= 0) args[model.spanDetail] = detailName(model, detail, l);
    events.push({
      name: detail >= 0 ? `${state.label}: ${args[model.spanDetail]}` : state.label,
      cat: declared[l % perNode]!.kind,
      ph: 'X',
      ...track(l),
      ...time.span(spans.start[i]!, spans.end[i]!),
      args,
    });
  }

  const { arrows } = model;
  for (let i = 0; i < arrows.from.length; i++) {
    const detail = arrows.detail[i]!;
    const what = detail >= 0 ? detailName(model, detail) : 'message';
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
