// A Multi-PSI trace as the goal view reads it: goals spawned (parent to child), thrown between PEs,
// suspended on a remote reference and resumed; messages paired send to receipt; each PE's
// ready-stack depth as a step function. Built once per trace as time-ordered lists, so the state
// at any time, forwards or backwards, is a few binary searches and short scans. Built in slices
// (`goalSliced`), so a view opening on a long run does not hold the page.
import type { Trace } from '../../engine/trace';
import type { TraceRole } from '../../engine/trace_roles';
import { kindName, kindOf, valueOf } from '../../engine/trace_roles';
import type { Sliced } from '../sliced';
import { finish, Progress } from '../sliced';
import { vt } from '../view_words';

export interface Interval {
  start: number;
  end: number;
}

export interface GoalMessage extends Interval {
  from: number;
  to: number;
  /** Its kind's label, and the kind's place among the trace's (which sets its colour). */
  kind: string;
  kindIndex: number;
  goal: number;
  /** A throw: the message carries its goal to the PE it is thrown to (the kind's declared role). */
  throws: boolean;
  /** A value's return that resumes a goal suspended on the receiving PE. */
  wakes: boolean;
}

export interface Suspension extends Interval {
  goal: number;
  pe: number;
  holder: number;
}

export interface SpawnedGoal {
  goal: number;
  parent: number;
  pe: number;
  time: number;
  /** Thrown to this PE (−1: pushed on its parent's own PE). */
  thrownTo: number;
  /** Generation: the window's first goals are 0, their children 1, ... */
  depth: number;
}

export interface GoalModel {
  from: number;
  end: number;
  pes: number;
  /** Each reduction: its time, PE and goal, in time order. */
  reductions: { time: Float64Array; pe: Int32Array; goal: Float64Array };
  /** Per PE, the ready-stack depth's changes: times and depths (the first at the window start). */
  depth: { time: number[]; depth: number[] }[];
  suspensions: Suspension[];
  messages: GoalMessage[];
  /** Goals spawned or thrown in the window, in time order, and their times. */
  spawned: SpawnedGoal[];
  spawnTimes: Float64Array;
  /** The message kinds as the trace declares them (the message field's labels), in order. */
  messageKinds: string[];
  /** The kind whose receipt resumes a suspended goal (declared 'goal_resumed'); '' for none. */
  resumingKind: string;
}

interface Event {
  time: number;
  values: Record<string, number>;
}

function* events(trace: Trace, name: string, progress: Progress): Generator<number, Event[]> {
  const kind = trace.kinds.find((k) => k.name === name);
  if (!kind) return [];
  const out: Event[] = [];
  let index = 0;
  for (let run = 0; run < kind.times.length; run++) {
    const time = kind.times[run]!;
    for (let n = 0; n < kind.counts[run]!; n++, index++) {
      const values: Record<string, number> = {};
      for (const f of kind.fields) values[f.name] = f.values[index]!;
      out.push({ time, values });
      if (progress.tick()) yield progress.fraction;
    }
  }
  return out;
}

/** The index of the last element of sorted `times` at or before `t`, or −1. */
export function lastAtOrBefore(times: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

export function goalModel(trace: Trace, end: number, pes: number): GoalModel {
  return finish(goalSliced(trace, end, pes));
}

/** `goalModel`, built a slice at a time. */
export function* goalSliced(trace: Trace, end: number, pes: number): Sliced<GoalModel> {
  // Each event read is then placed: about two items an event (the progress is a guide, not a count).
  const recorded = trace.kinds.reduce((n, k) => n + k.counts.reduce((a, b) => a + b, 0), 0);
  const progress = new Progress(2 * recorded);
  const read = (role: TraceRole) => events(trace, kindName(trace, role), progress);
  const messageField = kindOf(trace, 'goal_message_sent')?.fields.find((f) => f.name === 'message');
  const kindLabels = messageField?.labels ?? [];
  // The kinds the view reads by what they do, as the engine declares them, never by their labels.
  const throwing = valueOf(messageField, 'goal_thrown');
  const resuming = valueOf(messageField, 'goal_resumed');
  const reduced = yield* read('goal_reduced');
  const depth = Array.from({ length: pes }, () => ({ time: [trace.from], depth: [0] }));
  for (const e of yield* read('goal_ready')) depth[e.values.node!]!.depth[0]!++;
  for (const e of yield* read('goal_ready_depth')) {
    if (progress.tick()) yield progress.fraction;
    const d = depth[e.values.node!]!;
    if (e.time === d.time.at(-1)) d.depth[d.depth.length - 1] = e.values.depth!;
    else {
      d.time.push(e.time);
      d.depth.push(e.values.depth!);
    }
  }

  const resumed = new Map<number, number[]>();
  for (const e of yield* read('goal_resumed')) {
    const times = resumed.get(e.values.goal!);
    if (times) times.push(e.time);
    else resumed.set(e.values.goal!, [e.time]);
  }
  const suspensions: Suspension[] = (yield* read('goal_suspended')).map((e) => ({
    goal: e.values.goal!,
    pe: e.values.node!,
    holder: e.values.holder!,
    start: e.time,
    end: resumed.get(e.values.goal!)?.shift() ?? end,
  }));
  // The suspensions a value's return may end: goal, PE and the time it ends.
  const ends = new Set(suspensions.map((s) => `${s.goal}@${s.pe}:${s.end}`));

  // A message is paired with the first receipt of the same route, kind and goal.
  const arrivals = new Map<string, number[]>();
  for (const e of yield* read('goal_message_received')) {
    if (progress.tick()) yield progress.fraction;
    const key = `${e.values.from}>${e.values.node}:${e.values.message}:${e.values.goal}`;
    const times = arrivals.get(key);
    if (times) times.push(e.time);
    else arrivals.set(key, [e.time]);
  }
  const messages: GoalMessage[] = [];
  for (const e of yield* read('goal_message_sent')) {
    if (progress.tick()) yield progress.fraction;
    const key = `${e.values.node}>${e.values.to}:${e.values.message}:${e.values.goal}`;
    const received = arrivals.get(key)?.shift() ?? end;
    const kindIndex = e.values.message!;
    const kind = kindLabels[kindIndex] ?? String(kindIndex);
    const wakes = kindIndex === resuming && ends.has(`${e.values.goal}@${e.values.to}:${received}`);
    messages.push({
      from: e.values.node!,
      to: e.values.to!,
      kind,
      kindIndex,
      goal: e.values.goal!,
      throws: kindIndex === throwing,
      start: e.time,
      end: received,
      wakes,
    });
  }

  const generation = new Map<number, number>();
  const spawned: SpawnedGoal[] = [
    ...(yield* read('goal_spawned')).map((e) => ({ e, thrownTo: -1 })),
    ...(yield* read('goal_thrown')).map((e) => ({ e, thrownTo: e.values.to! })),
  ]
    .sort((a, b) => a.e.time - b.e.time)
    .map(({ e, thrownTo }) => {
      const depthOf = (generation.get(e.values.parent!) ?? -1) + 1;
      generation.set(e.values.goal!, depthOf);
      return {
        goal: e.values.goal!,
        parent: e.values.parent!,
        pe: e.values.node!,
        time: e.time,
        thrownTo,
        depth: depthOf,
      };
    });

  return {
    from: trace.from,
    end,
    pes,
    reductions: {
      time: Float64Array.from(reduced.map((e) => e.time)),
      pe: Int32Array.from(reduced.map((e) => e.values.node!)),
      goal: Float64Array.from(reduced.map((e) => e.values.goal!)),
    },
    depth,
    suspensions,
    messages,
    spawned,
    spawnTimes: Float64Array.from(spawned.map((g) => g.time)),
    messageKinds: kindLabels,
    resumingKind: kindLabels[resuming] ?? '',
  };
}

/** What the view shows at a time: every count and state is a function of the time alone. */
export interface GoalMoment {
  /** Ready-stack depth per PE. */
  ready: number[];
  /** The last reduction's time per PE at or before the time (−∞ for none). */
  lastReduction: number[];
  /** Goals suspended per PE now. */
  suspended: Suspension[];
  /** Messages on their way now (thrown goals among them). */
  inFlight: GoalMessage[];
  /** Totals up to the time. */
  reduced: number;
  thrown: number;
  suspendedSoFar: number;
  messagesByKind: Record<string, number>;
  /** Goals spawned up to the time: the index of the last in `spawned`. */
  spawnedUpTo: number;
}

export function momentAt(model: GoalModel, t: number): GoalMoment {
  const ready = model.depth.map((d) => d.depth[Math.max(0, lastAtOrBefore(d.time, t))]!);
  const lastReduction = Array.from({ length: model.pes }, () => Number.NEGATIVE_INFINITY);
  const upTo = lastAtOrBefore(model.reductions.time, t);
  // The last reduction of each PE: scan back from the time until every PE is found.
  let missing = model.pes;
  for (let i = upTo; i >= 0 && missing > 0; i--) {
    const pe = model.reductions.pe[i]!;
    if (lastReduction[pe] === Number.NEGATIVE_INFINITY) {
      lastReduction[pe] = model.reductions.time[i]!;
      missing--;
    }
  }
  const messagesByKind: Record<string, number> = Object.fromEntries(
    model.messageKinds.map((k) => [k, 0]),
  );
  for (const m of model.messages)
    if (m.start <= t) messagesByKind[m.kind] = (messagesByKind[m.kind] ?? 0) + 1;
  const spawnedUpTo = lastAtOrBefore(model.spawnTimes, t);
  return {
    ready,
    lastReduction,
    suspended: model.suspensions.filter((s) => s.start <= t && t < s.end),
    inFlight: model.messages.filter((m) => m.start <= t && t < m.end),
    reduced: upTo + 1,
    thrown: model.spawned.slice(0, spawnedUpTo + 1).filter((s) => s.thrownTo >= 0).length,
    suspendedSoFar: model.suspensions.filter((s) => s.start <= t).length,
    messagesByKind,
    spawnedUpTo,
  };
}

/** A goal's history in the window, in words, in time order. */
export function goalHistory(
  model: GoalModel,
  goal: number,
  unit: string,
): { time: number; text: string }[] {
  const at = (t: number) => vt('time.clock', { time: t.toFixed(2), unit });
  const lines: { time: number; text: string }[] = [];
  for (const s of model.spawned) {
    if (s.goal !== goal) continue;
    lines.push({
      time: s.time,
      text: vt('goals.history.spawned', {
        at: at(s.time),
        parent: s.parent,
        pe: s.pe,
        thrown: s.thrownTo >= 0 ? String(s.thrownTo) : 'none',
      }),
    });
  }
  for (const m of model.messages) {
    if (m.goal === goal && m.throws && m.end < model.end)
      lines.push({ time: m.end, text: vt('goals.history.arrives', { at: at(m.end), pe: m.to }) });
  }
  for (const s of model.suspensions) {
    if (s.goal !== goal) continue;
    lines.push({
      time: s.start,
      text: vt('goals.history.suspends', { at: at(s.start), pe: s.pe, holder: s.holder }),
    });
    if (s.end < model.end) {
      lines.push({
        time: s.end,
        text: vt('goals.history.resumed', {
          at: at(s.end),
          kind: model.resumingKind || vt('goals.value'),
          holder: s.holder,
        }),
      });
    }
  }
  for (let i = 0; i < model.reductions.goal.length; i++) {
    if (model.reductions.goal[i] === goal) {
      const t = model.reductions.time[i]!;
      const pe = model.reductions.pe[i];
      lines.push({ time: t, text: vt('goals.history.reduced', { at: at(t), pe }) });
    }
  }
  return lines.sort((a, b) => a.time - b.time);
}
