// The goal view's moment in words, for a listener: which PEs reduce, their ready stacks, which
// goals are suspended where and on whom they wait (the PE holding the value), and the goals and
// messages on their way. Read from the view's model, so it says what the drawing shows.
import type { GoalMoment } from './goal_model';

/** Suspended goals and messages named at most; the rest are counted. */
const NAMED = 3;

const list = (items: string[], total: number) =>
  items.join('; ') + (total > items.length ? `; and ${total - items.length} more` : '');

/** The ready stacks: each PE's on a few PEs, else the total and the deepest. */
function readyText(ready: number[]): string {
  if (ready.length <= 8) return `ready goals per PE: ${ready.join(', ')}`;
  const total = ready.reduce((a, b) => a + b, 0);
  const deepest = ready.indexOf(Math.max(...ready));
  const on = ready.filter((n) => n > 0).length;
  return total === 0
    ? 'no ready goals'
    : `${total} ready goals on ${on} PEs, the most on PE ${deepest} (${ready[deepest]})`;
}

/** What the goal view shows at `time` (reducing: a PE whose last reduction is that recent). */
export function describeGoals(
  moment: GoalMoment,
  time: number,
  unit: string,
  reductionMs: number,
): string {
  const pes = moment.ready.length;
  const reducing = moment.lastReduction.flatMap((t, pe) => (t > time - reductionMs ? [pe] : []));
  let text =
    `At ${time.toFixed(2)} ${unit}: ` +
    (reducing.length === 0
      ? `no PE of ${pes} reducing`
      : `PE${reducing.length > 1 ? 's' : ''} ${reducing.join(', ')} of ${pes} reducing`) +
    `; ${readyText(moment.ready)}.`;
  const suspended = moment.suspended;
  if (suspended.length > 0) {
    const named = suspended
      .slice(0, NAMED)
      .map((s) => `goal ${s.goal} on PE ${s.pe} waits for a value PE ${s.holder} holds`);
    text += ` ${suspended.length} suspended: ${list(named, suspended.length)}.`;
  }
  const flying = moment.inFlight;
  if (flying.length > 0) {
    const named = flying
      .slice(0, NAMED)
      .map(
        (m) =>
          `${m.kind} from PE ${m.from} to PE ${m.to}` +
          (m.throws ? ` carrying goal ${m.goal}` : '') +
          (m.wakes ? `, which wakes goal ${m.goal}` : ''),
      );
    text += ` ${flying.length} on their way: ${list(named, flying.length)}.`;
  }
  return `${text} So far ${moment.reduced.toLocaleString('en')} goals reduced.`;
}
