// What the goal view colours: a goal by what has become of it at the time shown, a message by
// its kind.
import { palette } from '../../charts/palette';
import { vt } from '../view_words';
import type { GoalModel, GoalMoment } from './goal_model';

/** The message kinds' colours, by each kind's place in the trace's declared kinds. */
const KIND_COLORS = [palette.blue, palette.orange, palette.green, palette.purple, palette.grey];

/** A message kind's colour by its place among the kinds the trace declares. */
export function kindColor(kindIndex: number): string {
  return KIND_COLORS[kindIndex % KIND_COLORS.length] ?? palette.grey;
}
/** What has become of a goal, in words and as a colour. */
const status = (key: string, color: string) => ({
  /** In the reader's language, read when drawn. */
  get label() {
    return vt(`goals.status.${key}`);
  },
  color,
});
export const STATUS = {
  ready: status('ready', palette.sky),
  thrown: status('thrown', palette.blue),
  suspended: status('suspended', palette.vermillion),
  reduced: status('reduced', palette.grey),
} as const;

export type GoalStatus = (typeof STATUS)[keyof typeof STATUS];

/** Each goal's status at `time`: reduced by then, suspended, thrown and on its way, or ready. */
export function goalStatus(
  reducedAt: Map<number, number>,
  moment: GoalMoment,
  time: number,
): (goal: number) => GoalStatus {
  const suspendedNow = new Set(moment.suspended.map((s) => s.goal));
  const inFlightGoals = new Set(moment.inFlight.filter((m) => m.throws).map((m) => m.goal));
  return (goal: number) => {
    const reduced = reducedAt.get(goal);
    if (reduced !== undefined && reduced <= time) return STATUS.reduced;
    if (suspendedNow.has(goal)) return STATUS.suspended;
    if (inFlightGoals.has(goal)) return STATUS.thrown;
    return STATUS.ready;
  };
}

/** When each goal was reduced. */
export function reducedTimes(model: GoalModel): Map<number, number> {
  const at = new Map<number, number>();
  model.reductions.goal.forEach((g, i) => at.set(g, model.reductions.time[i]!));
  return at;
}
