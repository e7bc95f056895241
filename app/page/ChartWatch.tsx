// "Watch it run" under a chart: the point of its sweep to trace, and the button that opens its
// trace view there.
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
  return (
    <div className="chart-watch" role="group" aria-label={`${spec.title}: watch it run`}>
      <span>Watch it run:</span>
      {points.length > 0 ? (
        <select
          aria-label="Point to watch"
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
        Open the {viewTitle.toLowerCase()}
      </button>
    </div>
  );
}
