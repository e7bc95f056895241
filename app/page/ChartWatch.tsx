// "Watch it run" under a chart: the point of its sweep to trace, and the button that opens its
// trace view there.
import { useT } from '../i18n/i18n';
import type { ChartSpec } from '../presets/schema';
import { openViewFocus } from '../views/ViewPanel';

export function ChartWatch({
  spec,
  viewTitle,
  points,
  point,
  onPoint,
  onWatch,
}: {
  spec: ChartSpec;
  /** The title of the trace view it opens. */
  viewTitle: string;
  /** The sweep's points as the chart labels them; none for a model that is one run. */
  points: string[];
  point: number;
  onPoint(point: number): void;
  onWatch(point: number | undefined): void;
}) {
  const t = useT('explorer');
  return (
    <div
      className="chart-watch"
      role="group"
      aria-label={t('chartWatch.label', { title: spec.title })}
    >
      <span>{t('chartWatch.watch')}</span>
      {points.length > 0 ? (
        <select
          aria-label={t('chartWatch.point')}
          value={Math.min(point, points.length - 1)}
          onChange={(e) => onPoint(Number(e.target.value))}
        >
          {points.map((label, i) => (
            <option key={i} value={i}>
              {label}
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        onClick={(e) => {
          openViewFocus(e.currentTarget);
          onWatch(points.length > 0 ? Math.min(point, points.length - 1) : undefined);
        }}
      >
        {t('chartWatch.open', { view: viewTitle.toLowerCase() })}
      </button>
    </div>
  );
}
