// Under the goal view's drawing: what its colours mean, and the counts so far.
import { useT } from '../../i18n/i18n';
import type { GoalMoment } from './goal_model';
import { STATUS, kindColor } from './goal_status';
import { numberText } from '../../presets/number_format';

/** `kinds`: the message kinds the trace declares, in order (each one's colour by its place). */
export function GoalLegend({ moment, kinds }: { moment: GoalMoment; kinds: string[] }) {
  const t = useT('views');
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
        <li>{t('goals.legend')}</li>
      </ul>
      {/* A list, so the counts wrap on a narrow page. */}
      <ul className="goal-counts" aria-label={t('goals.soFarLabel')}>
        <li>
          <strong>{t('goals.soFarLabel')}</strong>
        </li>
        <li>{t('goals.count.reduced', { n: numberText(moment.reduced) })}</li>
        <li>{t('goals.count.thrown', { n: moment.thrown })}</li>
        <li>{t('goals.count.suspended', { n: moment.suspendedSoFar })}</li>
        {Object.entries(moment.messagesByKind).map(([kind, n]) => (
          <li key={kind}>{t('goals.count.kind', { n, kind })}</li>
        ))}
      </ul>
    </>
  );
}
