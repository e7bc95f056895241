// The goal view's moment in words, for a listener: which PEs reduce, their ready stacks, which
// goals are suspended where and on whom they wait (the PE holding the value), and the goals and
// messages on their way. Read from the view's model, so it says what the drawing shows.
import { joinClauses, joinItems, joinSentences } from '../../i18n/join';
import { vt } from '../view_words';
import type { GoalMoment } from './goal_model';
import { numberText } from '../../presets/number_format';

/** Suspended goals and messages named at most; the rest are counted. */
const NAMED = 3;

/** The ready stacks: each PE's on a few PEs, else the total and the deepest. */
function readyText(ready: number[]): string {
  if (ready.length <= 8) return vt('goals.readyEach', { list: joinItems(ready.map(String)) });
  const total = ready.reduce((a, b) => a + b, 0);
  const deepest = ready.indexOf(Math.max(...ready));
  const on = ready.filter((n) => n > 0).length;
  return total === 0
    ? vt('goals.readyNone')
    : vt('goals.readyTotal', { total, on, deepest, most: ready[deepest] });
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
  const sentences = [
    vt('goals.at', {
      time: vt('time.clock', { time: time.toFixed(2), unit }),
      count: reducing.length,
      reducing: reducing.length === 0 ? 'none' : joinItems(reducing.map(String)),
      pes,
      ready: readyText(moment.ready),
    }),
  ];
  const more = (total: number) => (total > NAMED ? String(total - NAMED) : 'none');
  const suspended = moment.suspended;
  if (suspended.length > 0) {
    const named = suspended
      .slice(0, NAMED)
      .map((s) => vt('goals.suspendedOne', { goal: s.goal, pe: s.pe, holder: s.holder }));
    sentences.push(
      vt('goals.suspended', {
        n: suspended.length,
        named: joinClauses(named),
        more: more(suspended.length),
      }),
    );
  }
  const flying = moment.inFlight;
  if (flying.length > 0) {
    const named = flying.slice(0, NAMED).map((m) =>
      vt('goals.message', {
        kind: m.kind,
        from: m.from,
        to: m.to,
        goal: m.goal,
        throws: m.throws ? 'yes' : 'no',
        wakes: m.wakes ? 'yes' : 'no',
      }),
    );
    sentences.push(
      vt('goals.flying', {
        n: flying.length,
        named: joinClauses(named),
        more: more(flying.length),
      }),
    );
  }
  sentences.push(vt('goals.soFar', { reduced: numberText(moment.reduced) }));
  return joinSentences(sentences);
}
