// Under the goal view's drawing: what its colours mean, and the counts so far.
import type { GoalMoment } from './goal_model';
import { STATUS, kindColor } from './goal_status';

/** `kinds`: the message kinds the trace declares, in order (each one's colour by its place). */
export function GoalLegend({ moment, kinds }: { moment: GoalMoment; kinds: string[] }) {
  return (
    <>
      <ul className="trace-timeline-legend">
        {Object.values(STATUS).map((s) => (
          <li key={s.label}>
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
        {kinds.map((kind, i) => (
          <li key={kind}>
            <span
              className="swatch arrow"
              style={{ borderColor: kindColor(i) }}
              aria-hidden="true"
            />
            {kind}
          </li>
        ))}
        <li>dashed: wakes a suspended goal; a yellow PE is reducing; its bar, the ready stack</li>
      </ul>
      {/* A list, so the counts wrap on a narrow page. */}
      <ul className="goal-counts" aria-label="So far">
        <li>
          <strong>So far</strong>
        </li>
        <li>{moment.reduced.toLocaleString('en')} reduced</li>
        <li>{moment.thrown} thrown</li>
        <li>{moment.suspendedSoFar} suspended</li>
        {Object.entries(moment.messagesByKind).map(([kind, n]) => (
          <li key={kind}>
            {n} {kind}
          </li>
        ))}
      </ul>
    </>
  );
}
