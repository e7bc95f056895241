// The timeline's legend: each state's colour, the marks' ticks, the message arrow.
import { useT } from '../../i18n/i18n';
import type { TimelineModel } from './timeline_model';
import { MARK_COLORS } from './timeline_paint';

/** What each colour, tick and arrow of the timeline stands for. */
export function TimelineLegend({
  model,
  colors,
}: {
  model: TimelineModel;
  colors: (string | null)[];
}) {
  const t = useT('views');
  return (
    <ul className="trace-timeline-legend">
      {model.states.map((s, i) => (
        <li key={s.key}>
          <span
            className="swatch"
            style={{ background: colors[i] ?? 'var(--panel)' }}
            aria-hidden="true"
          />
          {s.label}
        </li>
      ))}
      {model.marks.names.map((name, k) => (
        <li key={name}>
          <span className="swatch tick" style={{ background: MARK_COLORS[k] }} aria-hidden="true" />
          {name}
        </li>
      ))}
      <li>
        <span className="swatch arrow" aria-hidden="true" />
        {t('timeline.arrow')}
      </li>
    </ul>
  );
}
