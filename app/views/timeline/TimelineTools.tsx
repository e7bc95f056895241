// The timeline's tools: zoom buttons, the rows' height, and the span in sight.
import { useT } from '../../i18n/i18n';
import type { ViewProps } from '../../presets/view_kinds';
import type { TimelineModel } from './timeline_model';
import type { RowChoice } from './timeline_rows';
import { ROW_CHOICES, rowLabel } from './timeline_rows';
import type { Window } from './timeline_window';
import { ZOOM_STEP } from './timeline_window';
import { timelineTime } from './timeline_words';

/** Zoom in, out or to the whole run; the rows' height; the span of time in sight. */
export function TimelineTools({
  model,
  shown,
  zoomed,
  rowChoice,
  setRowChoice,
  zoomBy,
  onWindow,
}: {
  model: TimelineModel;
  shown: Window;
  zoomed: boolean;
  rowChoice: RowChoice;
  setRowChoice: (choice: RowChoice) => void;
  zoomBy: (factor: number) => void;
  onWindow: ViewProps['onWindow'];
}) {
  const t = useT('views');
  return (
    <div className="trace-timeline-tools" role="group" aria-label={t('controls.zoom')}>
      <button type="button" onClick={() => zoomBy(ZOOM_STEP)}>
        {t('controls.zoomIn')}
      </button>
      <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)}>
        {t('controls.zoomOut')}
      </button>
      <button type="button" onClick={() => onWindow?.(undefined)} disabled={!zoomed}>
        {t('timeline.whole')}
      </button>
      <label>
        {t('timeline.rowsLabel')}{' '}
        <select
          value={rowChoice}
          onChange={(event) => setRowChoice(event.target.value as RowChoice)}
        >
          {ROW_CHOICES.map((c) => (
            <option key={c} value={c}>
              {rowLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <span>
        {t('timeline.inSight', {
          from: timelineTime(shown[0], model),
          to: timelineTime(shown[1], model),
          rows: model.lanes.length,
        })}
      </span>
    </div>
  );
}
