// The timeline's tools: zoom buttons, the rows' height, and the span in sight.
import type { ViewProps } from '../../presets/view_kinds';
import type { TimelineModel } from './timeline_model';
import type { RowChoice } from './timeline_rows';
import { ROW_CHOICES, ROW_LABELS } from './timeline_rows';
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
  return (
    <div className="trace-timeline-tools" role="group" aria-label="Zoom">
      <button type="button" onClick={() => zoomBy(ZOOM_STEP)}>
        Zoom in
      </button>
      <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)}>
        Zoom out
      </button>
      <button type="button" onClick={() => onWindow?.(undefined)} disabled={!zoomed}>
        Whole window
      </button>
      <label>
        Rows:{' '}
        <select
          value={rowChoice}
          onChange={(event) => setRowChoice(event.target.value as RowChoice)}
        >
          {ROW_CHOICES.map((c) => (
            <option key={c} value={c}>
              {ROW_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <span>
        {timelineTime(shown[0], model)} to {timelineTime(shown[1], model)}; {model.lanes.length}{' '}
        rows
      </span>
    </div>
  );
}
